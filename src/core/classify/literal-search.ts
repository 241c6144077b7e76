// Finds, in raw bytes, where one of many literals may occur, ASCII case ignored, while
// reading only a fraction of the bytes: a Wu-Manber skip search. Every position is
// looked at through the 4 bytes ending it; a table says how far the search may jump
// before the end of a window of MIN_ANCHOR bytes could hold some literal's start. Where
// it may not jump, the literals whose beginning ends there are compared in full.
//
// Four cursors walk the four quarters of a long range in one loop: each step's table
// lookup waits on the one before it, so four independent chains keep the processor
// busier than one (about 2x faster on the logs below).
//
// Measured on 100 MB training logs (bench/scan.bench.mjs) against the alternatives:
// an Aho-Corasick automaton over every byte (about 2.5x slower: one table step per
// byte), the rolling 4-gram filter it replaces (about 3x slower), one Buffer.indexOf
// pass per literal (about 40x slower with ~200 literals, and case-sensitive).

/**
 * Literals shorter than this are not searched: the jump is at most MIN_ANCHOR - 3 bytes,
 * and on real logs 19 literals of 8 to 11 characters doubled the time of the search.
 */
export const MIN_ANCHOR = 12;

/** Whether a literal can be searched: MIN_ANCHOR or more printable ASCII characters. */
export function isSearchable(literal: string): boolean {
  return literal.length >= MIN_ANCHOR && /^[\x20-\x7e]+$/.test(literal);
}
const BLOCK = 4;
const BITS = 16;
const K = 0x9e3779b1;
/** Case folding of 4 bytes at once: ASCII letters lose their case (other bytes may merge too). */
const FOLD4 = 0x20202020;
/** The hit lists while no search runs. */
const NO_HITS: number[][] = [];

/** What the big-log reader needs of a literal search. */
export interface AnchorSearch {
  /** The longest literal's length: one may begin in the last `longest - 1` bytes of a chunk and end in the next. */
  readonly longest: number;
  /** See LiteralSearch.findLines. */
  findLines(bytes: Uint8Array, from: number, to: number, hit: (start: number) => void): number;
}

/** A search built when it is first used (its literals are then asked for too). */
export function lazySearch(literals: () => readonly string[]): AnchorSearch {
  let built: LiteralSearch | undefined;
  const get = () => {
    built ??= new LiteralSearch(literals());
    return built;
  };
  return {
    get longest() {
      return get().longest;
    },
    findLines: (bytes, from, to, hit) => get().findLines(bytes, from, to, hit),
  };
}

export class LiteralSearch implements AnchorSearch {
  /** Window length: the shortest literal. */
  private readonly m: number;
  readonly longest: number;
  private readonly shift: Uint8Array;
  /** For a block hash where the jump is 0: the literals (folded) whose first m bytes end with it. */
  private readonly buckets: (Uint8Array[] | undefined)[];

  constructor(literals: readonly string[]) {
    const folded = literals.map((l) => Uint8Array.from(l, (c) => c.charCodeAt(0) | 0x20));
    for (const l of literals) {
      if (!isSearchable(l)) throw new Error(`not a searchable literal: "${l}"`);
    }
    this.m = folded.length ? Math.min(...folded.map((f) => f.length)) : MIN_ANCHOR;
    this.longest = folded.length ? Math.max(...folded.map((f) => f.length)) : MIN_ANCHOR;
    const m = this.m;
    this.shift = new Uint8Array(1 << BITS).fill(folded.length ? m - BLOCK + 1 : 255);
    this.buckets = new Array(1 << BITS);
    for (const f of folded) {
      for (let q = BLOCK - 1; q < m; q++) {
        const h = hash(((f[q - 3]! << 24) | (f[q - 2]! << 16) | (f[q - 1]! << 8) | f[q]!) >>> 0);
        const s = m - 1 - q;
        if (s < this.shift[h]!) this.shift[h] = s;
        if (s === 0) {
          const bucket = this.buckets[h] ?? [];
          bucket.push(f);
          this.buckets[h] = bucket;
        }
      }
    }
  }

