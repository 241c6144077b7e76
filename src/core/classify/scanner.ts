// Reads a log line by line and keeps, with bounded memory, what ranking needs: for each
// pattern the first and the last lines it matched, and what the extractors (exit
// codes, versions) were handed.
import { normalizeLine } from '../text/normalize.js';
import { NeedleFinder } from './needle-finder.js';
import { findTargets, hasNeedle, type ScanSet } from './scan-set.js';

const KEEP_FIRST = 2;
const KEEP_LAST = 6;
const NONE: readonly LineExtractor[] = [];

/** A line a pattern matched, as it was read (quoted only if a reply shows it: see quote.ts). */
export interface Hit {
  line: number;
  raw: string;
}

export interface PatternHits {
  count: number;
  first: Hit[];
  last: Hit[];
}

/** Something that reads the lines holding one of its needles (exit codes, versions). */
export interface LineExtractor {
  /** `text` is the normalised piece, `raw` the line as pasted (for quoting). */
  line(text: string, lineNo: number, raw: string): void;
  /** True when it waits for the next line whatever that holds (a value printed below its command). */
  wantsNext?(): boolean;
}

export interface ScanOptions {
  /** Pattern indexes whose match makes a line harmless: rule triggers are not tried on it. */
  harmless: ReadonlySet<number>;
  /** Patterns that only serve as conditions ("seen somewhere in the log"): tried on harmless lines too. */
  conditions: ReadonlySet<number>;
}

export class Scanner {
  private readonly hits = new Map<number, PatternHits>();
  private harmlessLines = 0;
  private candidateLines = 0;
  /** Extractors that asked for the line after the last one. */
  private waiting: readonly LineExtractor[] = NONE;
  /** Per pattern, the stamp of the last piece that found it (see findTargets). */
  private readonly marks: Uint32Array;
  private stamp = 0;
  private harmlessFinder: { finder: NeedleFinder; patterns: number[][] } | undefined;

  constructor(
    private readonly set: ScanSet,
    private readonly extractors: readonly LineExtractor[],
    private readonly options: ScanOptions,
  ) {
    if (extractors.length !== set.extractorCount)
      throw new Error('extractor slots do not match the scan set');
    this.marks = new Uint32Array(set.patterns.length);
  }

  /** Reads one line; returns true when an extractor wants the next line handed on whatever it holds. */
  line(raw: string, lineNo: number): boolean {
    const waiting = this.waiting;
    this.waiting = NONE;
    if (!mayHideNeedle(raw) && !hasNeedle(this.set, raw)) {
      if (waiting.length === 0) return false;
      for (const piece of normalizeLine(raw)) for (const x of waiting) x.line(piece, lineNo, raw);
    } else {
      this.candidateLines++;
      for (const piece of normalizeLine(raw)) this.piece(piece, raw, lineNo, waiting);
    }
    this.waiting = this.extractors.some((x) => x.wantsNext?.() === true)
      ? this.extractors.filter((x) => x.wantsNext?.() === true)
      : NONE;
    return this.waiting !== NONE;
  }

  private piece(text: string, raw: string, lineNo: number, waiting: readonly LineExtractor[]): void {
    const targets = findTargets(this.set, text, this.marks, ++this.stamp);
    for (const x of waiting) {
      const i = this.extractors.indexOf(x);
      if (!targets || (targets.extractors & (1 << i)) === 0) x.line(text, lineNo, raw);
    }
    if (!targets) return;
    for (let x = 0; x < this.extractors.length; x++)
      if ((targets.extractors & (1 << x)) !== 0) this.extractors[x]!.line(text, lineNo, raw);
    const order = targets.patterns;
    let harmless = false;
    for (const i of order) {
      if (this.options.harmless.has(i) && this.set.patterns[i]!.re.test(text)) {
        harmless = true;
        this.record(i, raw, lineNo);
      }
    }
    if (harmless) this.harmlessLines++;
    for (const i of order) {
      if (this.options.harmless.has(i) || (harmless && !this.options.conditions.has(i))) continue;
      if (this.set.patterns[i]!.re.test(text)) this.record(i, raw, lineNo);
    }
  }

  /**
   * Whether the line is a harmless notice (a pattern of harmless.yaml matches it), told
   * without reading it: a big log's reader gives such a line no context, even when it
   * holds an error's words (NCCL's "No plugin found" names a library it cannot open).
   * Only the harmless patterns' own needles are searched, on the line as it is.
   */
  isHarmless(raw: string): boolean {
    this.harmlessFinder ??= harmlessFinder(this.set, this.options.harmless);
    const { finder, patterns } = this.harmlessFinder;
    return finder.scan(raw, (needle) => patterns[needle]!.some((i) => this.set.patterns[i]!.re.test(raw)));
  }

  private record(i: number, raw: string, lineNo: number): void {
    let h = this.hits.get(i);
    if (!h) {
      h = { count: 0, first: [], last: [] };
      this.hits.set(i, h);
    }
    h.count++;
    const last = h.last[h.last.length - 1];
    if (last && last.line === lineNo) return;
    const hit: Hit = { line: lineNo, raw };
    if (h.first.length < KEEP_FIRST) h.first.push(hit);
    h.last.push(hit);
    if (h.last.length > KEEP_LAST) h.last.shift();
  }

  result(): ScanResult {
    return { hits: this.hits, harmlessLines: this.harmlessLines, candidateLines: this.candidateLines };
  }
}

export interface ScanResult {
  hits: ReadonlyMap<number, PatternHits>;
  harmlessLines: number;
  candidateLines: number;
}

/** Lines whose needles could be hidden by escapes or entities until normalised. */
function mayHideNeedle(raw: string): boolean {
  return raw.includes('\x1b') || raw.includes('&');
}

/** All distinct hits of a pattern, in line order. */
export function hitList(h: PatternHits | undefined): Hit[] {
  if (!h) return [];
  const byLine = new Map<number, Hit>();
  for (const x of [...h.first, ...h.last]) byLine.set(x.line, x);
  return [...byLine.values()].sort((a, b) => a.line - b.line);
}

/** A needle search over the harmless patterns' needles alone, and the patterns of each needle. */
function harmlessFinder(
  set: ScanSet,
  harmless: ReadonlySet<number>,
): { finder: NeedleFinder; patterns: number[][] } {
  const byNeedle = new Map<string, number[]>();
  for (const i of harmless) {
    for (const n of set.patterns[i]!.needles) {
      const key = n.toLowerCase();
      const list = byNeedle.get(key) ?? [];
      list.push(i);
      byNeedle.set(key, list);
    }
  }
  return { finder: new NeedleFinder([...byNeedle.keys()]), patterns: [...byNeedle.values()] };
}
