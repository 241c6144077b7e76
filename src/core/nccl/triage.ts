// NCCL hang triage: from the watchdog timeouts of several ranks, which ranks stopped
// first and at which collective. A rank that never reaches a collective does not time
// out in it, so the ranks behind the others, or silent among them, are the suspects.
import type { Quoter } from '../classify/quote.js';
import type { NcclHang, NcclRank } from '../types.js';
import type { RankReport } from './collect.js';
import { FLIGHT_RECORDER_NOTE, FLIGHT_RECORDER_SNIPPET, FLIGHT_RECORDER_SOURCE } from './flight-recorder.js';

const MAX_LISTED = 16;

interface Position {
  report: RankReport;
  /** The collective it timed out in (or the watchdog stopped at). */
  seq: number;
  opType?: string;
  lastCompleted: number;
}

export function triageNcclHang(reports: readonly RankReport[], quoter: Quoter): NcclHang | null {
  if (reports.length === 0) return null;
  const group = largestGroup(reports);
  const positions = group.map(position);
  const ranks = positions.map((p) => rankOf(p, quoter));
  const minDone = Math.min(...positions.map((p) => p.lastCompleted));
  const maxDone = Math.max(...positions.map((p) => p.lastCompleted));
  const at = (seq: number) => positions.filter((p) => p.seq === seq);

  const base = {
    ranks: ranks.slice(0, MAX_LISTED),
    reportingRanks: positions.length,
    ...(group[0]?.pg !== undefined && { processGroup: group[0].pg }),
    confirm: FLIGHT_RECORDER_SNIPPET,
    confirmNote: FLIGHT_RECORDER_NOTE,
    source: FLIGHT_RECORDER_SOURCE,
  };

  // Different collectives at the same SeqNum: the ranks took different code paths.
  for (const seq of [...new Set(positions.map((p) => p.seq))].sort((a, b) => a - b)) {
    const ops = new Map<string, number[]>();
    for (const p of at(seq)) if (p.opType) ops.set(p.opType, [...(ops.get(p.opType) ?? []), p.report.rank]);
    if (ops.size < 2) continue;
    const sizes = [...ops.values()].map((rs) => rs.length).sort((a, b) => a - b);
    // The ranks on the rarer operation left the common path; on a tie nobody can be named.
    const minority = sizes[0]! < sizes[1]! ? [...ops.values()].find((rs) => rs.length === sizes[0])! : [];
    const parts = [...ops].map(([op, rs]) => `${op} on ${rankList(rs)}`).join(', ');
    return {
      ...base,
      verdict: 'mismatch',
      stoppedFirst: minority,
      collective: { seq },
      summary: `At collective #${seq} the ranks called different operations (${parts}): some ranks took a code path that runs another collective, or skipped one, so the sequences no longer line up. Look for a collective inside a rank-dependent branch (if rank == 0, a data-dependent early exit, a rank that saved or evaluated alone).`,
    };
  }

  if (minDone < maxDone) {
    const behind = positions.filter((p) => p.lastCompleted === minDone);
    const ahead = positions.filter((p) => p.lastCompleted === maxDone);
    const first = behind[0]!;
    const op = first.opType ? `${first.opType} ` : '';
    return {
      ...base,
      verdict: 'behind',
      stoppedFirst: behind.map((p) => p.report.rank),
      collective: { seq: first.seq, ...(first.opType && { opType: first.opType }) },
      summary: `${cap(rankList(behind.map((p) => p.report.rank)))} stopped first: ${plural(behind.length, 'its', 'their')} last completed collective is #${minDone} and ${plural(behind.length, 'it', 'they')} timed out in ${op}#${first.seq}, while ${rankList(ahead.map((p) => p.report.rank))} had completed #${maxDone}. The others were waiting for ${plural(behind.length, 'it', 'them')}: read ${plural(behind.length, 'that rank', 'those ranks')}' log just before the timeout (an exception, a data-loading stall, a slower GPU or node). Sequence numbers compare only within one process group.`,
    };
  }

  const seq = Math.min(...positions.map((p) => p.seq));
  const opType = at(seq).find((p) => p.opType)?.opType;
  const collective = { seq, ...(opType && { opType }) };
  const name = `${opType ? `${opType} ` : ''}#${seq}`;
  const reporting = positions.map((p) => p.report.rank);

  if (seq <= 1)
    return {
      ...base,
      verdict: 'first-collective',
      stoppedFirst: [],
      collective,
      summary: `Every rank that reported timed out in its first collective (${name}): the ranks never exchanged data. That points at the connection between them (network interface, InfiniBand, peer-to-peer between GPUs, a firewall), not at a slow rank: rerun with NCCL_DEBUG=INFO and read which transport each rank chose and where it stopped.`,
    };

  const silent = gaps(reporting);
  if (silent.length)
    return {
      ...base,
      verdict: 'silent',
      stoppedFirst: silent,
      collective,
      summary: `${cap(rankList(reporting))} timed out in ${name}, but ${rankList(silent)} logged no watchdog timeout in this paste. A rank that never entered the collective does not time out in it, so ${rankList(silent)} most likely stopped before ${name}: read ${plural(silent.length, 'its', 'their')} log first (or add ${plural(silent.length, 'it', 'them')} to the paste).`,
    };

  if (reporting.length === 1)
    return {
      ...base,
      verdict: 'all-equal',
      stoppedFirst: [],
      collective,
      summary: `Only ${rankList(reporting)} reported a timeout: it waits in ${name} (last completed #${seq - 1}). A rank that never entered that collective logs no timeout, so the ranks that stopped first are among the others: paste their logs, or let the Flight Recorder dumps name them.`,
    };
  return {
    ...base,
    verdict: 'all-equal',
    stoppedFirst: [],
    collective,
    summary: `All ${reporting.length} ranks that reported wait in the same collective, ${name} (last completed #${seq - 1}): none is visibly behind in this paste. Either a rank missing from the paste stopped first, or the collective itself hung (network, NVLink or InfiniBand): the Flight Recorder dumps show which rank did not join.`,
  };
}

