// Per-key limits over a sliding window, with a single polite refusal: the first time a
// key goes over its limit the caller may say so once; after that it stays quiet until
// the window lets requests through again. Pure: the caller passes the time.

export type Take = 'ok' | 'refused-first' | 'refused';

export interface Limit {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

interface Entry {
  times: number[];
  refused: boolean;
}

export class RateLimiter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly limit: Limit,
    /** Keys kept at most; the least recently used go first (bounded memory under a flood of keys). */
    private readonly maxKeys = 10_000,
  ) {}

  take(key: string, nowMs: number): Take {
    if (this.limit.max <= 0) return 'ok';
    const entry = this.entries.get(key) ?? { times: [], refused: false };
    this.entries.delete(key);
    this.entries.set(key, entry);
    const since = nowMs - this.limit.windowMs;
    while (entry.times.length > 0 && entry.times[0]! <= since) entry.times.shift();
    if (entry.times.length < this.limit.max) {
      entry.times.push(nowMs);
      entry.refused = false;
      this.trim();
      return 'ok';
    }
    if (entry.refused) return 'refused';
    entry.refused = true;
    return 'refused-first';
  }

  /** Seconds until `key` may make a request again (0 when it may now). */
  retryAfterSeconds(key: string, nowMs: number): number {
    const oldest = this.entries.get(key)?.times[0];
    if (oldest === undefined || (this.entries.get(key)?.times.length ?? 0) < this.limit.max) return 0;
    return Math.max(0, Math.ceil((oldest + this.limit.windowMs - nowMs) / 1000));
  }

  private trim(): void {
    while (this.entries.size > this.maxKeys) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
