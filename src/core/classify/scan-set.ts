// One prefilter for everything the scanner looks for. Every pattern and extractor
// declares literals ("needles") one of which any line it can use must contain; the
// needles are joined into a single case-insensitive alternation, so a line of noise
// costs one regex test. On a hit, the needles found say which patterns to try.
import type { CompiledPattern } from '../knowledge.js';
import { escapeRegExp } from '../text/regex-escape.js';
import { buildGramTables, type GramTables } from './gram-filter.js';

export interface NeedleTargets {
  /** Indexes into ScanSet.patterns. */
  patterns: number[];
  /** Indexes into the extractor slots. */
  extractors: number[];
}

export interface ScanSet {
  readonly patterns: readonly CompiledPattern[];
  readonly extractorCount: number;
  /** A cheaper first pass than the prefilter: a line it rejects holds no needle. */
  readonly grams: GramTables;
  /** Global, case-insensitive; longest needles first. */
  readonly prefilter: RegExp;
  /** Lower-case needle -> what it (and every needle inside it) leads to. */
  readonly targets: ReadonlyMap<string, NeedleTargets>;
}

export function buildScanSet(
  patterns: readonly CompiledPattern[],
  extractorNeedles: readonly (readonly string[])[],
): ScanSet {
  const direct = new Map<string, NeedleTargets>();
  const at = (n: string) => {
    let t = direct.get(n);
    if (!t) {
      t = { patterns: [], extractors: [] };
      direct.set(n, t);
    }
    return t;
  };
  patterns.forEach((pat, i) => {
    if (pat.needles.length === 0) throw new Error(`pattern without needles: ${pat.source}`);
    for (const n of pat.needles) at(n.toLowerCase()).patterns.push(i);
  });
  extractorNeedles.forEach((needles, i) => {
    for (const n of needles) at(n.toLowerCase()).extractors.push(i);
  });
  const needles = [...direct.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  // A needle found implies every needle it contains was found too.
  const targets = new Map<string, NeedleTargets>();
  for (const n of needles) {
    const pats = new Set<number>();
    const exts = new Set<number>();
    for (const m of needles) {
      if (m.length <= n.length && n.includes(m)) {
        for (const x of direct.get(m)!.patterns) pats.add(x);
        for (const x of direct.get(m)!.extractors) exts.add(x);
      }
    }
    targets.set(n, {
      patterns: [...pats].sort((a, b) => a - b),
      extractors: [...exts].sort((a, b) => a - b),
    });
  }
  const prefilter = new RegExp(needles.map(escapeRegExp).join('|'), 'gi');
  return {
    patterns,
    extractorCount: extractorNeedles.length,
    grams: buildGramTables(needles),
    prefilter,
    targets,
  };
}

/**
 * The needles present in `text`, as the union of their targets; null when none is.
 * Finds the longest needle at each start position; shorter ones there are implied.
 */
export function findTargets(
  set: ScanSet,
  text: string,
): { patterns: Set<number>; extractors: Set<number> } | null {
  const re = set.prefilter;
  re.lastIndex = 0;
  let m = re.exec(text);
  if (!m) return null;
  const patterns = new Set<number>();
  const extractors = new Set<number>();
  const seen = new Set<string>();
  while (m) {
    const needle = m[0].toLowerCase();
    if (!seen.has(needle)) {
      seen.add(needle);
      const t = set.targets.get(needle);
      if (t) {
        for (const x of t.patterns) patterns.add(x);
        for (const x of t.extractors) extractors.add(x);
      }
    }
    re.lastIndex = m.index + 1;
    m = re.exec(text);
  }
  return { patterns, extractors };
}

/** Cheap yes/no: does the text contain any needle at all? */
export function hasNeedle(set: ScanSet, text: string): boolean {
  set.prefilter.lastIndex = 0;
  return set.prefilter.test(text);
}
