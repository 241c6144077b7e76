// Compiles a knowledge base into what the scanner and the ranker run on: one scan set
// holding every rule, condition, harmless and built-in pattern. Built once per
// knowledge base and cached.
import type { CompiledPattern, KnowledgeBase, Rule } from '../knowledge.js';
import { REMEDY_PATTERNS } from '../remedies/markers.js';
import { Remembered } from '../remembered.js';
import type { Framework, Os } from '../types.js';
import { EXCEPTION_LINE, FRAMEWORK_MARKERS, OS_MARKERS, TRACEBACK } from './builtins.js';
import { type AnchorSearch, isSearchable, lazySearch } from './literal-search.js';
import { NeedleFinder } from './needle-finder.js';
import { buildScanSet, type ScanSet } from './scan-set.js';

export interface CompiledClassifier {
  readonly kb: KnowledgeBase;
  readonly set: ScanSet;
  /** Pattern index of each distinct CompiledPattern object. */
  readonly indexOf: ReadonlyMap<CompiledPattern, number>;
  readonly harmless: ReadonlySet<number>;
  /** Patterns tried on harmless lines too: rule conditions (seen / anySeen) and framework/OS markers. */
  readonly conditions: ReadonlySet<number>;
  readonly harmlessIds: ReadonlyMap<number, string>;
  readonly traceback: number;
  readonly exceptionLine: number;
  readonly frameworks: readonly { value: Framework; index: number }[];
  readonly os: readonly { value: Os; index: number }[];
  /**
   * Finds the lines of a big log that hold an anchor: a literal of an error or fallback
   * rule, or of an exit code, rare enough to mark an error line. Context (framework, OS,
   * versions, conditions, generic lines) is read around anchors and at both ends.
   */
  readonly anchors: AnchorSearch;
}

/** Extractor slots, in order; the diagnoser passes extractors in the same order. */
export interface ExtractorNeedles {
  exitCodes: readonly string[];
  versions: readonly string[];
  /** Further extractors after these two (Xid events, NCCL watchdog lines); their needles are anchors too. */
  signals?: readonly (readonly string[])[];
}

const cache = new WeakMap<KnowledgeBase, CompiledClassifier>();

export function compileClassifier(kb: KnowledgeBase, needles: ExtractorNeedles): CompiledClassifier {
  const hit = cache.get(kb);
  if (hit) return hit;
  const patterns: CompiledPattern[] = [];
  const indexOf = new Map<CompiledPattern, number>();
  const add = (p: CompiledPattern): number => {
    let i = indexOf.get(p);
    if (i === undefined) {
      i = patterns.length;
      patterns.push(p);
      indexOf.set(p, i);
    }
    return i;
  };
  const conditions = new Set<number>();
  for (const rule of kb.rules) {
    if (rule.match) add(rule.match);
    for (const p of conditionPatterns(rule)) conditions.add(add(p));
  }
  const harmless = new Set<number>();
  const harmlessIds = new Map<number, string>();
  for (const h of kb.harmless) {
    const i = add(h.pattern);
    harmless.add(i);
    harmlessIds.set(i, h.id);
  }
  const signals = needles.signals ?? [];
  // Anchors serve big logs only: found (and their search built) when one first needs them.
  const anchors = () => anchorsOf(kb.rules, [...needles.exitCodes, ...signals.flat()]);
  const always = (i: number) => {
    conditions.add(i);
    return i;
  };
  // Shell prompts and situation lines (epochs, GPU ordinals, memory figures) for the remedies.
  for (const p of REMEDY_PATTERNS) always(add(p));
  const compiled: CompiledClassifier = {
    kb,
    indexOf,
    harmless,
    conditions,
    harmlessIds,
    traceback: add(TRACEBACK),
    exceptionLine: add(EXCEPTION_LINE),
    // Harmless lines still tell the framework and OS (TensorFlow's device notices).
    frameworks: FRAMEWORK_MARKERS.map((m) => ({ value: m.value, index: always(add(m.pattern)) })),
    os: OS_MARKERS.map((m) => ({ value: m.value, index: always(add(m.pattern)) })),
    set: buildScanSet(patterns, [needles.exitCodes, needles.versions, ...signals]),
    anchors: lazySearch(anchors),
  };
  cache.set(kb, compiled);
  return compiled;
}

/**
 * The anchor literals: every needle of each error or fallback rule whose needles are all
 * long plain ASCII (a rule with a short needle, such as `jax`, is found in context only),
 * and the long needles of the exit-code, Xid and NCCL readers (`segmentation fault`; `exit`
 * and `killed` are context).
 */
function anchorsOf(rules: readonly Rule[], exitNeedles: readonly string[]): readonly string[] {
  const all = new Set<string>();
  for (const rule of rules) {
    if (!rule.match || rule.kind === 'context' || !rule.match.needles.every(isSearchable)) continue;
    for (const n of rule.match.needles) all.add(n.toLowerCase());
  }
  for (const n of exitNeedles) if (isSearchable(n)) all.add(n.toLowerCase());
  const list = [...all].sort();
  return anchorSets.get(list.join('\n'), () => withoutRedundant(list));
}

/** A literal holding a shorter one is redundant: a line with it holds the shorter one too. */
function withoutRedundant(list: readonly string[]): string[] {
  const finder = new NeedleFinder(list);
  return list.filter((n, i) => !finder.scan(n, (other) => other !== i));
}

/** By the candidates, one a line. */
const anchorSets = new Remembered<readonly string[]>(
  'anchors',
  (anchors): anchors is readonly string[] =>
    Array.isArray(anchors) && anchors.every((a) => typeof a === 'string' && isSearchable(a)),
);

function conditionPatterns(rule: Rule): CompiledPattern[] {
  const out: CompiledPattern[] = [];
  for (const c of [rule.when, rule.unless]) {
    if (!c) continue;
    out.push(...(c.seen ?? []), ...(c.anySeen ?? []));
  }
  return out;
}
