// Finds, in raw bytes, where one of many literals may occur, ASCII case ignored, while
// reading only a fraction of the bytes: a Wu-Manber skip search. Every position is
// looked at through the 4 bytes ending it; a table says how far the search may jump
// before the end of a window of MIN_ANCHOR bytes could hold some literal's start. Where
// it may not jump, the literals whose beginning ends there are compared in full.
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
const BLOCK = 4;
const BITS = 16;
const K = 0x9e3779b1;
/** Case folding of 4 bytes at once: ASCII letters lose their case (other bytes may merge too). */
const FOLD4 = 0x20202020;

/** What the big-log reader needs of a literal search. */
export interface AnchorSearch {
  /** The shortest literal's length: a literal may begin in the last window - 1 bytes of a chunk. */
  readonly window: number;
  /** See LiteralSearch.find. */
  find(bytes: Uint8Array, from: number, to: number): number;
}

/** A search built when it is first used (its literals are then asked for too). */
export function lazySearch(literals: () => readonly string[]): AnchorSearch {
  let built: LiteralSearch | undefined;
  const get = () => {
    built ??= new LiteralSearch(literals());
    return built;
  };
  return {
    get window() {
      return get().window;
    },
    find: (bytes, from, to) => get().find(bytes, from, to),
  };
}

export class LiteralSearch implements AnchorSearch {
  /** Window length: the shortest literal. */
  private readonly m: number;
  private readonly shift: Uint8Array;
  /** For a block hash where the jump is 0: the literals (folded) whose first m bytes end with it. */
  private readonly buckets: (Uint8Array[] | undefined)[];

  constructor(literals: readonly string[]) {
    const folded = literals.map((l) => Uint8Array.from(l, (c) => c.charCodeAt(0) | 0x20));
    for (const l of literals) {
      if (l.length < MIN_ANCHOR || /[^\x20-\x7e]/.test(l))
        throw new Error(`not a searchable literal: "${l}"`);
    }
    this.m = folded.length ? Math.min(...folded.map((f) => f.length)) : MIN_ANCHOR;
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

  get window(): number {
    return this.m;
  }

  /**
   * The start of the first literal found at or after `from` that ends before `to`
   * (indexes into `bytes`), or -1.
   */
  find(bytes: Uint8Array, from: number, to: number): number {
    const m = this.m;
    if (to - from < m) return -1;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const { shift, buckets } = this;
    let p = from + m - 1;
    while (p < to) {
      const h = hash((view.getUint32(p - 3) | FOLD4) >>> 0);
      const s = shift[h]!;
      if (s !== 0) {
        p += s;
        continue;
      }
      const start = p - m + 1;
      for (const lit of buckets[h]!) {
        if (start + lit.length > to) continue;
        let j = 0;
        while (j < lit.length && (bytes[start + j]! | 0x20) === lit[j]) j++;
        if (j === lit.length) return start;
      }
      p++;
    }
    return -1;
  }
}

function hash(v: number): number {
  return Math.imul(v, K) >>> (32 - BITS);
}
