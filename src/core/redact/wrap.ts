// Secrets cut by a line break: a terminal wrapped the line, or the code continues a
// quoted string on the next line (`"sk-abc"` / `"def"`, a shell `\`). Works on the
// detectors' view, so an escaped `\n` inside quoted text is a line break too.
//  - A secret found on a line that runs to its end (a token cut short of its shape, a
//    value whose quote is still open, or any value when the next line reads as its rest)
//    goes on at the start of the next line: that run is redacted too.
//  - A line whose last word leaves something unfinished (`--api-key`, `password=`, a token
//    prefix too short to know, a URL cut in its userinfo) is read again joined to the
//    next, glued and with a space, and what is found across the join is redacted on both.
import { randomLowercase, wordShare } from './shape.js';
import type { Span } from './spans.js';
import type { Doc } from './values.js';

/**
 * What a line's last word can be when the secret it names or starts goes on on the next
 * line: a name and its separator (`password=`, `Authorization:`), a flag (`--api-key`), a
 * URL cut in its userinfo, a token's prefix, a scheme word (`Bearer`), a login command.
 */
const TAIL_HINT =
  /(?:pass|pwd|secret|token|key|auth|cred|cookie|session|sig)[\w.-]{0,40}["'\]]{0,2}[=:]$|^-[pauPwUk]$|^--?[\w.-]{0,40}(?:pass|pwd|secret|token|key|auth|cred|cookie)[\w.-]{0,40}$|:\/\/[^\s/@]{0,64}:[^\s/@]{0,256}$|^[("'[{]{0,3}(?:hf_|gh[pousr]_|github_pat|glpat-|xox|xapp|sk-|sk_live|AKIA|ASIA|AIza|ya29|npm_|pypi-|dapi|eyJ|GOCSPX)|^(?:bearer|basic|token|bot|password|passwd|pwd|login|secret|apikey)$/i;
/** `token d` / `apifacc…`: a word naming a secret before the last one, whose value the break cut. */
const NAMED_BEFORE = /(?:token|key|secret|password|passwd|credentials?|login)[ \t]{1,4}$/i;
/** Oracle's `user/password@host`, cut before its `@`: only where the line names Oracle. */
const ORACLE_LINE = /oracle|sqlplus|\brman\b|expdp|impdp|sqlldr|\bconnect\b/i;

/** How much of each line a join reads. */
const REACH = 400;

const QUOTE = /["'`\u205f]/;

function isBlank(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\u3000' || c === '\u00a0';
}

/** Any white space a word ends at (what `\s` matches in the text it meets). */
function isWhite(c: string | undefined): boolean {
  return c !== undefined && c.charCodeAt(0) <= 32 ? true : c !== undefined && /\s/.test(c);
}

interface Line {
  start: number;
  /** Index after the last character that counts (no trailing blanks or `\`). */
  contentEnd: number;
  end: number;
  /** Ends with `\` (a shell continuation). */
  continued: boolean;
}

function lineOf(text: string, start: number, end: number): Line {
  let e = end;
  while (e > start && isBlank(text[e - 1])) e--;
  let continued = false;
  // A shell `\` (written `\\` inside quoted text).
  if (text[e - 1] === '\\') {
    continued = true;
    while (e > start && text[e - 1] === '\\') e--;
    while (e > start && isBlank(text[e - 1])) e--;
  }
  return { start, contentEnd: e, end, continued };
}

/** Each line of the view: a CRLF or an escape's pair of stand-ins is one break. */
function eachLine(doc: Doc, visit: (line: Line) => void): void {
  const { text, breaks } = doc;
  let start = 0;
  for (let i = 0; i <= breaks.length; i++) {
    const end = i < breaks.length ? (breaks[i] as number) : text.length;
    visit(lineOf(text, start, end));
    if (i === breaks.length) break;
    const c = text[end];
    const pair =
      breaks[i + 1] === end + 1 &&
      ((c === '\r' && text[end + 1] === '\n') || (c !== '\n' && c !== '\r' && text[end + 1] === c));
    if (pair) i++;
    start = end + (pair ? 2 : 1);
  }
}

/** Whether the span that ends near `at` opened with a quote that its line does not close. */
function openQuote(text: string, starts: Map<number, number>, at: number, lineEnd: number): boolean {
  for (let i = at; i <= lineEnd && i - at < 4; i++) {
    const start = starts.get(i);
    if (start === undefined) continue;
    const q = text[start - 1] as string;
    if (!QUOTE.test(q)) return false;
    for (let j = start; j < lineEnd; j++) if (text[j] === q) return false;
    return true;
  }
  return false;
}

/**
 * `/mnt/DataSets/Train7`, `nvcr.io/nvidia/pytorch`: slashes between names (a lower-case word
 * in one of them at least), where base64 has `+`, `=` and no words.
 */
function pathLike(run: string): boolean {
  const segments = run.split('/');
  if (segments.length < 2 || !segments.every((seg) => /^[A-Za-z0-9_.@:~-]*$/.test(seg))) return false;
  // `org/model-name`: two names that read as words.
  if (segments.length < 3 && !run.startsWith('/') && !run.startsWith('~'))
    return segments.every((seg) => /[a-z]{3}/.test(seg) && wordShare(seg) >= 0.6);
  return segments.some((seg) => /[a-z]{3}/.test(seg));
}

/**
 * Whether the start of the next line can be the rest of a secret the line before cut,
 * rather than the start of a line of its own: not `$`, `[`, `<`, a word (`Traceback`,
 * `CUDA`, `ValueError`), an exception's name (`torch.cuda.OutOfMemoryError:`), a number,
 * version or timestamp, a glog prefix (`W0514`), an address, a path, a UUID, `key=value`.
 */
function continues(text: string, head: number, end: number): boolean {
  const c = text[head] as string;
  if ('[(<>{$#*|=:;,!@%&~'.includes(c) || (c === '+' && isBlank(text[head + 1] ?? ' '))) return false;
  let q = head;
  while (q < end && !/[\s"'`\u205f]/.test(text[q] as string)) q++;
  // What closes around the secret (`…)`, `…',`) is not part of the run.
  let r = q;
  while (r > head && ')]},;\'"'.includes(text[r - 1] as string)) r--;
  const run = text.slice(head, r);
  const word = /^([a-z]+)[.,;]?$/.exec(run)?.[1];
  // A lower-case run is a word of its own, unless it is random.
  if (word && randomLowercase(word)) return true;
  const key = /^([A-Za-z_]\w{0,40})=/.exec(run)?.[1];
  return !(
    !/[A-Za-z]/.test(run) ||
    /[()[\]{}<>]/.test(run) ||
    run.includes('://') ||
    run.includes('@sha256:') ||
    pathLike(run) ||
    /^--[a-z][a-z-]*(?:=|$)|^-[A-Za-z]$/.test(run) ||
    run.endsWith(':') ||
    /^(?:[A-Z]?[a-z]+|[A-Z]+|(?:[A-Z][a-z]+)+)[.,;]?$/.test(run) ||
    /^[a-z]+(?:[_-][a-z]+)+[.,;]?$/.test(run) ||
    /^[IWEFD]\d{4}$/.test(run) ||
    /^\d{4}-\d{2}-\d{2}|^\d{1,2}:\d{2}/.test(run) ||
    /^[A-Za-z][a-z]+(?:-[A-Za-z][a-z]*)+[:.,;]?$/.test(run) ||
    /^[A-Za-z][\w-]{0,80}\.(?:pt|pth|ckpt|bin|safetensors|json|ya?ml|py|log|txt|h5|onnx|pb|np[yz]|pkl|tar|gz|zip|csv|so|dll)$/.test(
      run,
    ) ||
    /^0x[0-9a-fA-F]/.test(run) ||
    /^\d{1,4}\.\d/.test(run) ||
    /^[A-Za-z]:\\/.test(run) ||
    /^(?:GPU|MIG)-|^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-/.test(run) ||
    /^sha256:/.test(run) ||
    (key !== undefined && wordShare(key) >= 0.8 && !randomLowercase(key.toLowerCase())) ||
    (/^[A-Za-z_]\w{0,63}(?:\.[A-Za-z_]\w{0,63}){1,8}[.,;]?$/.test(run) && /[a-z]{3}/.test(run))
  );
}

/** Spans of secrets cut by the view's line breaks, given the spans found line by line. */
export function wrappedSpans(
  doc: Doc,
  found: readonly Span[],
  loose: ReadonlySet<string>,
  detectWindow: (text: string) => Span[],
): Span[] {
  const out: Span[] = [];
  const ends = new Set<number>();
  const cuts = new Set<number>();
  const starts = new Map<number, number>();
  for (const s of found) {
    if (s.cut) cuts.add(s.end);
    else if (!loose.has(s.kind) || s.kind === 'key-material') ends.add(s.end);
    starts.set(s.end, Math.min(starts.get(s.end) ?? s.start, s.start));
  }
  let a: Line | null = null;
  const st = { ends, cuts, starts, loose, detectWindow };
  eachLine(doc, (b) => {
    if (a && a.contentEnd > a.start && b.end > b.start) join(doc.text, a, b, st, out);
    a = b;
  });
  return out;
}

interface JoinState {
  ends: Set<number>;
  starts: Map<number, number>;
  cuts: Set<number>;
  loose: ReadonlySet<string>;
  detectWindow: (text: string) => Span[];
}

/** Whether some span of `set` ends at `from` or in the few characters after it that a line's end trims. */
function endsNear(set: Set<number>, from: number, to: number): boolean {
  for (let i = from; i <= to && i - from < 4; i++) if (set.has(i)) return true;
  return false;
}

function join(text: string, a: Line, b: Line, st: JoinState, out: Span[]): void {
  let head = b.start;
  while (head < b.end && isBlank(text[head])) head++;
  if (head >= b.end) return;
  // `"sk-abc"` / `    "def"`: a's closing quote and b's opening one are not part of the secret.
  const closing = text[a.contentEnd - 1] as string;
  const quoteJoin = QUOTE.test(closing) && text[head] === closing;
  if (quoteJoin) head += closing === '\u205f' && text[head + 1] === closing ? 2 : 1;
  const aEnd = quoteJoin
    ? a.contentEnd - (closing === '\u205f' && text[a.contentEnd - 2] === closing ? 2 : 1)
    : a.contentEnd;
  const indented = head > b.start && !quoteJoin;
  const cut = endsNear(st.cuts, aEnd, a.end);
  const complete = !cut && endsNear(st.ends, aEnd, a.end);
  const open = !quoteJoin && (cut || complete) && openQuote(text, st.starts, aEnd, a.end);
  // A secret found on a goes on onto b when the code continues it (a quote, a `\`), when it
  // was cut short or left its quote open, or when b starts as a secret's rest would.
  const goesOn = () =>
    quoteJoin ||
    a.continued ||
    (!indented && (cut || open ? !/[\s[(<>{$#|]/.test(text[head] as string) : continues(text, head, b.end)));

  if (complete || cut) {
    if (!goesOn()) return;
    // A cut token's rest is in its alphabet; an open quote's runs to the quote; else to a blank.
    const rest = cut ? /[A-Za-z0-9_.-]/ : open ? /[^\s"'`\u205f]/ : /[^\s"'`\u205f]/;
    let q = head;
    while (q < b.end && rest.test(text[q] as string)) q++;
    if (q > head && !text.startsWith('-----', head)) {
      out.push({ start: head, end: q, kind: 'token' });
      st.ends.add(q);
    }
    return;
  }

  // Read joined only where a's last word leaves something unfinished.
  let word = aEnd;
  while (word > a.start && aEnd - word < 300 && !isWhite(text[word - 1])) word--;
  const last = text.slice(word, aEnd);
  if (
    !TAIL_HINT.test(last) &&
    !(last.includes('/') && ORACLE_LINE.test(text.slice(a.start, aEnd))) &&
    !(aEnd - word <= 16 && NAMED_BEFORE.test(text.slice(Math.max(a.start, word - 24), word)))
  )
    return;
  const aFrom = Math.max(a.start, aEnd - REACH);
  const bTo = Math.min(b.end, head + REACH);
  const aPart = text.slice(aFrom, aEnd);
  const bPart = text.slice(head, bTo);
  for (const sep of ['', ' ']) {
    const window = aPart + sep + bPart;
    const junction = aPart.length;
    for (const s of st.detectWindow(window)) {
      if (st.loose.has(s.kind) || s.start > junction + sep.length || s.end <= junction + sep.length) continue;
      // Across the join: a glued secret, only where b goes on. After it: a value a's last word names.
      const across = s.start < junction;
      if (across && (sep !== '' || !goesOn())) continue;
      if (across) out.push({ start: aFrom + s.start, end: aEnd, kind: s.kind });
      const bStart = Math.max(s.start, junction + sep.length) - junction - sep.length;
      const bEnd = s.end - junction - sep.length;
      out.push({ start: head + bStart, end: head + bEnd, kind: s.kind });
      st.ends.add(head + bEnd);
    }
  }
}
