// crashbot's log as the tests read it: one JSON object per line (src/observe/logger.ts).
export interface LogEntry {
  level: string;
  msg: string;
  [field: string]: unknown;
}

/** Every line written so far, parsed; a line that is not JSON fails the test that reads it. */
export function entries(written: readonly string[]): LogEntry[] {
  return written
    .join('')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as LogEntry);
}

/** The entries with this message. */
export function logged(written: readonly string[], msg: string | RegExp): LogEntry[] {
  return entries(written).filter((e) => (typeof msg === 'string' ? e.msg === msg : msg.test(e.msg)));
}
