// Redacting one text: the spans every detector finds, those found across its line
// breaks, merged, replaced by markers. A message is redacted on its way into the inbox,
// again where its text is kept for the thread, and replies repeat the same snippet
// blocks: recent results are remembered by a hash of the text (never the text itself).
import { createHash } from 'node:crypto';
import { detect } from './detect.js';
import { applySpans, mergeSpans, type Span } from './spans.js';

export interface Redaction {
  text: string;
  /** How many secrets were replaced. */
  count: number;
}

export function spansOf(text: string): Span[] {
  return mergeSpans(detect(text), text);
}

/** `text` with every secret replaced by `[REDACTED:<kind>]`, and how many there were. */
export function redactSecrets(text: string): Redaction {
  if (text.length < REMEMBER_FROM || text.length > REMEMBER_UP_TO) return redact(text);
  const key = createHash('sha256').update(text).digest('base64');
  const hit = recent.get(key);
  if (hit) return { ...hit };
  const r = redact(text);
  if (recent.size >= REMEMBERED) recent.delete(recent.keys().next().value!);
  recent.set(key, r);
  return { ...r };
}

function redact(text: string): Redaction {
  const spans = spansOf(text);
  return { text: spans.length ? applySpans(text, spans, false) : text, count: spans.length };
}

/** Shorter texts (a quoted line) seldom come again; longer ones than the upper bound are not kept. */
const REMEMBER_FROM = 256;
const REMEMBER_UP_TO = 64 * 1024;
const REMEMBERED = 256;
const recent = new Map<string, Redaction>();

/** `text` with every secret replaced by `[REDACTED:<kind>]`. */
export function redactText(text: string): string {
  return redactSecrets(text).text;
}
