// The lines PyTorch's NCCL watchdog prints when a collective times out, read into
// values: which rank, which process group, which collective (SeqNum, OpType), and how far
// each rank had enqueued and completed work.
//   [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1580, OpType=ALLREDUCE,
//     NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600060 milliseconds before timing out.
//   [PG 1 Rank 0] Exception (either an error or timeout) detected by watchdog at work: 1580,
//     last enqueued NCCL work: 1582, last completed NCCL work: 1579.
//   [PG 0 Rank 0] Timeout at NCCL work: 15, last enqueued NCCL work: 15, last completed NCCL work: 14.
//   [PG ID 0 PG GUID 0(default_pg) Rank 118]  failure detected by watchdog at work sequence id:
//     2398459 PG status: last enqueued work: 2398578, last completed work: 2398458
// The rank in a "[PG ...]" tag is the rank within that process group.

export interface WatchdogTimeout {
  kind: 'timeout';
  rank: number;
  pg?: string;
  seq: number;
  opType: string;
  timeoutMs?: number;
  ranForMs?: number;
}

export interface WatchdogProgress {
  kind: 'progress';
  rank: number;
  pg?: string;
  /** The work the watchdog stopped at. */
  seq: number;
  lastEnqueued: number;
  lastCompleted: number;
}

export type WatchdogLine = WatchdogTimeout | WatchdogProgress;

const TIMEOUT =
  /\bRank (\d+)\] (?:Watchdog caught collective operation timeout: |Work )WorkNCCL\(SeqNum=(\d+), OpType=([A-Z_]+)/;
const TIMEOUT_MS = /\bTimeout\(ms\)=(\d+)\) ran for (\d+) milliseconds/;
// A progress line is read in pieces: one regular expression with all its words is slow to
// prove free of backtracking.
const RANK_TAG = /\bRank (\d+)\] /;
const PROGRESS_AT =
  /\b(?:detected by watchdog at work|Timeout at NCCL work|detected by watchdog at work sequence id): (\d+)/;
const PROGRESS_COUNTS = /\blast enqueued (?:NCCL )?work: (-?\d+), last completed (?:NCCL )?work: (-?\d+)/;
const PG = /\[PG (?:ID )?(\d+)\b[^[\]\n]*\bRank \d+\]/;

/** Lower-case ASCII literals, one of which every watchdog line holds. */
export const NCCL_NEEDLES: readonly string[] = [
  'watchdog caught collective operation timeout',
  'detected by watchdog at work',
  'timeout at nccl work',
  'failure detected by watchdog',
  'timed out in blocking wait',
];

/** The regular expressions above, for the backtracking-safety test. */
export const NCCL_REGEXES: readonly RegExp[] = [
  TIMEOUT,
  TIMEOUT_MS,
  RANK_TAG,
  PROGRESS_AT,
  PROGRESS_COUNTS,
  PG,
];

/** The watchdog report a line holds, or null. */
export function readWatchdogLine(line: string): WatchdogLine | null {
  const pg = PG.exec(line)?.[1];
  const t = TIMEOUT.exec(line);
  if (t) {
    const ms = TIMEOUT_MS.exec(line);
    return {
      kind: 'timeout',
      rank: Number(t[1]),
      ...(pg !== undefined && { pg }),
      seq: Number(t[2]),
      opType: t[3]!,
      ...(ms && { timeoutMs: Number(ms[1]), ranForMs: Number(ms[2]) }),
    };
  }
  const counts = PROGRESS_COUNTS.exec(line);
  const work = counts && PROGRESS_AT.exec(line);
  const rank = work && RANK_TAG.exec(line);
  if (!counts || !work || !rank || rank.index > work.index) return null;
  return {
    kind: 'progress',
    rank: Number(rank[1]),
    ...(pg !== undefined && { pg }),
    seq: Number(work[1]),
    lastEnqueued: Number(counts[1]),
    lastCompleted: Number(counts[2]),
  };
}
