// Bolt's Logger interface over the bot's Logger port: Bolt's lines go where every other
// line goes (redacted there, since Bolt's debug output can quote request bodies), at the
// level LOG_LEVEL sets, which Bolt must be told too or it resets itself to INFO.
import { type Logger as BoltLogger, LogLevel } from '@slack/bolt';
import type { Logger } from '../../app/logger.js';

export type Level = 'debug' | 'info' | 'warn' | 'error';

const BOLT_LEVEL: Record<Level, LogLevel> = {
  debug: LogLevel.DEBUG,
  info: LogLevel.INFO,
  warn: LogLevel.WARN,
  error: LogLevel.ERROR,
};
const RANK: Record<Level, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Bolt's level for LOG_LEVEL: Bolt sets its logger to this (INFO when none is passed). */
export function boltLevel(level: Level): LogLevel {
  return BOLT_LEVEL[level];
}

function text(args: readonly unknown[]): string {
  return args
    .map((a) => {
      if (a instanceof Error) return a.message;
      if (typeof a === 'string') return a;
      try {
        return JSON.stringify(a) ?? String(a);
      } catch {
        return String(a);
      }
    })
    .join(' ');
}

export function boltLogger(log: Logger, level: Level): BoltLogger {
  let current = level;
  let named = log.child({ name: 'slack/bolt' });
  const at =
    (l: Level) =>
    (...msg: unknown[]) => {
      if (RANK[l] >= RANK[current]) named[l](text(msg));
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    setLevel: (l: LogLevel) => {
      current = (Object.keys(BOLT_LEVEL) as Level[]).find((k) => BOLT_LEVEL[k] === l) ?? current;
    },
    getLevel: () => BOLT_LEVEL[current],
    setName: (n: string) => {
      named = log.child({ name: `slack/${n}` });
    },
  };
}
