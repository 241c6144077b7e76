// One prefilter for everything the scanner looks for. Every pattern and extractor
// declares literals ("needles") one of which any line it can use must contain; one
// search for all needles at once (needle-finder.ts) tells a line of noise from a
// candidate, and on a candidate the needles found say which patterns to try.
import type { CompiledPattern } from '../knowledge.js';
import { type GramTables, withNormalisationGrams } from './gram-filter.js';
import { NeedleFinder } from './needle-finder.js';
import { isAscii, WideNeedles } from './wide-needles.js';

export interface NeedleTargets {
  /** Indexes into ScanSet.patterns. */
  patterns: readonly number[];
  /** Bit i set: extractor slot i reads lines holding the needle. */
  extractors: number;
}

export interface ScanSet {
  readonly patterns: readonly CompiledPattern[];
  readonly extractorCount: number;
  /** A cheaper first pass than the prefilter: a line it rejects holds no needle. */
  readonly grams: GramTables;
  /** Every distinct ASCII needle, lower case. */
  readonly finder: NeedleFinder;
  /** By needle index: the patterns and extractors it leads to. */
  readonly targets: readonly NeedleTargets[];
  /** The needles in other scripts (also in `grams.wide`), and by index where they lead. */
  readonly wide: WideNeedles | null;
  readonly wideTargets: readonly NeedleTargets[];
}

/** At most this many extractor slots (a bit each). */
const MAX_EXTRACTORS = 30;

export function buildScanSet(
  patterns: readonly CompiledPattern[],
  extractorNeedles: readonly (readonly string[])[],
): ScanSet {
  if (extractorNeedles.length > MAX_EXTRACTORS) throw new Error('too many extractor slots');
  const direct = new Map<string, { patterns: number[]; extractors: number }>();
  const at = (n: string) => {
    let t = direct.get(n);
    if (!t) {
      t = { patterns: [], extractors: 0 };
      direct.set(n, t);
    }
    return t;
  };
  patterns.forEach((pat, i) => {
    if (pat.needles.length === 0) throw new Error(`pattern without needles: ${pat.source}`);
    for (const n of pat.needles) {
      const t = at(n.toLowerCase());
      if (t.patterns.at(-1) !== i) t.patterns.push(i);
    }
  });
  extractorNeedles.forEach((needles, i) => {
    for (const n of needles) at(n.toLowerCase()).extractors |= 1 << i;
  });
  const ascii = [...direct].filter(([n]) => isAscii(n));
  const other = [...direct].filter(([n]) => !isAscii(n));
  const finder = new NeedleFinder(ascii.map(([n]) => n));
  const wide = other.length > 0 ? new WideNeedles(other.map(([n]) => n)) : null;
  return {
    patterns,
    extractorCount: extractorNeedles.length,
    grams: wide ? { ...withNormalisationGrams(finder), wide } : withNormalisationGrams(finder),
    finder,
    targets: ascii.map(([, t]) => t),
    wide,
    wideTargets: other.map(([, t]) => t),
  };
}

/** The patterns and extractors the needles in a text lead to. */
export interface Targets {
  /** Pattern indexes, each once. */
  patterns: number[];
  /** Bit i set: extractor slot i. */
  extractors: number;
}

/**
 * The union of the targets of the needles present in `text`; null when none is. `marks`
 * (one number per pattern, kept by the caller) avoids a set per line: a pattern is new
 * on this call when its mark is not `stamp`.
 */
export function findTargets(set: ScanSet, text: string, marks: Uint32Array, stamp: number): Targets | null {
  let out: Targets | null = null;
  const add = (t: NeedleTargets) => {
    out ??= { patterns: [], extractors: 0 };
    out.extractors |= t.extractors;
    const patterns = t.patterns;
    for (let k = 0; k < patterns.length; k++) {
      const p = patterns[k]!;
      if (marks[p] === stamp) continue;
      marks[p] = stamp;
      out.patterns.push(p);
    }
    return false;
  };
  set.finder.scan(text, (needle) => add(set.targets[needle]!));
  set.wide?.scan(text, (needle) => add(set.wideTargets[needle]!));
  return out;
}

/** Cheap yes/no: does the text contain any needle at all? */
export function hasNeedle(set: ScanSet, text: string): boolean {
  return set.finder.has(text) || (set.wide?.has(text) ?? false);
}
