// Redacting one text: the spans every detector finds, those found across its line
// breaks, merged, replaced by markers.
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
  const spans = spansOf(text);
  return { text: spans.length ? applySpans(text, spans, false) : text, count: spans.length };
}

/** `text` with every secret replaced by `[REDACTED:<kind>]`. */
export function redactText(text: string): string {
  return redactSecrets(text).text;
}
