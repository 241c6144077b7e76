// What a failed Discord request means for the bot: worth retrying (5xx, network, a 429
// the library gave up on), refused for good (missing permissions, an embed Discord
// rejects), or aimed at something gone (a deleted message, an expired interaction).
// `withRetry` retries only what may pass, with growing pauses, then reports.
import { setTimeout as sleep } from 'node:timers/promises';
import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';

export type FailureKind = 'transient' | 'forbidden' | 'gone' | 'invalid' | 'unknown';

export interface Failure {
  kind: FailureKind;
  /** Discord's JSON error code, or the HTTP status for errors without one. */
  code: number | null;
  message: string;
}

const FORBIDDEN = new Set([50001, 50013, 50007, 40001]);
const GONE = new Set([10003, 10008, 10015, 10062, 40060]);
const INVALID = new Set([50035, 50006, 50008]);

export function classify(err: unknown): Failure {
  if (err instanceof DiscordAPIError) {
    const code = typeof err.code === 'number' ? err.code : null;
    const message = `${err.status} ${err.message}`;
    if (err.status >= 500 || err.status === 429) return { kind: 'transient', code, message };
    if (code !== null && FORBIDDEN.has(code)) return { kind: 'forbidden', code, message };
    if (code !== null && GONE.has(code)) return { kind: 'gone', code, message };
    if ((code !== null && INVALID.has(code)) || err.status === 400) return { kind: 'invalid', code, message };
    if (err.status === 403) return { kind: 'forbidden', code, message };
    if (err.status === 404) return { kind: 'gone', code, message };
    return { kind: 'unknown', code, message };
  }
  if (err instanceof HTTPError) return { kind: 'transient', code: err.status, message: err.message };
  if (err instanceof RateLimitError) return { kind: 'transient', code: 429, message: err.message };
  const e = err as Error & { code?: string };
  const network = e?.name === 'AbortError' || e?.name === 'TimeoutError' || typeof e?.code === 'string';
  return { kind: network ? 'transient' : 'unknown', code: null, message: e?.message ?? String(err) };
}

export class DeliveryError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
    this.name = 'DeliveryError';
  }
}

export interface RetryPolicy {
  /** Pauses before each further attempt, in ms; their count is the number of retries. */
  pausesMs: readonly number[];
}

export const DEFAULT_RETRY: RetryPolicy = { pausesMs: [1_000, 5_000] };

/** Runs `fn`; on a transient failure waits and tries again. Throws a DeliveryError at the end. */
export async function withRetry<T>(fn: () => Promise<T>, policy: RetryPolicy): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const failure = err instanceof DeliveryError ? err.failure : classify(err);
      const pause = policy.pausesMs[attempt];
      if (failure.kind !== 'transient' || pause === undefined) throw new DeliveryError(failure);
      await sleep(pause);
    }
  }
}
