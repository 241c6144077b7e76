// crashbot's metrics on prom-client: what the bot did (diagnoses by cause and mode,
// replies by platform, messages left unanswered and why, errors by kind, commands), how
// long handling an event took, and prom-client's default process and Node.js metrics
// (memory, CPU, event-loop lag, handles, GC). Every label takes values from a small
// fixed set (cause ids come from the knowledge base), so the series stay few. The
// gauges kept from earlier releases (nodejs_heap_used_bytes, nodejs_heap_total_bytes,
// crashbot_uptime_seconds) keep their names for existing dashboards.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds; handling is usually milliseconds, a long log or a slow store takes longer. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10];

/** Errors counted: the store failing, a reply not delivered, a front end's own failure, a handler throwing, a weekly summary failing. */
export type ErrorKind = 'store' | 'delivery' | 'frontend' | 'handler' | 'summary';

export interface BotMetrics {
  readonly registry: Registry;
  readonly diagnoses: Counter<'cause' | 'mode'>;
  readonly replies: Counter<'platform' | 'kind'>;
  readonly ignored: Counter<'reason'>;
  readonly errors: Counter<'kind'>;
  readonly commands: Counter<'platform'>;
  readonly handling: Histogram<'kind'>;
}

export interface MetricsOptions {
  /** prom-client's default process and Node.js metrics (on unless a test turns them off). */
  defaults?: boolean;
}

export function createBotMetrics(o: MetricsOptions = {}): BotMetrics {
  const registry = new Registry();
  const registers = [registry];
  if (o.defaults !== false) collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'nodejs_heap_used_bytes',
    help: 'V8 heap in use, in bytes.',
    registers,
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  new Gauge({
    name: 'nodejs_heap_total_bytes',
    help: 'V8 heap reserved, in bytes.',
    registers,
    collect() {
      this.set(process.memoryUsage().heapTotal);
    },
  });
  new Gauge({
    name: 'crashbot_uptime_seconds',
    help: 'Seconds since the process started.',
    registers,
    collect() {
      this.set(process.uptime());
    },
  });
  return {
    registry,
    diagnoses: new Counter({
      name: 'crashbot_diagnoses_total',
      help: 'Messages diagnosed, by top cause id ("none" when no cause was found) and mode.',
      labelNames: ['cause', 'mode'],
      registers,
    }),
    replies: new Counter({
      name: 'crashbot_replies_total',
      help: 'Replies handed to a chat front end to send, by platform and reply kind (diagnosis, exit-code, notice, ...).',
      labelNames: ['platform', 'kind'],
      registers,
    }),
    ignored: new Counter({
      name: 'crashbot_ignored_total',
      help: 'Messages left unanswered, by reason (not-a-crash, empty, listening-off, rate-limited, cooldown).',
      labelNames: ['reason'],
      registers,
    }),
    errors: new Counter({
      name: 'crashbot_errors_total',
      help: 'Errors by kind: store, delivery (a reply not sent), frontend (a front end failure), handler, summary.',
      labelNames: ['kind'],
      registers,
    }),
    commands: new Counter({
      name: 'crashbot_commands_total',
      help: 'Slash commands answered, by platform.',
      labelNames: ['platform'],
      registers,
    }),
    handling: new Histogram({
      name: 'crashbot_message_handling_seconds',
      help: 'Time from an event reaching the conversation pipeline to its answer being sent (or the decision to stay quiet).',
      buckets: LATENCY_BUCKETS,
      labelNames: ['kind'],
      registers,
    }),
  };
}
