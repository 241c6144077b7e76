// Key material: PEM/OpenSSH/PGP private key blocks (found with indexOf; an unterminated
// block runs to the end of the text), a line that is nothing but a long base64 run (a key
// block's body quoted line by line), and a bare 40-character AWS secret key or an
// 88-character Azure key, told from paths and words by looksRandom.
import { looksRandom } from './shape.js';
import type { Span } from './spans.js';
import type { Doc } from './values.js';

const BEGIN = '-----BEGIN ';
const KEY_HEADER = /^-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----/;
const BASE64 = /^[A-Za-z0-9+/]+$/;
const UUID = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/;

/** Characters of base64 and base64url (and `.`, JWT's separator); `=` is padding. */
const IN_RUN = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_.-')
  IN_RUN[c.charCodeAt(0)] = 1;

/** Runs of 40 to 4096 such characters, not touching `=` on their left: one pass over the text. */
function runs(text: string): [number, number][] {
  const out: [number, number][] = [];
  let start = -1;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    const code = i < n ? text.charCodeAt(i) : 0;
    if (code < 128 && IN_RUN[code] === 1) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0 && i - start >= 40 && i - start <= 4096 && text.charCodeAt(start - 1) !== 61)
      out.push([start, i]);
    start = -1;
  }
  return out;
}

export function findKeys(doc: Doc, out: Span[]): void {
  const { text } = doc;
  let from = 0;
  for (;;) {
    const start = text.indexOf(BEGIN, from);
    if (start < 0) break;
    const header = KEY_HEADER.exec(text.slice(start, start + 80));
    if (!header) {
      from = start + BEGIN.length;
      continue;
    }
    const endTag = header[0].replace('BEGIN', 'END');
    const end = text.indexOf(endTag, start + header[0].length);
    const stop = end < 0 ? text.length : end + endTag.length;
    out.push({ start, end: stop, kind: 'private-key' });
    from = stop;
  }
  for (const [start, runEnd] of runs(text)) {
    let end = runEnd;
    let pad = 0;
    while (text[end + pad] === '=' && pad < 2) pad++;
    if (/[A-Za-z0-9+/=_.-]/.test(text[end + pad] ?? '')) continue;
    const run = text.slice(start, runEnd);
    const base64 = BASE64.test(run);
    // A bare AWS secret key: 40 characters of base64, not a path, not words.
    if (base64 && run.length === 40 && pad === 0 && looksRandom(run)) {
      out.push({ start, end, kind: 'aws-secret-key' });
      continue;
    }
    // An Azure storage or service key: 86 characters and `==`.
    if (base64 && run.length === 86 && pad === 2 && looksRandom(run)) {
      out.push({ start, end: end + pad, kind: 'secret' });
      continue;
    }
    // A line that is nothing but the run: a key block's body, or a long token wrapped alone
    // (a GPU or MIG UUID is neither).
    end += pad;
    if (aloneOnLine(doc, start, end) && !UUID.test(run) && looksRandom(run.replace(/[._-]/g, '')))
      out.push({ start, end, kind: 'key-material' });
  }
}

function aloneOnLine(doc: Doc, start: number, end: number): boolean {
  const { text } = doc;
  const ls = doc.lineStart(start);
  const le = doc.lineEnd(end);
  if (start - ls > 8 || le - end > 8) return false;
  return text.slice(ls, start).trim() === '' && text.slice(end, le).trim() === '';
}

export const keyPatterns: readonly RegExp[] = [KEY_HEADER, BASE64, UUID];
