// The shape of a regular expression, read from its source without running it: whether
// it repeats at all, and whether it repeats a group that itself repeats or alternates
// (`(a+)+`, `(?:a|ab)*`), the shape behind every case of exponential backtracking.

import { outsideClasses } from '../core/text/regex-source.js';

/**
 * A group repeated by `*`, `+` or `{n,m}` (m > 1) whose body repeats or alternates, such
 * as `(a+)+` or `(?:\w|\d)*`: the quoted group, or null when there is none.
 */
export function nestedRepetition(source: string): string | null {
  const groups: { start: number; repeats: boolean; alternates: boolean }[] = [];
  for (const i of outsideClasses(source)) {
    const c = source[i];
    const top = groups[groups.length - 1];
    if (c === '(') groups.push({ start: i, repeats: false, alternates: false });
    else if (c === '|') {
      if (top) top.alternates = true;
    } else if (c === ')') {
      const group = groups.pop();
      const q = loopLength(source, i + 1);
      if (group && q > 0 && (group.repeats || group.alternates)) return source.slice(group.start, i + 1 + q);
      const outer = groups[groups.length - 1];
      if (outer && (q > 0 || group?.repeats)) outer.repeats = true;
    } else if (top && loopLength(source, i) > 0) top.repeats = true;
  }
  return null;
}

/** The length of the repeating quantifier at `i` (`*`, `+`, `{n,}`, `{n,m}` with m > 1), or 0. */
function loopLength(source: string, i: number): number {
  const c = source[i];
  if (c === '*' || c === '+') return 1;
  if (c !== '{') return 0;
  const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i, i + 24));
  if (!m) return 0;
  const max = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Number.POSITIVE_INFINITY : Number(m[3]);
  return max > 1 ? m[0].length : 0;
}

/**
 * A pattern with no repetition (no `*`, `+` or `{...}` outside character classes)
 * matches a finite language: from any start it can try only a fixed number of paths,
 * so it cannot backtrack catastrophically and needs no checker.
 */
export function hasRepetition(source: string): boolean {
  for (const i of outsideClasses(source)) {
    const c = source[i];
    if (c === '*' || c === '+' || c === '{') return true;
  }
  return false;
}