/** The ranks of the process group most ranks report in (a report without a PG joins any). */
function largestGroup(reports: readonly RankReport[]): RankReport[] {
  const counts = new Map<string, number>();
  for (const r of reports) if (r.pg !== undefined) counts.set(r.pg, (counts.get(r.pg) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  return reports.filter((r) => r.pg === undefined || r.pg === top);
}

function position(r: RankReport): Position {
  const t = r.timeouts[0];
  const seq = t?.seq ?? r.progress!.seq;
  return {
    report: r,
    seq,
    ...(t && { opType: t.opType }),
    lastCompleted: r.progress?.lastCompleted ?? seq - 1,
  };
}

function rankOf(p: Position, quoter: Quoter): NcclRank {
  const t = p.report.timeouts[0];
  const pr = p.report.progress;
  const line = t ?? pr!;
  return {
    rank: p.report.rank,
    seq: p.seq,
    ...(p.opType && { opType: p.opType }),
    ...(pr && { lastEnqueued: pr.lastEnqueued, lastCompleted: pr.lastCompleted }),
    ...(t?.ranForMs !== undefined && { ranForMs: t.ranForMs }),
    evidence: quoter.evidence(line.line, line.raw),
  };
}

/** Ranks missing between the lowest and the highest reporting rank (0 counts as the lowest). */
function gaps(ranks: readonly number[]): number[] {
  if (ranks.length < 2) return [];
  const have = new Set(ranks);
  const out: number[] = [];
  for (let r = 0; r <= Math.max(...ranks) && out.length < MAX_LISTED; r++) if (!have.has(r)) out.push(r);
  return out;
}

function rankList(ranks: readonly number[]): string {
  const sorted = [...ranks].sort((a, b) => a - b);
  const shown = sorted.slice(0, 8).join(', ');
  const more = sorted.length > 8 ? ` and ${sorted.length - 8} more` : '';
  return sorted.length === 1 ? `rank ${shown}` : `ranks ${shown}${more}`;
}

function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
