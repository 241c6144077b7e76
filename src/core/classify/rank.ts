// Turns what the scanner saw into ranked causes. Each satisfied rule contributes its
// weight to its cause; a specific error line outweighs generic evidence by weight
// alone, the last specific error counts most, and further independent evidence raises
// confidence with diminishing returns.
import { FRAMEWORK_FAMILY } from '../frameworks.js';
import type { Condition, Rule } from '../knowledge.js';
import type { CauseResult, Check, Evidence, Framework, Os } from '../types.js';
import type { CompiledClassifier } from './engine.js';
import { plainEvidence, type Quoter } from './quote.js';
import { hitList, type ScanResult } from './scanner.js';

/** Causes under this confidence are not named. */
export const MIN_CONFIDENCE = 0.3;
const MAX_CAUSES = 5;
const MAX_EVIDENCE = 4;
/** How much earlier errors are discounted against the last one. */
const POSITION_SPAN = 0.08;
/** A symptom line's weight when a failed version check names another cause (the check is the cause, the line its effect). */
const SYMPTOM_UNDER_FAILED_CHECK = 0.5;

export interface ExitSeen {
  name: string;
  line: number;
  /** The line as it was read. */
  raw: string;
}

export interface RankInput {
  compiled: CompiledClassifier;
  scan: ScanResult;
  exits: readonly ExitSeen[];
  framework: Framework | null;
  os: Os | null;
  checks: readonly Check[];
  /** Quotes the evidence lines that are read. */
  quoter: Quoter;
}

interface Contribution {
  rule: Rule | null;
  weight: number;
  kind: Rule['kind'];
  evidence: Evidence[];
}

/** A rule that fired, for the listening decision and for tests. */
export interface FiredRule {
  ruleId: string;
  cause: string;
  kind: Rule['kind'];
  weight: number;
  evidence: readonly Evidence[];
  /** The rule's line pattern, when it has one. */
  match?: RegExp;
}

export interface Ranking {
  causes: CauseResult[];
  fired: FiredRule[];
  /** An exit code was read and no rule fired on any other line of the log (nothing telling was printed). */
  bareExit: boolean;
}

export function rankCauses(input: RankInput): Ranking {
  const { compiled } = input;
  const byCause = new Map<string, Contribution[]>();
  const push = (cause: string, c: Contribution) => {
    const list = byCause.get(cause) ?? [];
    list.push(c);
    byCause.set(cause, list);
  };
  const plan = planOf(compiled);
  // Most rules saw nothing: they are passed over without building anything for them.
  const fire = (rules: readonly PlannedRule[], bare: boolean) => {
    const out: { rule: Rule; evidence: Evidence[] }[] = [];
    for (const planned of rules) {
      if (!triggered(planned, input)) continue;
      const { rule } = planned;
      const evidence = triggerEvidence(planned, input);
      if (evidence.length === 0 || !conditionsHold(rule, input, bare)) continue;
      out.push({ rule, evidence: [...evidence, ...conditionEvidence(rule, input)] });
    }
    return out;
  };
  const first = fire(plan.first, false);
  const bareExit = input.exits.length > 0 && !first.some((f) => readsLine(f.rule));
  const fired = [...first, ...fire(plan.after, bareExit)];
  const lastError = Math.max(
    0,
    ...fired.filter((f) => f.rule.kind === 'error').map((f) => lastLine(f.evidence)),
  );
  const failed = new Set(
    input.checks.filter((c) => c.status === 'fail' && c.cause).map((c) => c.cause as string),
  );
  for (const { rule, evidence } of fired) {
    const position = rule.kind === 'error' && lastError > 0 ? lastLine(evidence) / lastError : 1;
    const yields = rule.symptom && failed.size > 0 && !failed.has(rule.cause);
    const weight =
      rule.weight * (1 - POSITION_SPAN * (1 - position)) * (yields ? SYMPTOM_UNDER_FAILED_CHECK : 1);
    push(rule.cause, { rule, weight, kind: rule.kind, evidence });
  }
  for (const check of input.checks) {
    if (!check.cause || (check.status !== 'fail' && check.status !== 'warn')) continue;
    if (!compiled.kb.causes.has(check.cause)) continue;
    const weight = check.status === 'fail' ? 0.72 : 0.4;
    push(check.cause, { rule: null, weight, kind: 'error', evidence: check.evidence ?? [] });
  }
  const results: CauseResult[] = [];
  for (const [cause, contributions] of byCause) {
    const def = compiled.kb.causes.get(cause);
    if (!def) continue;
    const named = contributions.filter((c) => c.kind !== 'context');
    if (named.length === 0) continue;
    const confidence = combine(contributions);
    if (confidence < MIN_CONFIDENCE) continue;
    const best = [...named].sort((a, b) => b.weight - a.weight)[0]!;
    results.push({
      id: cause,
      title: def.title,
      confidence: Math.round(confidence * 100) / 100,
      summary: best.rule?.explain ?? def.summary,
      evidence: pickEvidence(best, contributions),
    });
  }
  results.sort((a, b) => b.confidence - a.confidence || a.id.localeCompare(b.id));
  return {
    bareExit,
    causes: results.slice(0, MAX_CAUSES),
    fired: fired.map(({ rule, evidence }) => ({
      ruleId: rule.id,
      cause: rule.cause,
      kind: rule.kind,
      weight: rule.weight,
      evidence,
      ...(rule.match && { match: rule.match.re }),
    })),
  };
}

