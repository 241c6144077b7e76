// Values given a secret's name: `DB_PASSWORD=…`, `export X=…`, `set X=…`,
// `$env:X = "…"`, `password: …` (YAML), `"api_key": "…"` (JSON), `{'token': '…'}`,
// `api_key='…'` (kwargs, reprs), `os.environ["X"] = "…"`, `getenv("X", "…")`,
// `setdefault("X", "…")`, `setx X …`, `<password>…</password>`, `.netrc` lines. The name
// decides, whatever the value looks like (names.ts); headers and cookies keep their form.
import { type NameStyle, type SecretKind, secretKind } from './names.js';
import { isPlaceholder } from './shape.js';
import type { Span } from './spans.js';
import { type BareEnd, type Doc, isQuote, isSpace, readValue, type Value } from './values.js';

/** A name, maybe quoted, maybe closing a subscript (`["X"]`), then `=`, `:`, `=>`, `:=` or `==`. */
const NAME_SEP =
  /(?:"([A-Za-z_][\w.-]{0,79})"|'([A-Za-z_][\w.-]{0,79})'|([A-Za-z_][\w.-]{0,79}))(?:[ \t\u205f]{0,3}\])?[ \t\u205f]{0,4}(=>|:=|==|!=|=|:)/y;
/** What may not stand before a name (it would be the middle of a word, a path, a `$VAR`). */
const NOT_BEFORE_NAME = /[\w$@./\\-]/;
/** A quoted name and a quoted value as two arguments: `getenv("X", "…")`, `("password", "…")`. */
const PAIR =
  /(?:"([A-Za-z_][\w.-]{0,79})"|'([A-Za-z_][\w.-]{0,79})'|\u205f\u205f([A-Za-z_][\w.-]{0,79})\u205f\u205f)[ \t]{0,4},[ \t]{0,4}(?=[bBrRuUfF]?["'\u205f])/g;
/** Name and value apart: `setx X …`, `setenv X …`, `set -gx X …`, `aws configure set X …`. */
const SPACED =
  /(?<![\w-])(?:setx|setenv|set[ \t]{1,4}-[gxUul]{1,4}|ENV|configure[ \t]{1,4}set|config[ \t]{1,4}set)[ \t]{1,4}([A-Za-z_/:@.][\w./:@-]{0,120})[ \t]{1,4}(?=\S)/g;
/** `.netrc`: `machine HOST login USER password SECRET`, or `password SECRET` alone. */
const NETRC = /(?<![\w-])(?:password|passwd)[ \t]{1,8}(?=\S)/g;
/** `<password>…</password>`, `<add key="ClearTextPassword" value="…" />`. */
const XML_ELEMENT = /<([A-Za-z_][\w.:-]{0,63})>(?=[^<\n]{1,512}<\/)/g;
const XML_KEY_VALUE = /\bkey=["']([\w.:-]{1,80})["'][ \t]{1,4}value=(?=["'])/g;

const AUTH_SCHEME = /^([A-Za-z][\w-]{1,30})[ \t]{1,4}(?=\S)/;
const COOKIE_ATTRIBUTES = new Set([
  'path',
  'domain',
  'expires',
  'max-age',
  'samesite',
  'httponly',
  'secure',
  'priority',
  'partitioned',
  'version',
  'comment',
]);

/** What comes before a name at the start of a line: `export `, `set `, `- `, `+ `, `$env:`. */
function atLineStart(doc: Doc, nameStart: number): boolean {
  let i = doc.lineStart(nameStart);
  if (nameStart - i > 64) return false;
  const { text } = doc;
  while (i < nameStart && (isSpace(text[i]) || text[i] === '+' || text[i] === '-' || text[i] === '>')) i++;
  const head = text.slice(i, nameStart).trim();
  return (
    head === '' ||
    head === 'export' ||
    head === 'set' ||
    head === 'declare -x' ||
    head === 'setenv' ||
    head === 'local' ||
    head === 'readonly' ||
    head === 'ENV' ||
    head === 'ARG' ||
    head === '$env:' ||
    head === '$Env:' ||
    head === '$ENV:'
  );
}

/** `x=args.token`, `token=token`, `key=os.getenv(…)`: code that names a secret without holding it. */
function isExpression(doc: Doc, name: string, v: Value): boolean {
  if (v.quote) return false;
  const { text } = doc;
  const next = text[v.end];
  if (next === '(' || next === '[') return true;
  const value = text.slice(v.start, v.end);
  if (value === name) return true;
  return /^[A-Za-z_]\w{0,63}(?:\.[A-Za-z_]\w{0,63}){1,8}$/.test(value) && /[a-z]/.test(value);
}

/** A word some secret's name holds: where a name is looked for, instead of at every word. */
const KEYWORD =
  /pass|pwd|pw|secret|token|key|auth|cred|cookie|sas|salt|sig|session|jwt|bearer|pat|contrase|senha/gi;

function isNameChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 ||
    code === 46 ||
    code === 45
  );
}

