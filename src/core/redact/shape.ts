// What a value looks like: a placeholder, a path, words, or a random string. Plain
// loops over characters, no patterns that could backtrack.

const PLACEHOLDER_WORDS = new Set([
  'none',
  'null',
  'nil',
  'true',
  'false',
  'undefined',
  'yes',
  'no',
  'on',
  'off',
  'redacted',
  'hidden',
  'masked',
  'required',
  'optional',
  'prompt',
  'stdin',
  'string',
  'str',
  'changeme',
  'xxx',
  'todo',
  '...',
]);

/** `$VAR`, `${VAR}`, `<your token>`, `***`, `None`, `os.environ[...]`: nothing to hide. */
export function isPlaceholder(value: string): boolean {
  const v = value.trim();
  if (v === '' || v.startsWith('[REDACTED:')) return true;
  const c = v[0]!;
  if (c === '$' || c === '<' || c === '%' || c === '{' || c === '@') {
    // `{braced}` ODBC values and `%(password)s` templates: a secret only when it is not a template.
    if (c === '{' && !v.startsWith('{{') && !v.startsWith('${')) return false;
    if (c === '@' && v.length > 1 && v[1] !== '{') return false;
    return true;
  }
  if (/^[*xX•.]{3,}$/.test(v)) return true;
  // `hf_xxx`, `sk-...`, `YOUR_API_KEY`, `your-token-here`: what documentation writes instead.
  if (/^[A-Za-z]{2,8}[_-](?:x{3,}|X{3,}|\.{3,}|\*{3,}|…)$/.test(v)) return true;
  if (
    /^<.*>$|^(?:your|my)[_ -]|_here$|-here$|^(?:changeme|replace[_-]?me|example|dummy|placeholder|secret|password|token)$/i.test(
      v,
    )
  )
    return true;
  // `(redacted)`, `[FILTERED]`, `"none"`: a word in brackets or quotes.
  const inner = /^[([<"']([^()[\]<>"']{0,20})[)\]>"']$/.exec(v)?.[1] ?? v;
  return PLACEHOLDER_WORDS.has(inner.toLowerCase()) || inner.toLowerCase() === 'filtered';
}

/** `/x/y`, `./x`, `~/x`, `C:\x`, `file.pem`: where a key is kept, not the key. */
export function looksLikePath(value: string): boolean {
  const v = value.trim();
  if (/^(?:[A-Za-z]:[\\/]|\\\\)/.test(v)) return true;
  // `/etc/ssl/key.pem` reads as words between its slashes; base64 that starts with one does not.
  if (/^(?:\/|\.{1,2}\/|~\/)/.test(v))
    return v.split('/').every((seg) => seg === '' || wordShare(seg) >= 0.8);
  return /\.(?:pem|key|crt|cer|der|p12|pfx|jks|json|ya?ml|toml|ini|txt|env|cfg|conf|pub|gpg|asc)$/i.test(v);
}

const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
const OTHER = 4;

function classOf(code: number): number {
  if (code >= 65 && code <= 90) return UPPER;
  if (code >= 97 && code <= 122) return LOWER;
  if (code >= 48 && code <= 57) return DIGIT;
  return OTHER;
}

/**
 * Share of a string made of runs that read as words or numbers: lowercase runs of 3+
 * (with their capital), capital runs of 3+, digit runs of 2+, punctuation. Paths and
 * identifiers score near 1; a random base64 string of 40 characters is below 0.8 in 999
 * cases of 1000.
 */
export function wordShare(s: string): number {
  if (s.length === 0) return 1;
  let wordy = 0;
  let i = 0;
  while (i < s.length) {
    const c = classOf(s.charCodeAt(i));
    let j = i + 1;
    while (j < s.length && classOf(s.charCodeAt(j)) === c) j++;
    const len = j - i;
    if (c === LOWER && len >= 3) wordy += len + (i > 0 && classOf(s.charCodeAt(i - 1)) === UPPER ? 1 : 0);
    else if ((c === UPPER && len >= 3) || (c === DIGIT && len >= 2) || c === OTHER) wordy += len;
    i = j;
  }
  return Math.min(1, wordy / s.length);
}

/** Mixed upper and lower case and digits, not hex, not words: how keys and tokens look. */
export function looksRandom(s: string, minLength = 16): boolean {
  if (s.length < minLength) return false;
  let upper = false;
  let lower = false;
  let digit = false;
  let hex = true;
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    const c = classOf(code);
    if (c === UPPER) upper = true;
    else if (c === LOWER) lower = true;
    else if (c === DIGIT) digit = true;
    if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70)))
      hex = false;
  }
  if (!(upper && lower && digit) || hex) return false;
  if (
    s.includes('/') &&
    (s.startsWith('/') || s.split('/').every((seg) => seg === '' || wordShare(seg) >= 0.8))
  )
    return false;
  return wordShare(s) < 0.8;
}

/** Letters and digits both, 16+ characters of a token alphabet: a value a key name could hold. */
export function looksLikeKeyValue(s: string): boolean {
  if (s.length < 16 || looksLikePath(s)) return false;
  let letter = false;
  let digit = false;
  for (let i = 0; i < s.length; i++) {
    const c = classOf(s.charCodeAt(i));
    if (c === UPPER || c === LOWER) letter = true;
    else if (c === DIGIT) digit = true;
    else if (!'+/=_-.~:'.includes(s[i]!)) return false;
  }
  return letter && digit;
}

/** Lower-case letters with few vowels: a random string, not a word (`kskhzmgbchnk`, not `python`). */
export function randomLowercase(s: string): boolean {
  if (s.length < 8 || !/^[a-z]+$/.test(s)) return false;
  let vowels = 0;
  for (const c of s) if ('aeiouy'.includes(c)) vowels++;
  return vowels / s.length < 0.3;
}
