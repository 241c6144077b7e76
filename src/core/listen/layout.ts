// How a chat message is laid out, line by line, for listening: which lines are pasted
// output and which are someone writing (a sentence, a heading, a diff, a bare name).
// A message is a crash report when it carries output, not when it names one, so an
// error text inside a sentence, a diff or a document's example does not make it one.
// Plain string scanning: no pattern here can backtrack.

/** `output`: may be pasted output or someone's own account; the other kinds are writing about errors. */
export type LineKind = 'output' | 'sentence' | 'heading' | 'diff' | 'name' | 'blank';

export interface Layout {
  /** kinds[i] is line i + 1's kind. */
  kinds: LineKind[];
  /**
   * An article or guide rather than a report: headings and more sentences than output
   * lines, and nobody saying "I" or "my". Its quoted errors are examples.
   */
  document: boolean;
}

/** Chat markup that may open a line: indentation, quotes, emphasis, inline code, bullets, headings. */
function stripMarkup(line: string): string {
  let i = 0;
  while (i < line.length && ' \t>*_`~|#'.includes(line[i]!)) i++;
  // A list bullet: "- ", "+ " is a diff, not a bullet; "1. " numbered items.
  if (line[i] === '-' && line[i + 1] === ' ') i += 2;
  return line.slice(i).trimStart();
}

/** Lowercase words that make a line someone's own account. */
const FIRST_PERSON = new Set(['i', "i'm", "i've", "i'd", 'i’m', 'i’ve', 'my', 'me']);

/** A token that is a word of prose: letters (an apostrophe or hyphen inside), then punctuation. */
function isWordToken(token: string): boolean {
  let start = 0;
  let end = token.length;
  while (start < end && '"“‘\'('.includes(token[start]!)) start++;
  while (end > start && '.,;:!?"”’\')'.includes(token[end - 1]!)) end--;
  if (end - start < 1) return false;
  for (let i = start; i < end; i++) {
    const c = token[i]!;
    const letter = c.toLowerCase() !== c.toUpperCase();
    if (!letter && !((c === "'" || c === '’' || c === '-') && i > start && i < end - 1)) return false;
  }
  return true;
}

function tokens(text: string): string[] {
  return text.split(' ').filter((t) => t.length > 0);
}

/**
 * A sentence: at least six tokens, four in five of them words, and it does not open
 * the way output does (an error name, a `label: `, a path, a log prefix; the caller's
 * test). "When a container exits with code 137, it typically means ..." is one;
 * "RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB" opens like output.
 */
export function isSentence(text: string, startsLikeOutput: (t: string) => boolean): boolean {
  const body = stripMarkup(text);
  if (startsLikeOutput(body) || FAILURE_OPENINGS.some((o) => body.startsWith(o))) return false;
  const words = tokens(body);
  if (words.length < 6) return false;
  const wordy = words.filter(isWordToken).length;
  if (wordy * 5 < words.length * 4) return false;
  return !introducesOutput(body, startsLikeOutput);
}

/**
 * How programs open a failure message ("Failed to get convolution algorithm. This is
 * probably because cuDNN failed to initialize ..."): what failed comes first.
 */
const FAILURE_OPENINGS = ['Failed to ', 'Could not ', "Couldn't ", 'Unable to ', 'Cannot ', "Can't "];

/** "And I meet this error : RuntimeError: CUDA error: ...": a colon, then output. */
function introducesOutput(body: string, startsLikeOutput: (t: string) => boolean): boolean {
  for (let at = body.indexOf(': '); at >= 0; at = body.indexOf(': ', at + 2)) {
    const rest = body.slice(at + 2).trimStart();
    if (rest.length > 0 && startsLikeOutput(rest) && rest.split(' ', 1)[0]!.includes(':')) return true;
  }
  return false;
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
  for (const w of tokens(text.toLowerCase())) {
    const word = trimPunctuation(w);
    if (FIRST_PERSON.has(word)) return false;
    if (EXPLAINING.has(word)) explains = true;
  }
  return explains;
}

/**
 * A heading: two to seven words, letters only, no closing punctuation, a capital first
 * ("Why it happens", "QUICK FIX", "What the Error Looks Like"), or a Markdown `#` line.
 */
