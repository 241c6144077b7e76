// The Logger port on pino: one JSON object per line (level, time, the logger's fields,
// the message) where a machine reads the log, and a short readable line where a person
// does (standard error is a terminal). Child loggers carry their fields on every line:
// the surface, the event being handled. Every message and every field is redacted
// before it is written, whoever wrote it (a warning or an SDK's debug output can quote
// a paste or a request): as the text it is, before JSON escapes its line breaks and
// quotes, so what redaction reads across lines or inside quotes is still found.
//
// The readable form is written here (a few lines) rather than with pino-pretty, which
// would add some fifteen packages and a worker thread to every install for a terminal
// view; the JSON is pino's own.
import { pino } from 'pino';
import type { LogData, Logger } from '../app/logger.js';
import { redactSecrets } from '../core/redact/index.js';

export type Level = 'debug' | 'info' | 'warn' | 'error';
export type LogFormat = 'json' | 'pretty';

export interface LoggerOptions {
  level: Level;
  /** Where each finished line goes (standard error). */
  write: (line: string) => void;
  format?: LogFormat;
  /** Fields on every line. */
  base?: LogData;
}

export function createLogger(o: LoggerOptions): Logger {
  const pretty = o.format === 'pretty';
  const destination = {
    write(line: string) {
      o.write(pretty ? readable(line) : line);
    },
  };
  const root = pino(
    {
      level: o.level,
      base: { ...o.base },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return wrap(root);
}

function wrap(p: pino.Logger): Logger {
  const at =
    (level: Level) =>
    (message: string, data?: LogData): void => {
      if (!p.isLevelEnabled(level)) return;
      const text = redactSecrets(message).text;
      if (data) p[level](clean(data) as LogData, text);
      else p[level](text);
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (bindings) => wrap(p.child(clean(bindings) as LogData)),
  };
}

/** Every string in a value redacted (errors as their message); depth and size bounded. */
function clean(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value).text;
  if (value instanceof Error) return redactSecrets(value.message).text;
  if (value === null || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => clean(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clean(v, depth + 1)]));
}

/** A JSON line as `12:00:01 warn  slack: message {"field":...}`; a line that is not JSON as it is. */
export function readable(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const { level, time, name, msg, ...rest } = entry;
  const clock = typeof time === 'string' ? time.slice(11, 19) : '';
  const fields = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
  return `${clock} ${String(level).padEnd(5)} ${String(name ?? 'crashbot')}: ${String(msg ?? '')}${fields}\n`;
}
