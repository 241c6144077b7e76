// The compiled, frozen knowledge base the classifier runs on. src/knowledge/ builds it
// from the data files in knowledge/; core only ever sees this compiled form.
import type { ExitCodeTable } from './exit-codes/table.js';
import type { RemedyCheck, RemedySnippet } from './remedies/types.js';
import type { Framework, Os } from './types.js';
import type { CompatTables } from './versions/compat-types.js';
import type { XidCatalog } from './xid/catalog.js';

/** A regular expression plus the lowercase literals one of which any line it matches must contain. */
export interface CompiledPattern {
  source: string;
  re: RegExp;
  /** Empty means the pattern has no usable literal and is tried on every candidate line. */
  needles: readonly string[];
}

export interface Condition {
  frameworks?: readonly Framework[];
  os?: readonly Os[];
  /** Names of decoded exit codes (SIGKILL, STATUS_ACCESS_VIOLATION) seen in the log. */
  exit?: readonly string[];
  /** Every pattern must match some line of the log. */
  seen?: readonly CompiledPattern[];
  /** At least one pattern must match some line of the log. */
  anySeen?: readonly CompiledPattern[];
  /**
   * The log's only evidence is an exit code: no other rule fired on a line of it (an error,
   * a context line, or a fallback whose condition saw a line). Read after those rules.
   */
  bare?: true;
}

/**
 * - error: a specific error line; names its cause by itself.
 * - fallback: generic evidence (a bare exit code); names a cause only when nothing specific does.
 * - context: strengthens a cause that other evidence already named; never names one alone.
 */
export type RuleKind = 'error' | 'fallback' | 'context';

export interface Rule {
  /** `<cause>/<rule id>`, unique in the knowledge base. */
  id: string;
  cause: string;
  kind: RuleKind;
  weight: number;
  /** A line pattern, or ... */
  match?: CompiledPattern;
  /** ... a decoded exit code name seen in the log. */
  exit?: readonly string[];
  when?: Condition;
  unless?: Condition;
  /** Why this evidence points at the cause; replaces the cause's summary in the reply when this rule wins. */
  explain?: string;
  /** A symptom many causes produce: a failed version check that names another cause outranks it. */
  symptom?: true;
  file: string;
}

/** A cause's checks and snippets, with the situations each applies to (core/remedies). */
export type CauseCheck = RemedyCheck;
export type CauseSnippet = RemedySnippet;

/**
 * One thing to paste next. With frameworks it is for logs of those frameworks (a family
 * counts: keras is tensorflow); `other` stands for a log whose framework is not known or is another.
 */
export interface NextItem {
  text: string;
  frameworks?: readonly Framework[];
}

export interface CauseDef {
  id: string;
  title: string;
  summary: string;
  explanation: string;
  checks: readonly CauseCheck[];
  snippets: readonly CauseSnippet[];
  /** What to paste next when this cause is suspected but not confirmed. */
  next: readonly NextItem[];
  sources: readonly string[];
  file: string;
}

export interface HarmlessPattern {
  id: string;
  pattern: CompiledPattern;
  why: string;
}

export interface KnowledgeBase {
  causes: ReadonlyMap<string, CauseDef>;
  rules: readonly Rule[];
  harmless: readonly HarmlessPattern[];
  exitCodes: ExitCodeTable;
  compat: CompatTables;
  /** NVIDIA's Xid catalogue. */
  xid: XidCatalog;
  /** A short hash of the knowledge files; part of fingerprints and replies' footers. */
  version: string;
}

/** A problem found while loading knowledge/: which file, which field, what is wrong. */
export interface KnowledgeProblem {
  file: string;
  field: string;
  message: string;
}
