// The Logger port as text lines through a writer (standard error): `level: name:
// message {data}`, filtered by LOG_LEVEL. Every line is redacted, whoever wrote it:
// warnings and SDK debug output can quote a paste or a request.
import type { LogData, Logger } from '../app/logger.js';
import { redactSecrets } from '../core/redact/index.js';

export type Level = 'debug' | 'info' | 'warn' | 'error';

const RANK: Record<Level, number> = { debug: 0, info: 1, warn: 2, error: 3 };

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function textLogger(write: (text: string) => void, level: Level, name = 'crashbot'): Logger {
  const make = (bindings: LogData, label: string): Logger => {
    const line = (at: Level) => (message: string, data?: LogData) => {
      if (RANK[at] < RANK[level]) return;
      const fields = { ...bindings, ...data };
      const tail = Object.keys(fields).length ? ` ${json(fields)}` : '';
      write(`${redactSecrets(`${at}: ${label}: ${message}${tail}`).text}\n`);
    };
    return {
      debug: line('debug'),
      info: line('info'),
      warn: line('warn'),
      error: line('error'),
      child: (more) => {
        const { name: sub, ...rest } = more;
        return make({ ...bindings, ...rest }, typeof sub === 'string' ? sub : label);
      },
    };
  };
  return make({}, name);
}
