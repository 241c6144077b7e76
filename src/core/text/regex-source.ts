// Reading a regular expression's source without running it: where its classes and groups
// end, and its top-level alternatives. Shared by the knowledge compiler (needles, the
// backtracking check) and the redactor (the literal starts of token shapes).

/**
 * The positions of the characters that are regex syntax or literals outside character
 * classes, from `from` on: escapes (`\\x`) and the insides of `[...]` are skipped; a class's
 * `[` is kept.
 */
export function* outsideClasses(source: string, from = 0): Generator<number> {
  let inClass = false;
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    yield i;
  }
}

/** `a|b(c|d)|e` -> `a`, `b(c|d)`, `e`: the alternatives outside any group. */
export function splitTopLevel(source: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (const i of outsideClasses(source)) {
    const c = source[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      out.push(source.slice(start, i));
      start = i + 1;
    }
  }
  out.push(source.slice(start));
  return out;
}

/** The index of the `]` that closes the class opened at `open` (a `]` right after it is a literal), or the length. */
export function classEnd(s: string, open: number): number {
  for (let j = open + 1; j < s.length; j++) {
    if (s[j] === '\\') j++;
    else if (s[j] === ']' && j > open + 1) return j;
  }
  return s.length;
}

/** The index of the `)` that closes the group opened at `open`, or the length. */
export function groupEnd(s: string, open: number): number {
  let depth = 0;
  for (const j of outsideClasses(s, open)) {
    const c = s[j];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j;
  }
  return s.length;
}
