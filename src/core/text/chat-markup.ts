// What chat adds around a pasted log, taken off once before anything reads the text:
// the classifier, the quoted evidence and the fingerprint then all see the same lines,
// so one paste with or without a code block is one crash. Code fences (also those
// glued to the first or last line: ```RuntimeError: ...```), a line wrapped whole in
// `backticks`, and quote markers (`> ` per line, Discord's `>>> ` before the rest).
// Lines are never removed, only emptied, so line numbers stay those of the paste.
// Platform escapes (Slack's &lt; and <url|label>) are the adapter's to undo, since only
// it knows them.

/** A fence line alone: three or more backticks and an optional language tag. */
const FENCE_LINE = /^\s{0,8}`{3,}[\w+.#-]{0,30}\s*$/;
/** A fence glued to the first line: backticks, then text (kept as $2). */
const OPENING_FENCE = /^(\s{0,8})`{3,}(\S)/;
/** A line that is one inline code span: `text` with no other backtick in it. */
const INLINE_CODE = /^(\s{0,8})`([^`]+)`\s*$/;
const QUOTE = /^ {0,3}> ?/;
const BLOCK_QUOTE = /^ {0,3}>>> ?/;

export function undoChatMarkup(text: string): string {
  if (!text.includes('`') && !text.includes('>')) return text;
  const lines = text.split('\n');
  const blockQuoted = BLOCK_QUOTE.test(lines[0] ?? '');
  return lines
    .map((line, i) => {
      let s = line;
      if (blockQuoted && i === 0) s = s.replace(BLOCK_QUOTE, '');
      else if (!blockQuoted && QUOTE.test(s) && !BLOCK_QUOTE.test(s)) s = s.replace(QUOTE, '');
      if (FENCE_LINE.test(s)) return '';
      return withoutClosingFence(s.replace(OPENING_FENCE, '$1$2')).replace(INLINE_CODE, '$1$2');
    })
    .join('\n');
}

/** Every regular expression this module runs on input, for the backtracking-safety test. */
export const CHAT_MARKUP_REGEXES: readonly RegExp[] = [
  FENCE_LINE,
  OPENING_FENCE,
  INLINE_CODE,
  QUOTE,
  BLOCK_QUOTE,
];

/**
 * A fence glued to the last line (```` text``` ````) taken off with the white space after it.
 * A loop from the end: a pattern for it (`` `{3,}\s*$ ``) would rescan a run of
 * backticks from each of them. As the pattern did, a run after white space (or alone)
 * is a fence only from its second backtick.
 */
function withoutClosingFence(line: string): string {
  let end = line.length;
  while (end > 0 && WHITE.test(line[end - 1]!)) end--;
  let start = end;
  while (start > 0 && line[start - 1] === '`') start--;
  const run = end - start;
  if (run >= 3 && start > 0 && !WHITE.test(line[start - 1]!)) return line.slice(0, start);
  if (run >= 4) return line.slice(0, start + 1);
  return line;
}

const WHITE = /\s/;
