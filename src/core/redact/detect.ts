// Every detector over one view of the text; spans come back in the text's own positions.
import { findAssignments } from './assignments.js';
import { findCommands } from './commands.js';
import { findConnections } from './connections.js';
import { findFlags } from './flags.js';
import { findHeaders } from './headers.js';
import { findKeys } from './keys.js';
import { findPersonal } from './personal.js';
import type { Span } from './spans.js';
import { findTokens } from './tokens.js';
import { Doc } from './values.js';
import { snapToEscapes, toInput, viewOf } from './views.js';
import { wrappedSpans } from './wrap.js';

const DETECTORS = [
  findKeys,
  findTokens,
  findConnections,
  findHeaders,
  findAssignments,
  findFlags,
  findCommands,
  findPersonal,
] as const;

/** Kinds found by shape alone, too loose to trust across a line break that was not there. */
export const LOOSE_KINDS: ReadonlySet<string> = new Set([
  'aws-secret-key',
  'key-material',
  'email',
  'url-token',
]);

/**
 * The spans of every secret in `text`, in `text`'s positions (not merged). With `wraps`,
 * also the secrets its line breaks cut (real ones, and `\n` escapes in quoted text).
 */
export function detect(text: string, wraps = true): Span[] {
  const view = viewOf(text);
  const doc = new Doc(view.text);
  const found: Span[] = [];
  for (const d of DETECTORS) d(doc, found);
  if (wraps && doc.breaks.length > 0)
    found.push(...wrappedSpans(doc, found, LOOSE_KINDS, (w) => detect(w, false)));
  const out: Span[] = [];
  for (const s of found) {
    if (s.end <= s.start) continue;
    const [a, b] = snapToEscapes(view.text, s.start, s.end);
    const [start, end] = toInput(view, a, b);
    out.push(s.cut ? { start, end, kind: s.kind, cut: true } : { start, end, kind: s.kind });
  }
  return out;
}
