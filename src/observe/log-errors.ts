// Warnings the chat front ends report only in their log (a gateway error, a listener
// that failed): a tap on the log writer that counts the adapters' warning and error
// lines, then passes every line on unchanged. Replies not delivered, the store failing
// and handlers throwing are counted by the pipeline where they happen.
import type { ErrorKind } from './metrics.js';

const ADAPTER_WARNING = /^(warn|error): (slack|discord)[/:]/;

/** The kind of error a log line reports, or null for other lines. */
export function errorKindOfLogLine(line: string): ErrorKind | null {
  return ADAPTER_WARNING.test(line) ? 'frontend' : null;
}

/** Wraps a log writer so each adapter warning or error line also counts in `count`. */
export function countingLog(
  write: (text: string) => void,
  count: (kind: ErrorKind) => void,
): (text: string) => void {
  return (text) => {
    for (const line of text.split('\n')) {
      const kind = errorKindOfLogLine(line);
      if (kind) count(kind);
    }
    write(text);
  };
}