/** Each `name <sep>` whose name holds a keyword, as NAME_SEP reads it. */
function* namedAt(text: string): Generator<RegExpExecArray> {
  KEYWORD.lastIndex = 0;
  for (let k = KEYWORD.exec(text); k; k = KEYWORD.exec(text)) {
    let s = k.index;
    while (s > 0 && k.index - s < 80 && isNameChar(text.charCodeAt(s - 1))) s--;
    let e = k.index + k[0].length;
    while (e < text.length && e - s < 80 && isNameChar(text.charCodeAt(e))) e++;
    KEYWORD.lastIndex = e;
    // A name starts with a letter or `_`: `2fa_token` is read from `fa_token`.
    while (s < k.index && !/[A-Za-z_]/.test(text[s] as string)) s++;
    // `\\nDB_PASSWORD`: an escape twice quoted (JSON in JSON) still ends the line before the name.
    const escaped = text[s - 1] === '\\' && 'ntr'.includes(text[s] as string) && s < k.index;
    if (escaped) s++;
    for (const at of text[s - 1] === '"' || text[s - 1] === "'" ? [s - 1, s] : [s]) {
      if (!escaped && at > 0 && NOT_BEFORE_NAME.test(text[at - 1] as string)) continue;
      NAME_SEP.lastIndex = at;
      const m = NAME_SEP.exec(text);
      if (m && (m[1] ?? m[2] ?? m[3] ?? '').length === e - s) {
        yield m;
        break;
      }
    }
  }
}

export function findAssignments(doc: Doc, out: Span[]): void {
  const { text } = doc;
  for (const m of namedAt(text)) {
    const name = (m[1] ?? m[2] ?? m[3]) as string;
    const sep = m[4] as string;
    // `[REDACTED:url-password]:3128`: a marker's kind is not a name.
    if (text.startsWith('REDACTED:', m.index - 9)) continue;
    const after = m.index + m[0].length;
    if (sep === ':' && (text[after] === ':' || text[after] === '/')) continue;
    const line = atLineStart(doc, m.index);
    const env = /^[A-Z][A-Z0-9_]*$/.test(name);
    const style: NameStyle = env ? 'env' : 'code';
    // `set X=value` (cmd) and `key: value` (YAML) take the rest of the line.
    const bare: BareEnd =
      line && (sep === ':' || /^[ \t+]*set[ \t]/i.test(text.slice(doc.lineStart(m.index), m.index)))
        ? 'line'
        : env
          ? 'word'
          : 'code';
    const v = readValue(doc, after, bare, true);
    if (!v) continue;
    const value = text.slice(v.start, v.end);
    // A header's value starts with its scheme (`Token x`): addValue judges what follows it.
    if (secretKind(name, value, style) === 'authorization') {
      addValue(doc, 'authorization', v, out);
      continue;
    }
    // `"on` left open is the start of a value, not the word: a placeholder word must be whole.
    if (
      (isPlaceholder(value) && !(v.open && /^[a-z]+$/i.test(value))) ||
      (sep !== ':' && isExpression(doc, name, v))
    )
      continue;
    // A quote left open at the line's end: the value goes on, so its length says nothing.
    const kind = secretKind(name, value, v.open ? 'env' : style);
    if (kind) addValue(doc, kind, v, out);
  }
  PAIR.lastIndex = 0;
  for (let m = PAIR.exec(text); m; m = PAIR.exec(text)) {
    const name = (m[1] ?? m[2] ?? m[3]) as string;
    const v = readValue(doc, m.index + m[0].length, 'code');
    if (!v?.quote) continue;
    const value = text.slice(v.start, v.end);
    const kind = isPlaceholder(value)
      ? null
      : secretKind(name, value, /^[A-Z][A-Z0-9_]*$/.test(name) ? 'env' : 'code');
    if (kind) addValue(doc, kind, v, out);
  }
  SPACED.lastIndex = 0;
  for (let m = SPACED.exec(text); m; m = SPACED.exec(text)) {
    const v = readValue(doc, m.index + m[0].length, 'word');
    if (!v) continue;
    const value = text.slice(v.start, v.end);
    const kind = isPlaceholder(value) ? null : secretKind(m[1] as string, value, 'env');
    if (kind) addValue(doc, kind, v, out);
  }
  NETRC.lastIndex = 0;
  for (let m = NETRC.exec(text); m; m = NETRC.exec(text)) {
    const v = readValue(doc, m.index + m[0].length, 'word');
    if (!v) continue;
    const value = text.slice(v.start, v.end);
    const lineText = text.slice(Math.max(doc.lineStart(m.index), m.index - 300), m.index);
    const netrc = /(?:^|\s)(?:machine|default|login)\s/.test(lineText);
    const alone = lineText.trim() === '';
    // Alone on its line, a bare lower-case word is prose ("password required").
    if (isPlaceholder(value) || !(netrc || (alone && !/^[a-z]+$/.test(value)))) continue;
    out.push({ start: v.start, end: v.end, kind: 'password' });
  }
  XML_ELEMENT.lastIndex = 0;
  for (let m = XML_ELEMENT.exec(text); m; m = XML_ELEMENT.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('<', start);
    const value = text.slice(start, end);
    const kind = isPlaceholder(value) ? null : secretKind(m[1] as string, value, 'code');
    if (kind) out.push({ start, end, kind });
  }
  XML_KEY_VALUE.lastIndex = 0;
  for (let m = XML_KEY_VALUE.exec(text); m; m = XML_KEY_VALUE.exec(text)) {
    const v = readValue(doc, m.index + m[0].length, 'code');
    if (!v) continue;
    const value = text.slice(v.start, v.end);
    const kind = isPlaceholder(value) ? null : secretKind(m[1] as string, value, 'code');
    if (kind) addValue(doc, kind, v, out);
  }
}

