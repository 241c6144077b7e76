// Errors the chat front ends report only in their log: a tap on the log writer that
// counts warning and error lines by kind, then passes every line on unchanged.
// Slack writes `warn: slack: ...` / `error: slack: ...`, Discord `discord warning: ...`.
import type { ErrorKind } from './metrics.js';

/** Lines that say a reply (or part of one) did not reach the chat. */
const DELIVERY =
  /could not (post a reply|deliver|answer an interaction)|could not be (sent|posted)|an interaction failed/;
const WARNING = /^(warn|error): |^discord warning: /;

/** The kind of error a front end's log line reports, or null for other lines. */
export function errorKindOfLogLine(line: string): ErrorKind | null {
  if (!WARNING.test(line)) return null;
  return DELIVERY.test(line) ? 'delivery' : 'frontend';
}

/** Wraps a log writer so each warning or error line also counts in `count`. */
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