/** Best weight, then each further distinct rule closes half its weight of the remaining gap. */
function combine(contributions: readonly Contribution[]): number {
  const bestByRule = new Map<string, number>();
  for (const c of contributions) {
    const key = c.rule?.id ?? 'check';
    bestByRule.set(key, Math.max(bestByRule.get(key) ?? 0, c.weight));
  }
  const weights = [...bestByRule.values()].sort((a, b) => b - a);
  let miss = 1 - (weights[0] ?? 0);
  for (const w of weights.slice(1)) miss *= 1 - 0.5 * w;
  return Math.min(0.99, 1 - miss);
}

/** A rule with the scan index of its pattern (-1: it has none, or its pattern was not compiled). */
interface PlannedRule {
  rule: Rule;
  index: number;
}

interface Plan {
  /** The rules read first, in the knowledge base's order. */
  first: PlannedRule[];
  /** Rules that ask whether the exit code stands alone are read after the others. */
  after: PlannedRule[];
}

const plans = new WeakMap<CompiledClassifier, Plan>();

function planOf(compiled: CompiledClassifier): Plan {
  let plan = plans.get(compiled);
  if (!plan) {
    const planned = (rule: Rule): PlannedRule => ({
      rule,
      index: rule.match ? (compiled.indexOf.get(rule.match) ?? -1) : -1,
    });
    const [after, first] = partition(compiled.kb.rules, readsBare);
    plan = { first: first.map(planned), after: after.map(planned) };
    plans.set(compiled, plan);
  }
  return plan;
}

/** Whether the rule may have trigger evidence: its pattern was hit, or (without one) an exit code was read. */
function triggered({ rule, index }: PlannedRule, input: RankInput): boolean {
  if (rule.match) return index !== -1 && input.scan.hits.has(index);
  return input.exits.length > 0;
}

function triggerEvidence({ rule, index }: PlannedRule, input: RankInput): Evidence[] {
  if (rule.match) {
    return index === -1
      ? []
      : hitList(input.scan.hits.get(index)).map((h) => input.quoter.evidence(h.line, h.raw));
  }
  const names = rule.exit ?? [];
  return input.exits.filter((e) => names.includes(e.name)).map((e) => input.quoter.evidence(e.line, e.raw));
}

/** The last line each of a rule's `when` conditions saw (`import torch`, `Loaded cuDNN version 8400`). */
function conditionEvidence(rule: Rule, input: RankInput): Evidence[] {
  const patterns = [...(rule.when?.seen ?? []), ...(rule.when?.anySeen ?? [])];
  const out: Evidence[] = [];
  for (const p of patterns) {
    const i = input.compiled.indexOf.get(p);
    const last = i === undefined ? undefined : hitList(input.scan.hits.get(i)).at(-1);
    if (last && !out.some((e) => e.line === last.line)) out.push(input.quoter.evidence(last.line, last.raw));
  }
  return out;
}

function conditionsHold(rule: Rule, input: RankInput, bare: boolean): boolean {
  if (rule.when && !holds(rule.when, input, bare)) return false;
  if (rule.unless && holds(rule.unless, input, bare)) return false;
  return true;
}

function readsBare(rule: Rule): boolean {
  return rule.when?.bare === true || rule.unless?.bare === true;
}

/** Whether the rule fired on a line of the log: its pattern, or a line its condition needs. */
function readsLine(rule: Rule): boolean {
  return !!rule.match || !!rule.when?.seen?.length || !!rule.when?.anySeen?.length;
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}

function holds(c: Condition, input: RankInput, bare: boolean): boolean {
  if (c.bare && !bare) return false;
  if (c.frameworks) {
    const fw = input.framework;
    if (!fw || !(c.frameworks.includes(fw) || c.frameworks.includes(FRAMEWORK_FAMILY[fw]))) return false;
  }
  if (c.os) {
    const os = input.os;
    if (!os || !(c.os.includes(os) || (os === 'wsl' && c.os.includes('linux')))) return false;
  }
  if (c.exit && !input.exits.some((e) => c.exit!.includes(e.name))) return false;
  const seen = (p: import('../knowledge.js').CompiledPattern) => {
    const i = input.compiled.indexOf.get(p);
    return i !== undefined && (input.scan.hits.get(i)?.count ?? 0) > 0;
  };
  if (c.seen && !c.seen.every(seen)) return false;
  if (c.anySeen && !c.anySeen.some(seen)) return false;
  return true;
}

function lastLine(evidence: readonly Evidence[]): number {
  return evidence.reduce((m, e) => Math.max(m, e.line), 0);
}

/** The winning rule's last lines first, then other supporting lines; in input order. */
function pickEvidence(best: Contribution, all: readonly Contribution[]): Evidence[] {
  const chosen = new Map<number, Evidence>();
  for (const e of best.evidence.slice(-2)) chosen.set(e.line, e);
  const others = all
    .filter((c) => c !== best)
    .sort((a, b) => b.weight - a.weight)
    .flatMap((c) => c.evidence.slice(best.evidence.length > 0 ? -1 : -2));
  for (const e of others) {
    if (chosen.size >= MAX_EVIDENCE) break;
    chosen.set(e.line, e);
  }
  for (const e of best.evidence) {
    if (chosen.size >= MAX_EVIDENCE) break;
    chosen.set(e.line, e);
  }
  return [...chosen.values()].sort((a, b) => a.line - b.line).map(plainEvidence);
}
