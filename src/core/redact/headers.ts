// Credentials in HTTP forms outside `Name: value` pairs (those are names, read by
// assignments.ts): a `Bearer` token anywhere, and the cookie reprs of Python's requests.
import type { Span } from './spans.js';
import type { Doc } from './values.js';

const BEARER = /(?<![\w-])[Bb][Ee][Aa][Rr][Ee][Rr][ \t]{1,4}([A-Za-z0-9._~+/=-]{8,4096})/g;
/** `<Cookie sessionid=abc for .example.com/>` in a RequestsCookieJar repr. */
const COOKIE_REPR = /<Cookie [^\s=<>]{1,128}=(?=[^\s<>]{1,4096} for )/g;

export function findHeaders(doc: Doc, out: Span[]): void {
  const { text } = doc;
  BEARER.lastIndex = 0;
  for (let m = BEARER.exec(text); m; m = BEARER.exec(text)) {
    const token = m[1] as string;
    // "Bearer authentication failed" is prose: a token mixes cases, digits or symbols.
    if (/^[a-z]+$/.test(token)) continue;
    const start = m.index + m[0].length - token.length;
    out.push({ start, end: m.index + m[0].length, kind: 'bearer' });
  }
  COOKIE_REPR.lastIndex = 0;
  for (let m = COOKIE_REPR.exec(text); m; m = COOKIE_REPR.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf(' for ', start);
    out.push({ start, end, kind: 'cookie' });
  }
}

export const headerPatterns: readonly RegExp[] = [BEARER, COOKIE_REPR];
