// Sentences in a chat line for listening: whether a line is someone's sentence or a
// program's output, whether it explains an error, and where the writer's words end when a
// line hands over to pasted output. Plain string scanning: no pattern here can backtrack.

import { ADVICE } from './account-words.js';
import {
  codeAsWords,
  FIRST_PERSON,
  hasCjk,
  isQuestion,
  isWordToken,
  sentencesOf,
  stripMarkup,
  tokens,
  trimPunctuation,
} from './words.js';

/**
 * A sentence: at least six tokens, four in five of them words, and it does not open
 * the way output does (an error name, a `label: `, a path, a log prefix; the caller's
 * test). "When a container exits with code 137, it typically means ..." is one;
 * "RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB" opens like output.
 */
export function isSentence(text: string, startsLikeOutput: (t: string) => boolean): boolean {
  const body = withoutWritingLabel(stripMarkup(text));
  const opening = stripQuotes(body);
  // Writing without spaces between its words (Chinese, Japanese) is not read by its tokens.
  if (opensLikeOutput(opening, startsLikeOutput) || hasCjk(body)) return false;
  const words = tokens(codeAsWords(body));
  if (words.length < 6) return false;
  const wordy = words.filter(isWordToken).length;
  if (wordy * 5 < words.length * 4) return false;
  return !introducesOutput(body, startsLikeOutput);
}

/** Labels people open a paragraph with ("Problem: ...", "Note: ..."); programs print others. */
const WRITING_LABELS = new Set([
  'problem',
  'note',
  'edit',
  'update',
  'summary',
  'cause',
  'fix',
  'solution',
  'answer',
  'context',
  'motivation',
  'description',
  'question',
  'expected',
  'actual',
  'ps',
  'tl;dr',
  'tldr',
]);

function withoutWritingLabel(body: string): string {
  const colon = body.indexOf(': ');
  if (colon <= 0 || colon > 12) return body;
  return WRITING_LABELS.has(body.slice(0, colon).toLowerCase()) ? body.slice(colon + 2) : body;
}

/**
 * How programs open a failure message ("Failed to get convolution algorithm. This is
 * probably because cuDNN failed to initialize ..."): what failed comes first.
 */
const FAILURE_OPENINGS = [
  'Failed to ',
  'Could not ',
  "Couldn't ",
  'Unable to ',
  'Cannot ',
  "Can't ",
  'Check failed: ',
];

/** Whether a text opens the way a program's message does. */
export function opensLikeOutput(text: string, startsLikeOutput: (t: string) => boolean): boolean {
  return startsLikeOutput(text) || FAILURE_OPENINGS.some((o) => text.startsWith(o));
}

/**
 * A sentence that quotes a program's message whole, in backticks or quotes ("I am having
 * `RuntimeError: jaxlib version 0.5.1 is newer than ...` while running the notebook",
 * 'which is "Check failed: error == cudaSuccess (6 vs. 0) the launch timed out"'): the
 * quote is pasted output. A quoted name ("`RuntimeError`") is not a message.
 */
export function quotesOutput(text: string, startsLikeOutput: (t: string) => boolean): boolean {
  for (const [open, close] of QUOTE_PAIRS) {
    for (let at = text.indexOf(open); at >= 0; ) {
      const end = text.indexOf(close, at + open.length);
      if (end < 0) break;
      const inside = text.slice(at + open.length, end).trim();
      if (tokens(inside).length >= 4 && opensLikeOutput(stripMarkup(inside), startsLikeOutput)) return true;
      at = text.indexOf(open, end + close.length);
    }
  }
  return false;
}

const QUOTE_PAIRS: readonly (readonly [string, string])[] = [
  ['`', '`'],
  ['"', '"'],
  ['“', '”'],
  // The old typewriter style, a backtick opening and an apostrophe closing ("it appears
  // `Segmentation fault (core dumped)'").
  ['`', "'"],
  // Single quotes ("'RuntimeError: cuDNN error: CUDNN_STATUS_EXECUTION_FAILED' occurred
  // after several training epoches"): what is inside must open like output, as for the others.
  ["'", "'"],
];

