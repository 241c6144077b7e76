// Collects the watchdog lines of a log per (process group, rank), bounded.
import { readWatchdogLine, type WatchdogLine } from './find.js';

const MAX_RANKS = 8192;
const MAX_TIMEOUTS_PER_RANK = 4;

/** What one rank of one process group reported. */
export interface RankReport {
  rank: number;
  pg?: string;
  /** Its timed-out collectives, lowest SeqNum first (a rank may report several). */
  timeouts: {
    seq: number;
    opType: string;
    timeoutMs?: number;
    ranForMs?: number;
    line: number;
    raw: string;
  }[];
  progress?: { seq: number; lastEnqueued: number; lastCompleted: number; line: number; raw: string };
}

export interface NcclCollector {
  line(text: string, lineNo: number, raw: string): void;
  result(): RankReport[];
}

export function createNcclCollector(): NcclCollector {
  const reports = new Map<string, RankReport>();
  const at = (w: WatchdogLine): RankReport | undefined => {
    // A progress line names the PG, a timeout line often does not: one PG-less report per rank
    // takes the PG of the first line that names one.
    const key = `${w.rank}`;
    let r = reports.get(key);
    if (!r) {
      if (reports.size >= MAX_RANKS) return undefined;
      r = { rank: w.rank, timeouts: [] };
      reports.set(key, r);
    }
    if (r.pg === undefined && w.pg !== undefined) r.pg = w.pg;
    return r;
  };
  return {
    line(text, lineNo, raw) {
      const w = readWatchdogLine(text);
      if (!w) return;
      const r = at(w);
      if (!r) return;
      if (w.kind === 'timeout') {
        if (r.timeouts.some((t) => t.seq === w.seq)) return;
        r.timeouts.push({
          seq: w.seq,
          opType: w.opType,
          ...(w.timeoutMs !== undefined && { timeoutMs: w.timeoutMs }),
          ...(w.ranForMs !== undefined && { ranForMs: w.ranForMs }),
          line: lineNo,
          raw,
        });
        r.timeouts.sort((a, b) => a.seq - b.seq);
        if (r.timeouts.length > MAX_TIMEOUTS_PER_RANK) r.timeouts.pop();
      } else if (!r.progress || w.lastCompleted < r.progress.lastCompleted) {
        r.progress = {
          seq: w.seq,
          lastEnqueued: w.lastEnqueued,
          lastCompleted: w.lastCompleted,
          line: lineNo,
          raw,
        };
      }
    },
    result: () => [...reports.values()].sort((a, b) => a.rank - b.rank),
  };
}
