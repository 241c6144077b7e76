// Reading the value that follows a name, a flag or a separator: quoted, braced, a bare
// word, or the rest of the line. Every read stops at the line's end, and lines are
// found by binary search over breaks counted once, so no read rescans the text.
import { VIEW_NEWLINE, VIEW_QUOTE, VIEW_RETURN } from './views.js';

export interface Value {
  start: number;
  end: number;
  /** The quote it was written in, if any. */
  quote: string;
  /** Its quote is still open at the line's end: the value goes on on the next line. */
  open?: boolean;
}

export function isLineBreak(c: string | undefined): boolean {
  return c === '\n' || c === '\r' || c === VIEW_NEWLINE || c === VIEW_RETURN;
}

const BREAK = /[\n\r\u2028\u2029]/g;

/** The text the detectors read, with its line breaks indexed. */
export class Doc {
  readonly breaks: number[] = [];
  constructor(readonly text: string) {
    BREAK.lastIndex = 0;
    for (let m = BREAK.exec(text); m; m = BREAK.exec(text)) this.breaks.push(m.index);
  }

  /** Index of the first break at or after `at` (or the text's end). */
  lineEnd(at: number): number {
    const b = this.breaks;
    let lo = 0;
    let hi = b.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (b[mid]! < at) lo = mid + 1;
      else hi = mid;
    }
    return lo < b.length ? b[lo]! : this.text.length;
  }

  /** Index just after the last break before `at` (or 0). */
  lineStart(at: number): number {
    const b = this.breaks;
    let lo = 0;
    let hi = b.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (b[mid]! < at) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 ? b[lo - 1]! + 1 : 0;
  }
}

const QUOTES = `"'\`${VIEW_QUOTE}`;

export function isQuote(c: string | undefined): boolean {
  return c !== undefined && c !== '' && QUOTES.includes(c);
}

export function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\u3000' || c === '\u00a0';
}

/** How a bare (unquoted) value ends. */
export type BareEnd =
  /** At whitespace or a quote: a shell word. */
  | 'word'
  /** Also at `,;&()[]}>|`: a value inside code, a query or a list. */
  | 'code'
  /** At the end of the line (an env dump or YAML line), less a trailing ` # comment`. */
  | 'line';

const CODE_ENDS = ',;&()[]}>|';

function indexBefore(text: string, c: string, from: number, end: number): number {
  for (let i = from; i < end; i++) if (text[i] === c) return i;
  return -1;
}

/**
 * The value starting at `at` (after optional blanks): `"…"`, `'…'`, `b'…'`, `{…}` when
 * `braces`, else a bare value ending as `bare` says. A quote left open runs to the line's
 * end (the value may go on on the next line). Null when there is no value.
 */
export function readValue(doc: Doc, at: number, bare: BareEnd, braces = false): Value | null {
  const { text } = doc;
  const end = doc.lineEnd(at);
  let p = at;
  while (p < end && isSpace(text[p])) p++;
  if (p >= end) return null;
  let c = text[p];
  if ('bBrRuUfF'.includes(c ?? '') && isQuote(text[p + 1]) && text[p + 1] !== '`') c = text[++p];
  if (isQuote(c)) {
    const q = c as string;
    let from = p + 1;
    if (q === VIEW_QUOTE && text[from] === VIEW_QUOTE) from++;
    const close = indexBefore(text, q, from, end);
    if (close >= 0) return close > from ? { start: from, end: close, quote: q } : null;
    // Left open: the value runs to the line's end, less a shell `\` and blanks.
    let stop = end;
    while (stop > from && (isSpace(text[stop - 1]) || text[stop - 1] === '\\')) stop--;
    return stop > from ? { start: from, end: stop, quote: q, open: true } : null;
  }
  if (braces && c === '{') {
    const close = indexBefore(text, '}', p + 1, end);
    if (close > p + 1) return { start: p + 1, end: close, quote: '{' };
  }
  let q = p;
  if (bare === 'line') {
    q = end;
    for (let i = p + 1; i < end; i++)
      if (text[i] === '#' && isSpace(text[i - 1])) {
        q = i;
        break;
      }
    while (q > p && isSpace(text[q - 1])) q--;
  } else {
    while (q < end) {
      const ch = text[q] as string;
      if (isSpace(ch) || isQuote(ch) || (bare === 'code' && CODE_ENDS.includes(ch))) break;
      q++;
    }
  }
  return q > p ? { start: p, end: q, quote: '' } : null;
}