function isHeading(raw: string): boolean {
  if (raw.trim().startsWith('#') && raw.trim().length > 1) return true;
  const trimmed = stripMarkup(raw).trim();
  if (trimmed.length === 0) return false;
  const words = tokens(trimmed);
  if (words.length < 2 || words.length > 7) return false;
  const first = trimmed[0]!;
  if (first === first.toLowerCase()) return false;
  for (const w of words) {
    for (const c of w) if (c.toLowerCase() === c.toUpperCase()) return false;
  }
  return true;
}

/**
 * A title: every word of four letters or more capitalised and one of them in Title case
 * ("CUDA Out of Memory", "Why It Happens"); not "Segmentation fault", not "GPU is NOT AVAILABLE".
 */
function isTitleCase(line: string): boolean {
  const long = tokens(stripMarkup(line)).filter((w) => w.length >= 4);
  const capital = (c: string) => c !== c.toLowerCase();
  const lower = (c: string) => c !== c.toUpperCase();
  return (
    long.every((w) => capital(w[0]!)) && long.some((w) => capital(w[0]!) && [...w.slice(1)].every(lower))
  );
}

/** A bare exception class name on its own line (`torch.cuda.OutOfMemoryError`): a name, not a raised error. */
function isBareName(text: string): boolean {
  const body = stripMarkup(text).trimEnd();
  if (body.length === 0 || body.includes(' ')) return false;
  if (!(body.endsWith('Error') || body.endsWith('Exception'))) return false;
  for (const c of body) {
    if (!(c === '.' || c === '_' || (c >= '0' && c <= '9') || c.toLowerCase() !== c.toUpperCase()))
      return false;
  }
  return true;
}

/** A line that opens a unified diff or a diff block. */
function opensDiff(line: string): boolean {
  const t = line.trim();
  return (
    t.startsWith('diff --git ') ||
    t.startsWith('@@ -') ||
    t.startsWith('+++ ') ||
    t.endsWith('```diff') ||
    t.endsWith('```patch')
  );
}

export function readLayout(lines: readonly string[], startsLikeOutput: (t: string) => boolean): Layout {
  const kinds: LineKind[] = [];
  let inDiff = false;
  let sawTraceback = false;
  let firstPerson = false;
  let headings = 0;
  let sentences = 0;
  let outputs = 0;
  let lastIndent = 0;
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (opensDiff(line)) inDiff = true;
    else if (inDiff && line.trimStart().startsWith('```')) inDiff = false;
    if (line.trim().length === 0) {
      kinds.push('blank');
      continue;
    }
    if (stripMarkup(line).startsWith('Traceback (most recent call last)')) sawTraceback = true;
    if (!firstPerson) {
      for (const w of tokens(line.toLowerCase())) {
        if (FIRST_PERSON.has(trimPunctuation(w))) firstPerson = true;
      }
    }
    let kind: LineKind;
    let heading = false;
    const previous = kinds.at(-1);
    const continues = previous === 'output' && indentOf(line) > 0 && indentOf(line) >= lastIndent;
    if (inDiff && (line.startsWith('+') || line.startsWith('-'))) kind = 'diff';
    else if (!sawTraceback && isBareName(line)) kind = 'name';
    // An indented line right under output goes on with it (a warning's second line).
    else if (!continues && explainsError(line, startsLikeOutput)) kind = 'sentence';
    else if (isHeading(line)) {
      // A title ("CUDA Out of Memory") is writing; a program's shout ("GPU is NOT
      // AVAILABLE") or "Segmentation fault" is output, though it also looks like a heading.
      heading = true;
      kind = isTitleCase(line) ? 'heading' : 'output';
    } else kind = 'output';
    if (heading) headings++;
    else if (kind === 'sentence' || isSentence(line, startsLikeOutput)) sentences++;
    else if (kind === 'output') outputs++;
    kinds.push(kind);
    lastIndent = indentOf(line);
  }
  const document = !firstPerson && headings >= 2 && sentences > outputs;
  return { kinds, document };
}

function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  return i;
}

function trimPunctuation(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && '"“(\''.includes(word[start]!)) start++;
  while (end > start && '.,;:!?"”)\''.includes(word[end - 1]!)) end--;
  return word.slice(start, end);
}
