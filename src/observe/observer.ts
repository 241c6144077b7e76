// Health and metrics as the composition root uses them: the metrics, the pipeline's and
// the front ends' events counted where they happen, and the server with its readiness
// probes (the store, the chat front ends once they are started).
import type { ConversationEvents } from '../app/conversation/ports.js';
import type { ChannelRef } from '../app/ports.js';
import { conversationMetrics } from './conversation-metrics.js';
import { type BotMetrics, createBotMetrics, type ErrorKind, type MetricsOptions } from './metrics.js';
import { checkReadiness, frontEndsProbe, type ReadyReporter, storeProbe } from './readiness.js';
import { startObserveServer } from './server.js';

export interface ObserverOptions extends MetricsOptions {
  port: number;
  host: string;
  store: { getSettings(c: ChannelRef): Promise<unknown> };
  /** How long a readiness probe may take. */
  probeTimeoutMs?: number;
}

export interface Observer {
  readonly metrics: BotMetrics;
  readonly port: number;
  readonly host: string;
  /** The pipeline's and the front ends' events, counted. */
  readonly events: ConversationEvents;
  countError(kind: ErrorKind): void;
  /** The running front ends: readiness waits for this. */
  setFrontEnds(frontEnds: readonly ReadyReporter[]): void;
  stop(): Promise<void>;
}

export async function startObserver(opts: ObserverOptions): Promise<Observer> {
  const metrics = createBotMetrics(opts);
  let frontEnds: readonly ReadyReporter[] | 'starting' = 'starting';
  const probes = { store: storeProbe(opts.store), chat: frontEndsProbe(() => frontEnds) };
  const server = await startObserveServer({
    port: opts.port,
    host: opts.host,
    metrics: async () => ({
      contentType: metrics.registry.contentType,
      text: await metrics.registry.metrics(),
    }),
    readiness: () => checkReadiness(probes, opts.probeTimeoutMs ?? 2_000),
  });
  return {
    metrics,
    port: server.port,
    host: server.host,
    events: conversationMetrics(metrics),
    countError: (kind) => metrics.errors.inc({ kind }),
    setFrontEnds(list) {
      frontEnds = list;
    },
    stop: () => server.stop(),
  };
}
