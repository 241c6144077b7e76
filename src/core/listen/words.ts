// Word-level reading of a chat line for listening: the markup it opens with, its tokens,
// which tokens are words of prose, and who is speaking. Plain string scanning.

/** Chat markup that may open a line: indentation, quotes, emphasis, inline code, bullets, headings, a task box. */
export function stripMarkup(line: string): string {
  let i = 0;
  while (i < line.length && ' \t>*_`~|#'.includes(line[i]!)) i++;
  // A list bullet: "- ", "+ " is a diff, not a bullet; then a task box "[ ] " or "[x] ".
  if (line[i] === '-' && line[i + 1] === ' ') i += 2;
  const rest = line.slice(i).trimStart();
  if (rest.startsWith('[ ] ') || rest.startsWith('[x] ') || rest.startsWith('[X] ')) return rest.slice(4);
  return rest;
}

/**
 * Lowercase words that make a line someone's own account: English, and the pronouns of the
 * languages whose writers report here in their own (Vietnamese "mình", Russian "у меня",
 * German "ich", Portuguese "eu", Indonesian "saya" ...). Words that are also common words of
 * another language ("em", "ma", "mi", "ja", "ben") are left out.
 */
export const FIRST_PERSON = new Set([
  'i',
  "i'm",
  "i've",
  "i'd",
  'i’m',
  'i’ve',
  'i’d',
  // An opening quote typed for the apostrophe ("I‘m sure both graphices and memory are sufficient").
  'i‘m',
  'i‘ve',
  'i‘d',
  'my',
  'me',
  // Vietnamese
  'mình',
  'tôi',
  'tớ',
  // Russian, Ukrainian
  'я',
  'мне',
  'меня',
  'мой',
  'моя',
  'моей',
  'мою',
  'мои',
  'мені',
  'мій',
  // German
  'ich',
  'mein',
  'meine',
  'meinem',
  'meinen',
  'meiner',
  'mir',
  'mich',
  // French
  'je',
  "j'ai",
  'j’ai',
  'moi',
  // Spanish, Portuguese, Italian
  'yo',
  'eu',
  'meu',
  'minha',
  'io',
  'mio',
  // Turkish, Indonesian, Polish
  'benim',
  'bende',
  'saya',
  'aku',
  'mnie',
]);

/** The text's pieces between spaces (none empty). */
export function tokens(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (;;) {
    const space = text.indexOf(' ', start);
    const end = space < 0 ? text.length : space;
    if (end > start) out.push(text.slice(start, end));
    if (space < 0) return out;
    start = space + 1;
  }
}

/** A token that is a word of prose: letters (an apostrophe or hyphen inside), then punctuation. */
export function isWordToken(token: string): boolean {
  let start = 0;
  let end = token.length;
  while (start < end && '"“‘\'('.includes(token[start]!)) start++;
  while (end > start && '.,;:!?"”’\')'.includes(token[end - 1]!)) end--;
  if (end - start < 1) return false;
  for (let i = start; i < end; i++) {
    const c = token[i]!;
    if (!isLetterChar(c) && !((c === "'" || c === '’' || c === '-') && i > start && i < end - 1))
      return false;
  }
  return true;
}

/** A letter of any script (one with case), told without building strings for ASCII. */
export function isLetterChar(c: string): boolean {
  const code = c.charCodeAt(0);
  if (code < 0x80) return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return c.toLowerCase() !== c.toUpperCase();
}

export function trimPunctuation(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && '"“(\''.includes(word[start]!)) start++;
  while (end > start && '.,;:!?"”)\''.includes(word[end - 1]!)) end--;
  return word.slice(start, end);
}

/**
 * The line's words, lowercased and without their punctuation. The layout asks this of the same
 * line from several readings (first person, the reader, a paste's nouns, a guide's parts), so the
 * words of the lines read last are kept: shared, and so read-only.
 */
export function lowerWords(text: string): readonly string[] {
  if (text.length > KEPT_LINE) return Object.freeze(tokens(text.toLowerCase()).map(trimPunctuation));
  let words = recentWords.get(text);
  if (words === undefined) {
    if (recentWords.size >= RECENT_WORDS) recentWords.clear();
    words = Object.freeze(tokens(text.toLowerCase()).map(trimPunctuation));
    recentWords.set(text, words);
  }
  return words;
}

