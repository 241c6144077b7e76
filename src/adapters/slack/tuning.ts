// The Slack front end's timeouts, retries and memory bounds, with production defaults.
// Tests pass shorter ones; nothing here is read from the environment.
import type { webApi } from '@slack/bolt';

export interface SlackTuning {
  /** The WebClient's own retries: 429s (after Retry-After), 5xx and network errors. */
  retryConfig: webApi.RetryOptions;
  /** Bound on one Web API request. */
  requestTimeoutMs: number;
  /** Waits before retrying a Slack error that passes (internal_error, ...); its length is the number of retries. */
  retryDelaysMs: readonly number[];
  /** Bound on downloading one attached file. */
  fileTimeoutMs: number;
  /** Most files read from one message. */
  maxFiles: number;
  /** How long an event id is remembered, and how many at most. */
  dedupeTtlMs: number;
  dedupeMax: number;
  /** How many answered messages are remembered for edits. */
  replyIndexMax: number;
  /** Socket Mode: pong timeout, bound on one connection attempt, waits between reconnects. */
  pingTimeoutMs: number;
  connectTimeoutMs: number;
  reconnectDelaysMs: readonly number[];
}

export const DEFAULT_TUNING: SlackTuning = {
  retryConfig: { retries: 4, factor: 2, minTimeout: 500, maxTimeout: 10_000, randomize: true },
  requestTimeoutMs: 15_000,
  retryDelaysMs: [1_000, 5_000],
  fileTimeoutMs: 10_000,
  maxFiles: 3,
  dedupeTtlMs: 60 * 60_000,
  dedupeMax: 20_000,
  replyIndexMax: 5_000,
  pingTimeoutMs: 10_000,
  connectTimeoutMs: 30_000,
  reconnectDelaysMs: [1_000, 2_000, 5_000, 10_000, 30_000],
};
