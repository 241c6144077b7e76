// Secrets cut by a line break: a terminal wrapped the line, or the code continues a
// quoted string on the next line (`"sk-abc"` / `"def"`, a shell `\`). Each pair of
// neighbouring lines that may hold one is read again joined, glued and with a space,
// and what is found across the join is redacted on both lines. A token that runs to
// the end of its line and goes on at the start of the next is followed there too.
import { detect, LOOSE_KINDS } from './detect.js';
import type { Span } from './spans.js';

/**
 * What a line's last word can be when the secret it names or starts goes on on the next
 * line: a name and its separator (`password=`, `Authorization:`), a flag (`--api-key`), a
 * URL cut in its userinfo, a token's prefix, a scheme word (`Bearer`), a login command.
 */
const TAIL_HINT =
  /(?:pass|pwd|secret|token|key|auth|cred|cookie|session|sig)[\w.-]{0,40}["'\]]{0,2}[=:]$|^-[pauPwUk]$|^--?[\w.-]{0,40}(?:pass|pwd|secret|token|key|auth|cred|cookie)[\w.-]{0,40}$|:\/\/|@|^[("'[{]{0,3}(?:hf_|gh[pousr]_|github_|gl[a-z]{1,6}-|xox|xapp|sk[-_]|AKIA|ASIA|AIza|ya29|npm_|pypi|dapi|eyJ|GOCSPX)|^(?:bearer|basic|token|bot|password|passwd|pwd|login|secret|apikey)$/i;

/** How much of each line a join reads. */
const REACH = 400;

interface Line {
  start: number;
  /** Index after the last character that counts (no trailing blanks, `\`, closing quote). */
  contentEnd: number;
  end: number;
  /** Ends with `\` (shell) or an open quote the next line closes. */
  continued: boolean;
}

const QUOTE = /["'`]/;

function lineOf(text: string, start: number, end: number): Line {
  let e = end;
  while (e > start && /\s/.test(text[e - 1] as string)) e--;
  let continued = false;
  if (text[e - 1] === '\\') {
    continued = true;
    e--;
    while (e > start && (text[e - 1] === ' ' || text[e - 1] === '\t')) e--;
  }
  return { start, contentEnd: e, end, continued };
}

/** Where the next line's own text starts: after indentation and an opening quote that continues a string. */
function headOf(b: Line, a: Line, text: string): number {
  let p = b.start;
  while (p < b.end && (text[p] === ' ' || text[p] === '\t')) p++;
  const closing = text[a.contentEnd - 1];
  if (closing !== undefined && QUOTE.test(closing) && text[p] === closing) p++;
  return p;
}

/**
 * Whether the start of the next line can be the rest of a secret the line before cut,
 * rather than the start of a line of its own: not `$`, `[`, `<`, indentation, a word
 * (`Traceback`, `CUDA`, `ValueError`), an exception's name (`torch.cuda.OutOfMemoryError:`),
 * a number or timestamp, a glog prefix (`W0514`), an address or a `key=value`.
 */
function continues(text: string, head: number, end: number): boolean {
  const c = text[head] as string;
  if ('[(<>{$#+*|=:;,!@%&~'.includes(c)) return false;
  let q = head;
  while (q < end && !/[\s"'`]/.test(text[q] as string)) q++;
  const run = text.slice(head, q);
  return !(
    !/[A-Za-z]/.test(run) ||
    run.endsWith(':') ||
    /^(?:[A-Z]?[a-z]+|[A-Z]+|(?:[A-Z][a-z]+)+)[.,;]?$/.test(run) ||
    /^[a-z]+(?:[_-][a-z]+)+[.,;]?$/.test(run) ||
    /^[IWEFD]\d{4}$/.test(run) ||
    /^0x[0-9a-fA-F]+/.test(run) ||
    /^[A-Za-z_]\w{0,40}=/.test(run) ||
    (/^[A-Za-z_]\w{0,63}(?:\.[A-Za-z_]\w{0,63}){1,8}[.,;]?$/.test(run) && /[a-z]{3}/.test(run))
  );
}

/** Lines at least this long may have been wrapped by a terminal. */
const WRAP_WIDTH = 60;

/** Spans found across line breaks in `text`, given the spans found in it line by line. */
export function wrappedSpans(text: string, found: readonly Span[]): Span[] {
  const out: Span[] = [];
  const ends = new Set<number>();
  const cuts = new Set<number>();
  for (const s of found) {
    if (s.cut) cuts.add(s.end);
    else if (!LOOSE_KINDS.has(s.kind) || s.kind === 'key-material') ends.add(s.end);
  }
  let start = 0;
  let a: Line | null = null;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const b = lineOf(text, start, end);
    if (a && a.contentEnd > a.start && b.end > b.start) join(text, a, b, ends, cuts, out);
    a = b;
    start = end + 1;
  }
  return out;
}

function join(text: string, a: Line, b: Line, ends: Set<number>, cuts: Set<number>, out: Span[]): void {
  const head = headOf(b, a, text);
  if (head >= b.end) return;
  // The join keeps a's closing quote out when b opens the same one (`"abc"` / `"def"`).
  const quoteJoin =
    head > b.start && QUOTE.test(text[head - 1] as string) && text[a.contentEnd - 1] === text[head - 1];
  const aEnd = quoteJoin ? a.contentEnd - 1 : a.contentEnd;
  const indented = head > b.start && !quoteJoin;
  // A secret found complete on a is only followed onto b when b reads as its rest: the
  // code continues the string, or a terminal wrapped a long line and b goes on without a break.
  // A token cut short of its shape goes on for sure; a complete one only on a long line.
  const cut = cuts.has(aEnd);
  const complete = ends.has(aEnd) && !cut;
  const goesOn = () =>
    quoteJoin ||
    a.continued ||
    (!indented &&
      (cut
        ? /[A-Za-z0-9_-]/.test(text[head] as string)
        : continues(text, head, b.end) && (!complete || aEnd - a.start >= WRAP_WIDTH)));

  if (complete || cut) {
    if (!goesOn()) return;
    // The rest of a cut token is in its alphabet; of anything else, up to a blank or quote.
    const rest = cut ? /[A-Za-z0-9_.-]/ : /[^\s"'`]/;
    let q = head;
    while (q < b.end && rest.test(text[q] as string)) q++;
    if (q > head && !text.startsWith('-----', head)) {
      out.push({ start: head, end: q, kind: 'token' });
      ends.add(q);
    }
    return;
  }

  // Read joined only where a's last word leaves something unfinished.
  let word = aEnd;
  while (word > a.start && aEnd - word < 300 && !/\s/.test(text[word - 1] as string)) word--;
  if (!TAIL_HINT.test(text.slice(word, aEnd))) return;
  const aFrom = Math.max(a.start, aEnd - REACH);
  const bTo = Math.min(b.end, head + REACH);
  const aPart = text.slice(aFrom, aEnd);
  const bPart = text.slice(head, bTo);
  for (const sep of ['', ' ']) {
    const window = aPart + sep + bPart;
    const junction = aPart.length;
    for (const s of detect(window)) {
      if (LOOSE_KINDS.has(s.kind) || s.start > junction + sep.length || s.end <= junction + sep.length)
        continue;
      // Across the join: a glued secret, only where b goes on. After it: a value a's last word names.
      const across = s.start < junction;
      if (across && (sep !== '' || !goesOn())) continue;
      if (across) out.push({ start: aFrom + s.start, end: aEnd, kind: s.kind });
      const bStart = Math.max(s.start, junction + sep.length) - junction - sep.length;
      const bEnd = s.end - junction - sep.length;
      out.push({ start: head + bStart, end: head + bEnd, kind: s.kind });
      ends.add(head + bEnd);
    }
  }
}
