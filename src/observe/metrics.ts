// crashbot's metrics: what the bot did (diagnoses by cause and mode, replies by
// platform, messages ignored and why, errors by kind), how long handling a message
// took, and the process's memory and uptime. Every label takes values from a small
// fixed set (cause ids come from the knowledge base), so the series stay few.
import { Counter, Gauge, Histogram, Registry } from './registry.js';

/** Seconds; handling is usually milliseconds, a long log or a slow store takes longer. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10];

/** Errors counted: the store failing, a reply not delivered, other front end warnings, a handler throwing, a weekly summary failing. */
export type ErrorKind = 'store' | 'delivery' | 'frontend' | 'handler' | 'summary';

export interface BotMetrics {
  readonly registry: Registry;
  readonly diagnoses: Counter;
  readonly replies: Counter;
  readonly ignored: Counter;
  readonly errors: Counter;
  readonly commands: Counter;
  readonly handling: Histogram;
}

export interface ProcessProbe {
  /** Resident set size in bytes. */
  rssBytes(): number;
  heapUsedBytes(): number;
  /** The V8 heap as reserved from the OS. */
  heapTotalBytes(): number;
  /** Memory outside the V8 heap that JS objects hold (Buffers, ArrayBuffers). */
  externalBytes(): number;
  /** Seconds since the process started. */
  uptimeSeconds(): number;
  /** Unix time in seconds when the process started. */
  startTimeSeconds(): number;
}

export const nodeProcessProbe = (): ProcessProbe => {
  const started = Date.now() / 1000 - process.uptime();
  return {
    rssBytes: () => process.memoryUsage.rss(),
    heapUsedBytes: () => process.memoryUsage().heapUsed,
    heapTotalBytes: () => process.memoryUsage().heapTotal,
    externalBytes: () => process.memoryUsage().external,
    uptimeSeconds: () => process.uptime(),
    startTimeSeconds: () => started,
  };
};

export function createBotMetrics(probe: ProcessProbe = nodeProcessProbe()): BotMetrics {
  const registry = new Registry();
  const metrics: BotMetrics = {
    registry,
    diagnoses: registry.add(
      new Counter(
        'crashbot_diagnoses_total',
        'Messages diagnosed, by top cause id ("none" when no cause was found) and mode.',
        ['cause', 'mode'],
      ),
    ),
    replies: registry.add(
      new Counter(
        'crashbot_replies_total',
        'Replies handed to a chat front end to send, by platform and reply kind (diagnosis, exit-code, notice, ...).',
        ['platform', 'kind'],
      ),
    ),
    ignored: registry.add(
      new Counter(
        'crashbot_ignored_total',
        'Messages left unanswered, by reason (not-a-crash, empty, listening-off, rate-limited, cooldown).',
        ['reason'],
      ),
    ),
    errors: registry.add(
      new Counter(
        'crashbot_errors_total',
        'Errors by kind: store, delivery (a reply not sent), frontend (other front end warnings), handler, summary.',
        ['kind'],
      ),
    ),
    commands: registry.add(
      new Counter('crashbot_commands_total', 'Slash commands answered, by platform.', ['platform']),
    ),
    handling: registry.add(
      new Histogram(
        'crashbot_message_handling_seconds',
        'Time from a message reaching the shared bot to its reply (or decision to stay quiet) being ready.',
        LATENCY_BUCKETS,
        ['kind'],
      ),
    ),
  };
  registry.add(new Gauge('process_resident_memory_bytes', 'Resident memory size in bytes.', probe.rssBytes));
  registry.add(new Gauge('nodejs_heap_used_bytes', 'V8 heap in use, in bytes.', probe.heapUsedBytes));
  registry.add(new Gauge('nodejs_heap_total_bytes', 'V8 heap reserved, in bytes.', probe.heapTotalBytes));
  registry.add(
    new Gauge(
      'nodejs_external_memory_bytes',
      'Memory held by Buffers and ArrayBuffers, in bytes.',
      probe.externalBytes,
    ),
  );
  registry.add(
    new Gauge(
      'process_start_time_seconds',
      'Start time of the process, in Unix seconds.',
      probe.startTimeSeconds,
    ),
  );
  registry.add(
    new Gauge('crashbot_uptime_seconds', 'Seconds since the process started.', probe.uptimeSeconds),
  );
  return metrics;
}
