// Literal text inside a regular expression built at run time: every character that has a
// meaning in a pattern is escaped, so the piece matches itself and nothing else. A
// pattern assembled from escaped literals and fixed, proven pieces is what the regex
// safety test (test/architecture/regex-safety.test.ts) accepts from `new RegExp`.

const METACHARACTER = /[.*+?^${}()|[\]\\/]/g;

/** `text` as a pattern that matches exactly it. */
export function escapeRegExp(text: string): string {
  return text.replace(METACHARACTER, '\\$&');
}

/** An alternation of literal texts, longest first (so a longer text wins over its prefix). */
export function alternationOf(texts: readonly string[]): string {
  return [...texts]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
}
