// Command lines as arguments, written in a shell (`mysql -u root -pX`) or as a Python
// list (`['mysql', '-u', 'root', '-pX']`, also inside a CalledProcessError message).
import { type Doc, isQuote, isSpace } from './values.js';
import { VIEW_QUOTE } from './views.js';

export interface Arg {
  /** The argument's text without its quotes. */
  start: number;
  end: number;
  /** Where reading goes on. */
  next: number;
}

const SKIP = ',[](){}';
const STOP = ';|&';

/** The argument at or after `at` on its line, or null at the line's (or the command's) end. */
export function readArg(doc: Doc, at: number, lineEnd: number): Arg | null {
  const { text } = doc;
  let p = at;
  while (p < lineEnd && (isSpace(text[p]) || SKIP.includes(text[p] as string))) p++;
  if (p >= lineEnd || STOP.includes(text[p] as string)) return null;
  const c = text[p];
  if (isQuote(c)) {
    // An escaped quote of the view is a pair of stand-ins: the argument starts after both.
    if (c === VIEW_QUOTE && text[p + 1] === VIEW_QUOTE) p++;
    let close = -1;
    for (let i = p + 1; i < lineEnd; i++)
      if (text[i] === c) {
        close = i;
        break;
      }
    const end = close < 0 ? lineEnd : close;
    const after =
      close < 0 ? lineEnd : c === VIEW_QUOTE && text[close + 1] === VIEW_QUOTE ? close + 2 : close + 1;
    return { start: p + 1, end, next: after };
  }
  let q = p;
  while (q < lineEnd && !isSpace(text[q]) && !isQuote(text[q]) && !STOP.includes(text[q] as string)) q++;
  // A list element's closing bracket or a call's closing parenthesis is not part of it.
  let end = q;
  while (end > p && (text[end - 1] === ']' || text[end - 1] === ')' || text[end - 1] === ',')) end--;
  return { start: p, end, next: q };
}

/** The arguments after `at` on its line, at most `max`. */
export function argsAfter(doc: Doc, at: number, max = 40): Arg[] {
  const lineEnd = doc.lineEnd(at);
  const out: Arg[] = [];
  let p = at;
  while (out.length < max) {
    const a = readArg(doc, p, lineEnd);
    if (!a) break;
    out.push(a);
    p = a.next;
  }
  return out;
}
