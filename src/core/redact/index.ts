// Removes secrets and personal data from text before crashbot stores, quotes, logs or
// summarises it: the one redactor every output goes through.
//
//   redactText(text)                 a whole text (a paste, a log line, an error message)
//   redactLines(lines, from, to)     lines[from, to) as quoted, read with their neighbours
//   redactJson(value)                every string in a value printed as JSON
//
// A secret is found by its shape (a vendor's token prefix, a key block, a random
// 40-character AWS secret) or by its context: the value after a credential-ish name,
// flag, header, assignment or URL userinfo is redacted whatever it looks like. Tokens are
// read with zero-width characters left out, escaped text (`\n`, `\"`) as what it
// stands for, and a secret a line break cut in two (a terminal wrap, a continued
// string) is found on both lines, which is why quoting goes through redactLines with
// the lines around the quoted ones. Every pattern is linear in its input (proved by
// recheck in the tests); each secret becomes `[REDACTED:<kind>]`, which no detector
// matches, so redacting twice changes nothing.

import { applySpans } from './spans.js';
import { spansOf } from './text.js';

export { redactJson } from './deep.js';
export { isSecretName, secretKind } from './names.js';
export { redactionPatterns } from './patterns.js';
export { redactedMarker } from './spans.js';
export { type Redaction, redactSecrets, redactText } from './text.js';

/** Lines of context read on each side of the quoted ones. */
export const REDACT_CONTEXT_LINES = 2;

/**
 * The lines `lines[from, to)` redacted as they are to be quoted, one output line per input
 * line. The `context` lines on each side are read too (not returned): a secret cut by a
 * line break, or named on the line before (`--api-key \` / `VALUE`), is found from them.
 * Call it with the whole text's lines and the range you show, not with the shown lines
 * alone.
 */
export function redactLines(
  lines: readonly string[],
  from = 0,
  to = lines.length,
  context = REDACT_CONTEXT_LINES,
): string[] {
  const a = Math.max(0, Math.min(from, lines.length));
  const b = Math.max(a, Math.min(to, lines.length));
  if (a === b) return [];
  const lo = Math.max(0, a - context);
  const hi = Math.min(lines.length, b + context);
  // A line holding a break of its own (a caller's CRLF) still comes back as one line.
  const window = lines.slice(lo, hi).map((l) => l.replace(/\n/g, ' '));
  const text = window.join('\n');
  const spans = spansOf(text);
  const out = (spans.length ? applySpans(text, spans, true) : text).split('\n');
  return out.slice(a - lo, b - lo);
}
