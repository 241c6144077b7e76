// Reads a log line by line and keeps, with bounded memory, what ranking needs: for each
// pattern the first and the last lines it matched, and what the extractors (exit
// codes, versions) were handed.
import { normalizeLine } from '../text/normalize.js';
import { NeedleFinder } from './needle-finder.js';
import { findTargets, hasNeedle, type ScanSet } from './scan-set.js';

const KEEP_FIRST = 2;
/** A line this long or longer may have been wrapped onto the next one; longer than WRAP_MAX, not. */
const WRAP_MIN = 40;
const WRAP_MAX = 400;
/** How much of each side of a wrap is searched for a needle cut in two. */
const SEAM = 64;
/** Lines that start with the same this many characters are two records, not one wrapped. */
const RECORD_START = 5;
const WORD_END = /[A-Za-z0-9_]$/;
const INDENTED = /^(?: {2}|\t)/;
const WORD_START = /^[A-Za-z0-9_]/;
const KEEP_LAST = 6;
/**
 * An interactive prompt: Python's and IPython's (">>> torch.cuda.is_available()", "In [2]: ..."),
 * also pasted without the space after ">>>" (">>>torch.xpu.is_available()").
 */
const PROMPT = /^(?:>>> ?[\w(]|In \[\d+\]: )/;
/**
 * A call typed at a prompt and pasted without it ("torch.cuda.is_available()" over "False",
 * "print(torch.__version__)" over "2.3.1"): the line is the call alone, and the next its result.
 */
const TYPED_CALL = /^(?:print\()?[A-Za-z_][\w.]{0,80}\([\w.'" =-]{0,80}\)\)?;?\s{0,4}$/;
/** IPython's label on a result ("Out[2]: False"). */
const RESULT = /^Out\[\d+\]: /;
const NONE: readonly LineExtractor[] = [];
const NO_PIECES: readonly string[] = [];

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
  /** Patterns not read across a wrapped line (framework and OS markers, the traceback and exception-line counters: they count lines). */
  markers?: ReadonlySet<number>;
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
  /** The line before, when long enough to have been wrapped onto this one (see wrapped). */
  private prev: Wrappable | null = null;
  /** The patterns whose needle the current line holds but whose expression it did not match. */
  private missed: number[] = [];

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
    const candidate = mayHideNeedle(raw) || hasNeedle(this.set, raw);
    const prev = this.prev;
    const prompt = PROMPT.test(raw) || TYPED_CALL.test(raw);
    this.missed = [];
    // Index loops: this runs on every line read, mostly before the engine has optimised it.
    if (!candidate) {
      const pieces = waiting.length > 0 ? normalizeLine(raw) : NO_PIECES;
      for (let p = 0; p < pieces.length; p++)
        for (let w = 0; w < waiting.length; w++) waiting[w]!.line(pieces[p]!, lineNo, raw);
    } else {
      this.candidateLines++;
      const pieces = normalizeLine(raw);
      for (let p = 0; p < pieces.length; p++) this.piece(pieces[p]!, raw, lineNo, waiting);
    }
    // After the line's own hits, so that a pattern either line matches alone is not read joined.
    if (prev && prev.lineNo === lineNo - 1) this.wrapped(prev, raw, prompt, this.missed);
    this.prev =
      (raw.length >= WRAP_MIN && raw.length <= WRAP_MAX) || prompt
        ? { raw, lineNo, missed: this.missed, prompt }
        : null;
    if (!candidate && waiting.length === 0) return false;
    this.waiting = this.extractors.some((x) => x.wantsNext?.() === true)
      ? this.extractors.filter((x) => x.wantsNext?.() === true)
      : NONE;
    // A prompt's result is read with it (see wrapped): the line after a prompt that holds a needle is asked for.
    return this.waiting !== NONE || (candidate && prompt);
  }

  private piece(text: string, raw: string, lineNo: number, waiting: readonly LineExtractor[]): void {
    const targets = findTargets(this.set, text, this.marks, ++this.stamp);
    for (let w = 0; w < waiting.length; w++) {
      const x = waiting[w]!;
      const i = this.extractors.indexOf(x);
      if (!targets || (targets.extractors & (1 << i)) === 0) x.line(text, lineNo, raw);
    }
    if (!targets) return;
    for (let x = 0; x < this.extractors.length; x++)
      if ((targets.extractors & (1 << x)) !== 0) this.extractors[x]!.line(text, lineNo, raw);
    const order = targets.patterns;
    let harmless = false;
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      if (this.options.harmless.has(i) && this.set.patterns[i]!.re.test(text)) {
        harmless = true;
        this.record(i, raw, lineNo);
      }
    }
    if (harmless) this.harmlessLines++;
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      if (this.options.harmless.has(i) || (harmless && !this.options.conditions.has(i))) continue;
      if (this.set.patterns[i]!.re.test(text)) this.record(i, raw, lineNo);
      else if (!harmless) this.missed.push(i);
    }
  }

  /**
   * An error a terminal or an editor wrapped onto the next line ("... killed by signal: Bus"
   * / "error. It is possible ..."): the two lines are read joined, without and with a space
   * between them (a terminal cuts inside a word, an editor at a space), and a pattern that
   * matches only the joined text (neither line alone) is recorded on the first line, quoting both.
   */
  private wrapped(prev: Wrappable, raw: string, prompt: boolean, missed: readonly number[]): void {
    // A line indented by two spaces or a tab starts a block of its own (a traceback's code
    // line, a table): what a terminal or an editor wraps goes on at the line's start.
    if (INDENTED.test(raw)) return;
    const head = prev.raw.trimEnd();
    // What a prompt's line evaluates to is read with it: ">>> torch.cuda.is_available()" then
    // "False" (or IPython's "Out[2]: False") says what one line would.
    if (prev.prompt && prompt) return;
    const tail = prev.prompt ? raw.trimStart().replace(RESULT, '') : raw.trimStart();
    // Two records of the same kind (two progress lines, two timestamps): not one record wrapped.
    if (tail === '' || tail.slice(0, RECORD_START) === head.trimStart().slice(0, RECORD_START)) return;
    // Without a space only where a word may have been cut (letters or digits on both sides).
    const cut = WORD_END.test(head) && WORD_START.test(tail);
    const joins = cut ? [`${head} ${tail}`, head + tail] : [`${head} ${tail}`];
    // The patterns worth reading joined: those whose needle one line holds without matching
    // it, and those whose needle the wrap cut in two (found around the cut).
    const tries = new Set<number>();
    const worth = (i: number) =>
      !this.options.harmless.has(i) &&
      !this.options.markers?.has(i) &&
      (this.hits.get(i)?.last.at(-1)?.line ?? 0) < prev.lineNo;
    for (const i of prev.missed) if (worth(i)) tries.add(i);
    for (const i of missed) if (worth(i)) tries.add(i);
    for (const join of joins) {
      const around = join.slice(Math.max(0, head.length - SEAM), head.length + SEAM + 1);
      if (!mayHideNeedle(around) && !hasNeedle(this.set, around)) continue;
      for (const piece of normalizeLine(around)) {
        const targets = findTargets(this.set, piece, this.marks, ++this.stamp);
        for (const i of targets?.patterns ?? []) if (worth(i)) tries.add(i);
      }
    }
    if (tries.size === 0) return;
    const found = new Set<number>();
    for (const join of joins) {
      for (const piece of normalizeLine(join)) {
        let harmless: boolean | null = null;
        for (const i of tries) {
          if (found.has(i) || !this.set.patterns[i]!.re.test(piece)) continue;
          // A harmless notice read whole is no evidence (told only once something matched).
          harmless ??= this.isHarmless(piece);
          if (harmless) break;
          found.add(i);
          this.record(i, `${head} ${tail}`, prev.lineNo);
        }
      }
    }
  }

  /**
   * Whether the line is a harmless notice (a pattern of harmless.yaml matches it), told
   * without reading it: a big log's reader gives such a line no context, even when it
   * holds an error's words (NCCL's "No plugin found" names a library it cannot open).
   * Only the harmless patterns' own needles are searched, on the line as it is.
   */
  isHarmless(raw: string): boolean {
    const harmless = this.options.harmless;
    let search = harmlessSearches.get(harmless);
    if (!search) {
      search = harmlessFinder(this.set, harmless);
      harmlessSearches.set(harmless, search);
    }
    const { finder, patterns } = search;
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

/** A line that may have been wrapped onto the next one, and the patterns it did not match whole. */
interface Wrappable {
  raw: string;
  lineNo: number;
  missed: readonly number[];
  /** The line is typed at an interactive prompt (PROMPT, TYPED_CALL): the next line is its result. */
  prompt: boolean;
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

/** Built once per compiled classifier (its set of harmless patterns), not per diagnosis. */
const harmlessSearches = new WeakMap<ReadonlySet<number>, { finder: NeedleFinder; patterns: number[][] }>();

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
