// The Slack front end's timeouts and retries, with production defaults. Tests pass
// shorter ones; nothing here is read from the environment.
import type { webApi } from '@slack/bolt';

export interface SlackTuning {
  /** The WebClient's own retries, the only ones: 429s (after Retry-After), 5xx and network errors. */
  retryConfig: webApi.RetryOptions;
  /** Bound on one Web API request (and one response_url answer). */
  requestTimeoutMs: number;
  /** Socket Mode: pong timeout, bound on one connection attempt, waits between reconnects. */
  pingTimeoutMs: number;
  connectTimeoutMs: number;
  reconnectDelaysMs: readonly number[];
  /** How long stop() waits for the work in flight. */
  drainMs: number;
  /**
   * HTTP mode answers Slack once the pipeline's handler has returned (it returns when the
   * event is kept in the store), or after this long: events within Slack's 3 s, and
   * interactions (a person waits for them, and can ask again) sooner.
   */
  ackWaitMs: { events: number; interactions: number };
}

export const DEFAULT_TUNING: SlackTuning = {
  retryConfig: { retries: 4, factor: 2, minTimeout: 500, maxTimeout: 10_000, randomize: true },
  requestTimeoutMs: 15_000,
  pingTimeoutMs: 10_000,
  connectTimeoutMs: 30_000,
  reconnectDelaysMs: [1_000, 2_000, 5_000, 10_000, 30_000],
  drainMs: 10_000,
  ackWaitMs: { events: 2_500, interactions: 300 },
};
