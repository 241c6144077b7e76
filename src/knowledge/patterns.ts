// Compiles knowledge patterns and derives, from each, the literals one of which any
// matching line must contain. The scanner joins all literals into one prefilter so
// that most lines of a big log are rejected by a single test.
import type { CompiledPattern } from '../core/knowledge.js';
import { literalNeedles, MIN_NEEDLE } from '../core/text/regex-literals.js';
import { nestedRepetition } from './regex-shape.js';

export type PatternResult = { ok: true; pattern: CompiledPattern } | { ok: false; message: string };

export function compilePattern(source: string, caseSensitive = false): PatternResult {
  let re: RegExp;
  try {
    re = new RegExp(source, caseSensitive ? '' : 'i');
  } catch (err) {
    return { ok: false, message: `invalid regular expression: ${(err as Error).message}` };
  }
  const nested = nestedRepetition(source);
  if (nested)
    return {
      ok: false,
      message: `pattern /${source}/ repeats a group that itself repeats or alternates (${nested}), which can backtrack catastrophically on a long line; repeat a single character class instead`,
    };
  if (re.test(''))
    return { ok: false, message: 'pattern matches the empty string, so it would match every line' };
  const needles = literalNeedles(source);
  if (needles.length === 0) {
    return {
      ok: false,
      message: `every alternative needs a literal of at least ${MIN_NEEDLE} ASCII characters (outside groups and classes), so the scanner can skip lines without it`,
    };
  }
  return {
    ok: true,
    pattern: Object.freeze({
      source,
      re,
      // The prefilter is case-insensitive, so needles are kept lower-case even for case-sensitive patterns.
      needles: Object.freeze(needles.map((n) => n.toLowerCase())),
    }),
  };
}

export { literalNeedles };
