// Abuse limits as a sliding window over two fixed windows: the count of the current
// window plus the previous window's count weighted by how much of it still overlaps
// the sliding window (the estimate Cloudflare and nginx use). Counters per fixed
// window are what a shared store can increment atomically; this file holds only the
// arithmetic. Pure: the caller passes the time.

export interface Limit {
  /** Requests allowed per window; 0 means no limit. */
  max: number;
  windowMs: number;
}

/** What a request gets: taken, or refused with the one polite notice, or refused quietly. */
export type RateVerdict = 'ok' | 'notice' | 'refused';

export interface RateTake {
  verdict: RateVerdict;
  /** When refused: how long until a request may get through again (0 when ok). */
  retryAfterMs: number;
}

export interface RateWindow {
  /** Start of the fixed window `nowMs` falls in. */
  start: number;
  /** Start of the window before it. */
  previous: number;
  /** Share of the previous window still inside the sliding window, in (0, 1]. */
  previousWeight: number;
}

export function rateWindow(limit: Limit, nowMs: number): RateWindow {
  const w = Math.max(1, limit.windowMs);
  const start = Math.floor(nowMs / w) * w;
  return { start, previous: start - w, previousWeight: 1 - (nowMs - start) / w };
}

/**
 * How high the current window's count may be before this request for it to get
 * through: a request is allowed while `current < allowance` (that is, while
 * previous * weight + current < max).
 */
export function allowance(limit: Limit, win: RateWindow, previousCount: number): number {
  return Math.ceil(limit.max - previousCount * win.previousWeight);
}

/** Milliseconds until a refused key may make a request again, from the two windows' counts. */
export function retryAfterMs(
  limit: Limit,
  nowMs: number,
  win: RateWindow,
  previousCount: number,
  currentCount: number,
): number {
  const w = Math.max(1, limit.windowMs);
  const end = win.start + w;
  // Full window: nothing frees before it ends (and then the previous weight drops at once).
  if (currentCount >= limit.max || previousCount <= 0) return Math.max(0, end - nowMs);
  // The previous window's share must fall below max - current (strictly: 1 ms after it equals it).
  const freeAt = Math.floor(win.start + w * (1 - (limit.max - currentCount) / previousCount)) + 1;
  return Math.max(0, Math.min(end, freeAt) - nowMs);
}
