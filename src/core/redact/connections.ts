// Credentials inside connection strings: URL userinfo of any scheme
// (`postgres://u:X@h`, `https://user:token@github.com`, `redis://:X@h`, a bare token as
// the user: `https://TOKEN@host`), secrets in a URL's query (`?sig=`, `&token=`), and
// Oracle's `user/X@host` (JDBC thin, sqlplus, cx_Oracle). JDBC and ODBC `password=`/`Pwd=`
// and Azure `AccountKey=` pairs are names, read by assignments.ts.
import { looksRandom } from './shape.js';
import type { Span } from './spans.js';
import { type Doc, isQuote, isSpace } from './values.js';

const SCHEME_CHARS = /[A-Za-z0-9+.-]/;
/** `user:pass` and nothing else up to the line's end (no `;`, `=`, `/`: not a host and its port). */
const CUT_USERINFO = /^[^\s:/@;=?#&]{0,64}:[^\s:/@;=?#&]{1,256}$/;

/** Whether a URL scheme (`https`, `postgresql+psycopg2`) ends at `at`. */
function schemeBefore(text: string, at: number): boolean {
  let s = at;
  while (s > 0 && at - s < 31 && SCHEME_CHARS.test(text[s - 1] as string)) s--;
  while (s < at && !/[A-Za-z]/.test(text[s] as string)) s++;
  return s < at;
}
const AUTHORITY_ENDS = '/?#<>`[]{}|\\^';

const URL_PARAM =
  /[?&;](?:sig|signature|x-amz-signature|x-amz-security-token|x-amz-credential|x-goog-signature|x-goog-credential|token|access_token|id_token|refresh_token|api_key|apikey|api-key|key|password|passwd|pwd|secret|client_secret|auth|sessionid|session_token)=/gi;

/** Oracle `user/password@` (after jdbc:oracle, sqlplus and friends, or connect()). */
const ORACLE = /(?<![\w.$#/@-])[A-Za-z][\w$#]{0,63}\/(?=[^\s/@'"]{1,128}@)/g;
const ORACLE_CONTEXT =
  /oracle|sqlplus|\brman\b|expdp|impdp|sqlldr|dgmgrl|\bconnect\b|\bconn\b|\bdsn\b|\btns|\bexp\b|\bimp\b|jdbc:/gi;

export function findConnections(doc: Doc, out: Span[]): void {
  const { text } = doc;
  for (let at = text.indexOf('://'); at >= 0; at = text.indexOf('://', at + 3))
    if (schemeBefore(text, at)) userinfo(doc, at + 3, out);
  URL_PARAM.lastIndex = 0;
  for (let m = URL_PARAM.exec(text); m; m = URL_PARAM.exec(text)) {
    const start = m.index + m[0].length;
    let end = start;
    const stop = Math.min(text.length, start + 4096);
    while (
      end < stop &&
      !isSpace(text[end]) &&
      !isQuote(text[end]) &&
      !'&#<>\n\r'.includes(text[end] as string)
    )
      end++;
    if (end - start >= 6) out.push({ start, end, kind: 'url-param' });
  }
  // Oracle's form only where Oracle is named: the words first (rare), then their line.
  ORACLE_CONTEXT.lastIndex = 0;
  let searched = -1;
  for (let c = ORACLE_CONTEXT.exec(text); c; c = ORACLE_CONTEXT.exec(text)) {
    if (c.index < searched) continue;
    const end = Math.min(doc.lineEnd(c.index), c.index + 400);
    ORACLE.lastIndex = c.index;
    for (let m = ORACLE.exec(text); m && m.index < end; m = ORACLE.exec(text)) {
      const start = m.index + m[0].length;
      out.push({ start, end: text.indexOf('@', start), kind: 'password' });
    }
    oracleCut(doc, c.index, out);
    searched = end;
  }
}

/**
 * `sqlplus scott/tig` at a line's end, its `er@host` on the next line: the last word of an
 * Oracle line that is `user/…` without its `@` holds the start of the password.
 */
function oracleCut(doc: Doc, from: number, out: Span[]): void {
  const { text } = doc;
  let end = doc.lineEnd(from);
  while (end > from && (isSpace(text[end - 1]) || text[end - 1] === '\\')) end--;
  let word = end;
  while (
    word > from &&
    end - word < 200 &&
    !isSpace(text[word - 1]) &&
    !isQuote(text[word - 1]) &&
    text[word - 1] !== ':'
  )
    word--;
  const slash = text.indexOf('/', word);
  if (slash <= word || slash >= end - 1 || (text.includes('@', word) && text.indexOf('@', word) < end))
    return;
  if (
    !/^[A-Za-z][\w$#]{0,63}$/.test(text.slice(word, slash)) ||
    (text.includes('/', slash + 1) && text.indexOf('/', slash + 1) < end)
  )
    return;
  out.push({ start: slash + 1, end, kind: 'password', cut: true });
}

/** The userinfo of the authority that starts at `from`: `user:password@`, `:password@`, `TOKEN@`. */
function userinfo(doc: Doc, from: number, out: Span[]): void {
  const { text } = doc;
  const stop = Math.min(doc.lineEnd(from), from + 1024);
  let at = -1;
  let end = from;
  while (end < stop) {
    const c = text[end] as string;
    if (isSpace(c) || isQuote(c) || AUTHORITY_ENDS.includes(c)) break;
    if (c === '@') at = end;
    end++;
  }
  if (at < 0) {
    // `redis://:abc` at the line's end: the rest of the password and its `@` are on the next line.
    const rest = text.slice(from, end);
    if ((end === stop || text[end] === '\\') && CUT_USERINFO.test(rest) && !/:\d+$/.test(rest))
      out.push({ start: from + rest.indexOf(':') + 1, end, kind: 'url-password', cut: true });
    return;
  }
  const info = text.slice(from, at);
  const colon = info.indexOf(':');
  if (colon >= 0) {
    if (at > from + colon + 1 && !/^\$|^\*+$|^<|^%\(|^\[REDACTED/.test(info.slice(colon + 1)))
      out.push({ start: from + colon + 1, end: at, kind: 'url-password' });
    return;
  }
  // A token as the user name (`https://ghp_…@github.com`, a Sentry DSN's key).
  if (looksRandom(info) || /^[0-9a-f]{32,}$/i.test(info))
    out.push({ start: from, end: at, kind: 'url-token' });
}

export const connectionPatterns: readonly RegExp[] = [
  SCHEME_CHARS,
  CUT_USERINFO,
  URL_PARAM,
  ORACLE,
  ORACLE_CONTEXT,
];
