// Values of command-line flags named like a secret, whatever the value looks like:
// `--password X`, `--api-key=X`, `--api-auth admin:X`, `-Dx.password=X`, and the same
// flags in a Python argv list (`'--api-key', 'X'`).
import { secretKind } from './names.js';
import { isPlaceholder } from './shape.js';
import type { Span } from './spans.js';
import { type Doc, isQuote, isSpace, readValue, type Value } from './values.js';
import { VIEW_QUOTE } from './views.js';

const FLAG = /(?<![\w-])(-{1,2})([A-Za-z][\w.-]{1,63})(?![\w.-])/g;

/** Prose after a flag's name ("Using --password via the CLI is insecure"), not its value. */
const PROSE = new Set([
  'via',
  'is',
  'the',
  'and',
  'or',
  'to',
  'for',
  'from',
  'with',
  'in',
  'on',
  'of',
  'not',
  'flag',
  'option',
  'argument',
  'instead',
  'was',
  'will',
  'must',
  'should',
  'can',
  'cannot',
  'may',
  'be',
  'are',
  'if',
  'when',
]);

/** Flags whose value carries a secret in a form of its own. */
const AFTER_EQUALS = new Set(['from-literal']);

/** The value of the flag that ends at `at`: `=X`, ` X`, or the next element of an argv list. */
export function flagValue(doc: Doc, at: number): Value | null {
  const { text } = doc;
  const c = text[at];
  if (c === '=') return readValue(doc, at + 1, 'word');
  if (isSpace(c)) {
    const v = readValue(doc, at, 'word');
    if (v && !v.quote && text[v.start] === '-') return null;
    return v;
  }
  if (isQuote(c)) {
    // `'--api-key', 'X'`: the flag's element closes, a comma, the value's element opens.
    let p = c === VIEW_QUOTE && text[at + 1] === VIEW_QUOTE ? at + 2 : at + 1;
    while (isSpace(text[p])) p++;
    if (text[p] !== ',') return null;
    p++;
    while (isSpace(text[p])) p++;
    if (!isQuote(text[p])) return null;
    const v = readValue(doc, p, 'word');
    return v && text[v.start] !== '-' ? v : null;
  }
  return null;
}

export function findFlags(doc: Doc, out: Span[]): void {
  const { text } = doc;
  FLAG.lastIndex = 0;
  for (let m = FLAG.exec(text); m; m = FLAG.exec(text)) {
    const name = m[2] as string;
    const lower = name.toLowerCase();
    if (lower.startsWith('no-') || lower.startsWith('ask')) continue;
    const v = flagValue(doc, m.index + m[0].length);
    if (!v) continue;
    let value = text.slice(v.start, v.end);
    let start = v.start;
    if (!v.quote && text[m.index + m[0].length] !== '=' && PROSE.has(value.toLowerCase())) continue;
    if (AFTER_EQUALS.has(lower)) {
      const eq = value.indexOf('=');
      if (eq < 0) continue;
      start += eq + 1;
      value = value.slice(eq + 1);
      if (!isPlaceholder(value)) out.push({ start, end: v.end, kind: 'secret' });
      continue;
    }
    // `-Dname=value`: a Java system property, named by what follows the D.
    const kind = isPlaceholder(value) ? null : secretKind(name, value, 'flag');
    if (kind) out.push({ start, end: v.end, kind: kind === 'authorization' ? 'authorization' : kind });
  }
}

export const flagPatterns: readonly RegExp[] = [FLAG];