/** How many lines' words are kept, and how long a kept line may be: at most about 1 MB of text. */
const RECENT_WORDS = 512;
const KEPT_LINE = 2048;
const recentWords = new Map<string, readonly string[]>();

export function hasFirstPerson(text: string): boolean {
  return (
    lowerWords(text).some((w) => FIRST_PERSON.has(w)) ||
    (hasCjk(text) && CJK_FIRST_PERSON.some((w) => text.includes(w)))
  );
}

/** The writer in Chinese, Korean and Japanese, whose words are not cut by spaces ("我", "제가", "私は"). */
const CJK_FIRST_PERSON: readonly string[] = [
  '我',
  '제가',
  '저는',
  '저도',
  '저의',
  '내가',
  '나는',
  '私は',
  '私の',
  '私も',
  '僕',
];

/**
 * Inline code inside writing (`except torch.cuda.OutOfMemoryError`, `zsh: killed`) stands
 * for one word of the sentence around it; a line that is nothing but code stays as it is.
 */
export function codeAsWords(text: string): string {
  if (!text.includes('`')) return text;
  let out = '';
  let outside = '';
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('`', i);
    if (open < 0) break;
    const close = text.indexOf('`', open + 1);
    if (close < 0) break;
    out += `${text.slice(i, open)}code`;
    outside += text.slice(i, open);
    i = close + 1;
  }
  out += text.slice(i);
  outside += text.slice(i);
  return tokens(outside).length >= 2 ? out : text;
}

/**
 * The text with a program's message quoted inside it ("I meet "unexpected bus error encountered
 * in worker, This might be caused by insufficient shared memory (shm)"") as the one word
 * "quote": the hedges and advice a program prints are not the writer's. Only quotes of 16
 * characters or more on one line, and only when the writer's own words remain.
 */
export function quotesAsWords(text: string): string {
  if (!text.includes('"') && !text.includes('“')) return text;
  let out = '';
  let from = 0;
  // Where the next closing mark after the last search lies (-1: none after it), per kind of
  // quote: every later opening mark before it closes there too, so the text is read once.
  let nextStraight: number | undefined;
  let nextCurly: number | undefined;
  // The end of the line being read (-1: the last line), found again only past it.
  let lineEnd = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '"' && c !== '“') continue;
    const close = c === '"' ? '"' : '”';
    let end = c === '"' ? nextStraight : nextCurly;
    if (end === undefined || (end >= 0 && end <= i)) {
      end = text.indexOf(close, i + 1);
      if (c === '"') nextStraight = end;
      else nextCurly = end;
    }
    if (lineEnd !== -1 && lineEnd <= i) lineEnd = text.indexOf('\n', i + 1);
    if (end > i && (lineEnd < 0 || end < lineEnd)) {
      // A short quote ("without") is the writer's word, kept; its closing mark opens nothing.
      if (end - i - 1 >= QUOTE_MIN) {
        out += `${text.slice(from, i)}quote`;
        from = end + 1;
      }
      i = end;
    }
  }
  if (from === 0) return text;
  out += text.slice(from);
  return tokens(out.replaceAll('quote', '')).length < 2 ? text : out;
}

/** The shortest quote read as a program's message. */
const QUOTE_MIN = 16;

export function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  return i;
}

/** Han, kana or Hangul: writing with no spaces between its words. */
export function hasCjk(text: string): boolean {
  // One character class: the engine's own scan is many times faster than a loop here.
  return CJK.test(text);
}

/** Kana, the CJK ideographs, Hangul syllables (all in the Basic Multilingual Plane). */
const CJK = /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/;

/** A line cut after ". ", "? ", "! " and the CJK full stops. */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // . ? ! before a space; 。 ？ ！ anywhere.
    const ends =
      ((c === 0x2e || c === 0x3f || c === 0x21) && text.charCodeAt(i + 1) === 0x20) ||
      c === 0x3002 ||
      c === 0xff1f ||
      c === 0xff01;
    if (ends) {
      out.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.filter((s) => s.trim().length > 0);
}

export function isQuestion(sentence: string): boolean {
  const t = sentence.trimEnd();
  return t.endsWith('?') || t.endsWith('？');
}