/**
 * "And I meet this error : RuntimeError: CUDA error: ...", "when I train show:
 * ResourceExhaustedError (see above ...)": a colon, then output (a label or an error's name).
 */
function introducesOutput(body: string, startsLikeOutput: (t: string) => boolean): boolean {
  return writersPart(body, startsLikeOutput) !== body;
}

/**
 * The writer's own words on a line that hands over to output after a colon ("Hi, when i
 * use DDP, it occurs an error: **RuntimeError: ... This error indicates that your module
 * ..."): the program's text after the colon may read like talk, and is not the writer's.
 */
export function writersPart(line: string, startsLikeOutput: (t: string) => boolean): string {
  const glued = exceptionAfterCjk(line);
  if (glued > 0) return line.slice(0, glued);
  for (let at = line.indexOf(': '); at >= 0; at = line.indexOf(': ', at + 2)) {
    const rest = stripQuotes(stripMarkup(line.slice(at + 2)));
    const first = rest.split(' ', 1)[0]!;
    if (rest.length > 0 && startsLikeOutput(rest) && (first.includes(':') || namesError(first)))
      return line.slice(0, at + 1);
    // "The console returned a pretty cut and dry error: Found GPU0 NVIDIA GTX TITAN Black
    // which is of cuda capability 3.5. PyTorch no longer supports this GPU ...": the writer
    // names what comes, and a capital opens the program's words.
    const before = line.slice(Math.max(0, at - 12), at).toLowerCase();
    const named = HANDED_OVER.some((w) => before.endsWith(` ${w}`) || before === w);
    if (named && rest.length > 0 && isCapital(rest[0]!) && !line.slice(0, at).trimEnd().endsWith('?'))
      return line.slice(0, at + 1);
  }
  return line;
}

/**
 * Where an exception's name starts right after Chinese, Japanese or Korean words with no
 * space or colon between ("报错ValueError: No available memory ..."), or -1: what follows is
 * the program's.
 */
export function exceptionAfterCjk(line: string): number {
  if (!hasCjk(line)) return -1;
  for (let at = line.indexOf(': '); at >= 0; at = line.indexOf(': ', at + 2)) {
    let start = at;
    while (start > 0 && isNameChar(line[start - 1]!)) start--;
    const name = line.slice(start, at);
    // Right after the words, or after their full-width colon ("报错：RuntimeError: ...").
    let before = start;
    while (before > 0 && line[before - 1] === ' ') before--;
    if (before > 0 && line[before - 1] === '：') before--;
    if (before > 0 && hasCjk(line[before - 1]!) && /^[A-Za-z]/.test(name) && namesError(name)) return start;
  }
  return -1;
}

