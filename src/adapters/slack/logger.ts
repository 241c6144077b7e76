// Bolt's Logger interface over the composition root's `log(text)`: levels filtered by
// LOG_LEVEL, every line redacted, since Bolt's debug output can quote request bodies.
import { type Logger, LogLevel } from '@slack/bolt';
import { redactSecrets } from '../../core/redact/index.js';

export type Level = 'debug' | 'info' | 'warn' | 'error';

const RANK: Record<Level, number> = { debug: 0, info: 1, warn: 2, error: 3 };
const BOLT_LEVEL: Record<Level, LogLevel> = {
  debug: LogLevel.DEBUG,
  info: LogLevel.INFO,
  warn: LogLevel.WARN,
  error: LogLevel.ERROR,
};

/** Bolt's level for LOG_LEVEL: Bolt sets its logger to this (INFO when none is passed). */
export function boltLevel(level: Level): LogLevel {
  return BOLT_LEVEL[level];
}

export interface SlackLog {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

function format(args: readonly unknown[]): string {
  return args
    .map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : safeJson(a)))
    .join(' ');
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A logger for crashbot's own Slack code and one for Bolt, both writing through `write`. */
export function createSlackLoggers(
  write: (text: string) => void,
  level: Level,
): { log: SlackLog; bolt: Logger } {
  let current = level;
  let name = 'slack';
  const emit = (at: Level, text: string) => {
    if (RANK[at] < RANK[current]) return;
    write(`${at}: ${name}: ${redactSecrets(text).text}\n`);
  };
  const withData = (message: string, data?: Record<string, unknown>) =>
    data ? `${message} ${safeJson(data)}` : message;
  const log: SlackLog = {
    debug: (m, d) => emit('debug', withData(m, d)),
    info: (m, d) => emit('info', withData(m, d)),
    warn: (m, d) => emit('warn', withData(m, d)),
    error: (m, d) => emit('error', withData(m, d)),
  };
  const bolt: Logger = {
    debug: (...msg: unknown[]) => emit('debug', format(msg)),
    info: (...msg: unknown[]) => emit('info', format(msg)),
    warn: (...msg: unknown[]) => emit('warn', format(msg)),
    error: (...msg: unknown[]) => emit('error', format(msg)),
    setLevel: (l: LogLevel) => {
      current = (Object.keys(BOLT_LEVEL) as Level[]).find((k) => BOLT_LEVEL[k] === l) ?? current;
    },
    getLevel: () => BOLT_LEVEL[current],
    setName: (n: string) => {
      name = `slack/${n}`;
    },
  };
  return { log, bolt };
}
