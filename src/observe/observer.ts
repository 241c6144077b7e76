// Health and metrics as the composition root uses them: the metrics, the pipeline's
// events counted, the log tap, and the server with its readiness probes (the store, the chat
// front ends once they are started).
import type { ConversationEvents } from '../app/conversation/ports.js';
import type { ChannelRef } from '../app/ports.js';
import { conversationMetrics } from './conversation-metrics.js';
import { countingLog } from './log-errors.js';
import { type BotMetrics, createBotMetrics, type ErrorKind, type ProcessProbe } from './metrics.js';
import { checkReadiness, frontEndsProbe, type ReadyReporter, storeProbe } from './readiness.js';
import { startObserveServer } from './server.js';

export interface ObserverOptions {
  port: number;
  host: string;
  store: { getSettings(c: ChannelRef): Promise<unknown> };
  /** How long a readiness probe may take. */
  probeTimeoutMs?: number;
  probe?: ProcessProbe;
}

export interface Observer {
  readonly metrics: BotMetrics;
  readonly port: number;
  readonly host: string;
  /** The pipeline's events, counted. */
  readonly events: ConversationEvents;
  countError(kind: ErrorKind): void;
  /** A log writer that also counts the front ends' warnings and errors. */
  tapLog(write: (text: string) => void): (text: string) => void;
  /** The running front ends: readiness waits for this. */
  setFrontEnds(frontEnds: readonly ReadyReporter[]): void;
  stop(): Promise<void>;
}

export async function startObserver(opts: ObserverOptions): Promise<Observer> {
  const metrics = createBotMetrics(opts.probe);
  let frontEnds: readonly ReadyReporter[] | 'starting' = 'starting';
  const probes = { store: storeProbe(opts.store), chat: frontEndsProbe(() => frontEnds) };
  const server = await startObserveServer({
    port: opts.port,
    host: opts.host,
    metrics: () => metrics.registry.render(),
    readiness: () => checkReadiness(probes, opts.probeTimeoutMs ?? 2_000),
  });
  const countError = (kind: ErrorKind) => metrics.errors.inc({ kind });
  return {
    metrics,
    port: server.port,
    host: server.host,
    events: conversationMetrics(metrics),
    countError,
    tapLog: (write) => countingLog(write, countError),
    setFrontEnds(list) {
      frontEnds = list;
    },
    stop: () => server.stop(),
  };
}