function isNameChar(c: string): boolean {
  return c === '.' || c === '_' || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/** What a writer calls the program's words they hand over to after a colon. */
const HANDED_OVER = ['error', 'message', 'output', 'says', 'said', 'traceback', 'log'];

function isCapital(c: string): boolean {
  return c >= 'A' && c <= 'Z';
}

function namesError(token: string): boolean {
  return token.endsWith('Error') || token.endsWith('Exception');
}

/**
 * Quotation marks around a whole pasted message ('"Could not load dynamic library ..."');
 * a quoted name that opens a sentence ('"CUDA out of memory" is the most ...') keeps them.
 */
function stripQuotes(text: string): string {
  const t = text.trimEnd();
  let i = 0;
  while (i < t.length && '"“\''.includes(t[i]!)) i++;
  if (i === 0) return text;
  // The quote closes at the end of the line, or before a colon that goes on with the
  // program's text ('"Unable to initialize backend 'cuda'": module ... has no attribute').
  const close = t.indexOf(t[i - 1] === '“' ? '”' : t[i - 1]!, i);
  return close >= t.length - 2 || t[close + 1] === ':' ? t.slice(i) : text;
}

/**
 * Words that explain an error rather than show or report one ("exit code 137 means",
 * "occurs when", "most common reasons", "because").
 */
const EXPLAINING = new Set([
  'means',
  'meaning',
  'indicates',
  'indicate',
  'indicating',
  'signifies',
  'occurs',
  'occur',
  'happens',
  'because',
  'typically',
  'usually',
  'common',
  'reasons',
  'caused',
]);

/**
 * A sentence that explains an error to someone: sentence-shaped, nobody telling their own
 * run ("I", "my": "i also getting illegal instruction core dumped" is a report), and an
 * explaining word. Programs print sentences too ("Failed to initialize NVML: Driver/library
 * version mismatch", "Please make sure it is in your library path!"); they do not explain.
 */
export function explainsError(text: string, startsLikeOutput: (t: string) => boolean): boolean {
  if (!isSentence(text, startsLikeOutput)) return false;
  let explains = false;
  // A question asks for the reasons ("What's the possible reasons?"); it explains none.
  for (const sentence of sentencesOf(text)) {
    for (const w of tokens(sentence.toLowerCase())) {
      const word = trimPunctuation(w);
      if (FIRST_PERSON.has(word)) return false;
      if (EXPLAINING.has(word) && !isQuestion(sentence)) explains = true;
    }
  }
  return explains;
}

/**
 * Words a person says and a program's message does not: contractions ("that's", "it's")
 * and hedges and asides ("usually", "nothing to do with"); not "just" and "again", which
 * reporters say too ("it just says Killed and exits"). Advice is not one of
 * them: programs give it too ("Try increasing `gpu_memory_utilization`").
 */
const SPOKEN = new Set([
  "that's",
  "it's",
  "isn't",
  "don't",
  "doesn't",
  "won't",
  "there's",
  "we're",
  "you're",
  "let's",
  'that’s',
  'it’s',
  'isn’t',
  'don’t',
  'doesn’t',
  'usually',
  'probably',
  'maybe',
  'always',
  'never',
  'nothing',
  'unlike',
  'instead',
  'seems',
  'think',
  'thought',
  'guess',
  'means',
]);

export function speaksLikeAPerson(line: string): boolean {
  const words = tokens(line.toLowerCase());
  if (words.some((w) => SPOKEN.has(trimPunctuation(w)))) return true;
  // Advice after the first sentence ("... got killed by the OOM killer. Add more swap").
  return sentencesOf(line)
    .slice(1)
    .some((s) => ADVICE.has(trimPunctuation(tokens(s.toLowerCase())[0] ?? '')));
}

/**
 * What a program's message holds and a person's sentence seldom does: a label and its
 * number ("CuDNN library: 8.0.5"), a command-line flag ("--max-batch-total-tokens"), a file
 * name with its extension ("cudart64_110.dll").
 */
export function speaksLikeAProgram(line: string): boolean {
  for (const raw of tokens(line)) {
    const t = trimPunctuation(raw.replace(/`/g, ''));
    if (t.startsWith('--') && t.length > 3) return true;
    const dot = t.lastIndexOf('.');
    if (dot > 0 && ['dll', 'so', 'py', 'h', 'cc', 'cpp', 'cu', 'exe'].includes(t.slice(dot + 1))) return true;
  }
  // A value in parentheses ("max seq len (8192)", "(35 vs. 0)").
  for (let at = line.indexOf('('); at >= 0; at = line.indexOf('(', at + 1)) {
    const next = line[at + 1];
    if (next !== undefined && next >= '0' && next <= '9') return true;
  }
  for (let at = line.indexOf(': '); at >= 0; at = line.indexOf(': ', at + 2)) {
    const next = line[at + 2];
    if (next !== undefined && next >= '0' && next <= '9') return true;
  }
  return false;
}
