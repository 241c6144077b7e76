// A knowledge row's `source` is written for whoever checks the fact: the documents, and
// how each value was verified (the headers grepped, a command reproduced, the machine it
// ran on). A reply cites only the documents, by name, so the reader knows where to look:
// "Sources: mingw-w64 ntstatus.h; python/cpython#90995". The full text stays in the
// knowledge files and in `--json`.

/** Items that only say how a fact was checked (where, with what), not where it is written. */
const CHECK_NOTE = /\(this machine\)|\(find_string hits\)|^reproduced\b/i;
/** What must never reach a reader: notes about checking, paths inside this project. */
const NOT_A_NAME = /this machine|checked locally|find_string|absence checked|\.\.\/shared\//i;
/** Where a document's name ends and the notes about it begin. */
const NAME_END = / \(|: '| '| - | title | titles | vs | via |, via /;
const MAX_CITED = 4;

/** Splits on semicolons outside parentheses. */
function items(source: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0) {
      out.push(source.slice(start, i));
      start = i + 1;
    }
  }
  out.push(source.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

function documentName(item: string): string {
  const cut = NAME_END.exec(item);
  const name = (cut ? item.slice(0, cut.index) : item).replace(/^[a-z ]{1,20}: /i, '');
  return withoutTrailingPunctuation(name).trim();
}

/** The documents a source cites, for a reply's footer; null when it names none. */
export function citeSources(source: string): string | null {
  const names: string[] = [];
  for (const item of items(source)) {
    if (CHECK_NOTE.test(item)) continue;
    const name = documentName(item);
    if (name && !NOT_A_NAME.test(name) && !names.includes(name)) names.push(name);
  }
  if (names.length === 0) return null;
  const cited = names.slice(0, MAX_CITED);
  return `${cited.length === 1 ? 'Source' : 'Sources'}: ${cited.join('; ')}`;
}

/** Without the white space and `,.:;` it ends with; a loop, as `/[\s,.:;]+$/` would rescan such a run from each of its characters. */
function withoutTrailingPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && TRAILING.test(text[end - 1]!)) end--;
  return text.slice(0, end);
}

const TRAILING = /[\s,.:;]/;