/** Redacts a named value: whole, or past its scheme (headers), or pair by pair (cookies). */
export function addValue(doc: Doc, kind: SecretKind, v: Value, out: Span[]): void {
  const { text } = doc;
  if (kind === 'authorization') {
    // `Bearer x`, `Basic x`, `AWS4-HMAC-SHA256 Credential=…`: the scheme stays, the rest goes.
    let start = v.start;
    let end = v.end;
    if (!v.quote) end = untilQuote(doc, v.start);
    const scheme = AUTH_SCHEME.exec(text.slice(start, Math.min(end, start + 40)));
    if (scheme) start += scheme[0].length;
    if (end > start && !isPlaceholder(text.slice(start, end))) out.push({ start, end, kind });
    return;
  }
  if (kind === 'cookie') {
    cookiePairs(doc, v.quote ? v.end : untilQuote(doc, v.start), v.start, out);
    return;
  }
  out.push({ start: v.start, end: v.end, kind });
}

/** The end of an unquoted header value: its line, or the quote that closes the string it sits in. */
function untilQuote(doc: Doc, from: number): number {
  const end = doc.lineEnd(from);
  for (let i = from; i < end; i++) if (isQuote(doc.text[i]) || doc.text[i] === '\\') return i;
  return end;
}

/** `a=1; b=2` (Cookie), `s=x; Path=/; HttpOnly` (Set-Cookie), `{'s': 'x'}` (a dict): each value. */
function cookiePairs(doc: Doc, end: number, start: number, out: Span[]): void {
  const { text } = doc;
  if (text[start] === '{') {
    // A dict of cookies: every quoted value after a colon.
    const close = indexBefore(text, '}', start, end);
    const stop = close < 0 ? end : close;
    for (let i = start; i < stop; i++) {
      if (text[i] !== ':') continue;
      const v = readValue(doc, i + 1, 'code');
      if (v && v.end <= stop && !isPlaceholder(text.slice(v.start, v.end)))
        out.push({ start: v.start, end: v.end, kind: 'cookie' });
    }
    return;
  }
  let i = start;
  while (i < end) {
    let j = indexBefore(text, ';', i, end);
    if (j < 0) j = end;
    const pair = text.slice(i, j);
    const eq = pair.indexOf('=');
    const name = (eq < 0 ? pair : pair.slice(0, eq)).trim().toLowerCase();
    if (eq < 0) {
      if (pair.trim().length >= 8 && !COOKIE_ATTRIBUTES.has(name)) pushTrimmed(text, i, j, out);
    } else if (!COOKIE_ATTRIBUTES.has(name)) pushTrimmed(text, i + eq + 1, j, out);
    i = j + 1;
  }
}

function indexBefore(text: string, c: string, from: number, end: number): number {
  for (let i = from; i < end; i++) if (text[i] === c) return i;
  return -1;
}

function pushTrimmed(text: string, start: number, end: number, out: Span[]): void {
  let a = start;
  let b = end;
  while (a < b && isSpace(text[a])) a++;
  while (b > a && (isSpace(text[b - 1]) || text[b - 1] === ',')) b--;
  if (b > a && !isPlaceholder(text.slice(a, b))) out.push({ start: a, end: b, kind: 'cookie' });
}

export const assignmentPatterns: readonly RegExp[] = [
  NAME_SEP,
  NOT_BEFORE_NAME,
  PAIR,
  SPACED,
  NETRC,
  XML_ELEMENT,
  XML_KEY_VALUE,
  AUTH_SCHEME,
];