  /**
   * Calls `hit` with the start of the first literal on each line that holds one (a line
   * ends at a newline), in order, for literals that begin at or after `from` and end
   * before `to`. Returns where a search given more bytes goes on: past the newline
   * after the last such line (`to` when that line has no newline yet), else `from`.
   */
  findLines(bytes: Uint8Array, from: number, to: number, hit: (start: number) => void): number {
    // Cursor k finds the literals that begin in its quarter of the range.
    const found: number[][] = [[], [], [], []];
    this.found = found;
    if (to - from < SPLIT) this.run(bytes, from + this.m - 1, to, to, 0);
    else {
      const q = Math.floor((to - from) / 4);
      const m = this.m;
      const ends = [from + q + m - 1, from + 2 * q + m - 1, from + 3 * q + m - 1, to] as const;
      this.run4(bytes, from + m - 1, ends[0], ends[1], ends[2], to);
      // Each cursor finishes alone (here, not in run4, whose optimised loop would stop at a call it never saw).
      const at = this.cursors;
      for (let k = 0; k < 4; k++) this.run(bytes, at[k]!, ends[k]!, to, k);
    }
    this.found = NO_HITS;
    // A line that runs on into the next quarter holds no second anchor there.
    let resume = from;
    for (const starts of found) {
      for (const start of starts) {
        if (start < resume) continue;
        hit(start);
        resume = nextLine(bytes, start, to);
      }
    }
    return resume;
  }

  /** Where each cursor noted literal starts during the current findLines. */
  private found: number[][] = NO_HITS;
  /** Where run4 left each cursor. */
  private readonly cursors = new Float64Array(4);

  /**
   * One cursor (k): window ends p in [p, stop), literals ending before `to`. A literal's
   * start is noted, and the search goes on at the next line. The hot loops call methods
   * only, no function passed in: a call target that changes from one search to the next
   * would throw their optimised code away.
   */
  private run(bytes: Uint8Array, p: number, stop: number, to: number, k: number): void {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const shift = this.shift;
    while (p < stop) {
      const h = hash((view.getUint32(p - 3) | FOLD4) >>> 0);
      const s = shift[h]!;
      p = s !== 0 ? p + s : this.step(bytes, p, to, h, k);
    }
  }

  /**
   * Four cursors in one loop (see the top of this file): cursor k starts where cursor
   * k - 1 stops; all stop once one of them is done, and `cursors` says where.
   */
  private run4(bytes: Uint8Array, first: number, e0: number, e1: number, e2: number, e3: number): void {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const shift = this.shift;
    const to = e3;
    let p0 = first;
    let p1 = e0;
    let p2 = e1;
    let p3 = e2;
    while (p0 < e0 && p1 < e1 && p2 < e2 && p3 < e3) {
      const h0 = hash((view.getUint32(p0 - 3) | FOLD4) >>> 0);
      const h1 = hash((view.getUint32(p1 - 3) | FOLD4) >>> 0);
      const h2 = hash((view.getUint32(p2 - 3) | FOLD4) >>> 0);
      const h3 = hash((view.getUint32(p3 - 3) | FOLD4) >>> 0);
      const s0 = shift[h0]!;
      const s1 = shift[h1]!;
      const s2 = shift[h2]!;
      const s3 = shift[h3]!;
      p0 = s0 !== 0 ? p0 + s0 : this.step(bytes, p0, to, h0, 0);
      p1 = s1 !== 0 ? p1 + s1 : this.step(bytes, p1, to, h1, 1);
      p2 = s2 !== 0 ? p2 + s2 : this.step(bytes, p2, to, h2, 2);
      p3 = s3 !== 0 ? p3 + s3 : this.step(bytes, p3, to, h3, 3);
    }
    const at = this.cursors;
    at[0] = p0;
    at[1] = p1;
    at[2] = p2;
    at[3] = p3;
  }

  /** Where cursor k goes on after a window end p whose block allows no jump. */
  private step(bytes: Uint8Array, p: number, to: number, h: number, k: number): number {
    const start = this.verify(bytes, p, to, h);
    if (start === -1) return p + 1;
    this.found[k]!.push(start);
    return nextLine(bytes, start, to) + this.m - 1;
  }

  /** The start of a literal whose first m bytes end at p (hash h), ending before `to`; or -1. */
  private verify(bytes: Uint8Array, p: number, to: number, h: number): number {
    const start = p - this.m + 1;
    for (const lit of this.buckets[h]!) {
      if (start + lit.length > to) continue;
      let j = 0;
      while (j < lit.length && (bytes[start + j]! | 0x20) === lit[j]) j++;
      if (j === lit.length) return start;
    }
    return -1;
  }
}

/** Ranges shorter than this are searched with one cursor. */
const SPLIT = 1 << 14;
const NEWLINE = 10;

/** Where the line holding `start` ends: past its newline, or `to`. */
function nextLine(bytes: Uint8Array, start: number, to: number): number {
  for (let i = start; i < to; i++) if (bytes[i] === NEWLINE) return i + 1;
  return to;
}

function hash(v: number): number {
  return Math.imul(v, K) >>> (32 - BITS);
}
