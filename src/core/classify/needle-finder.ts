// Finds which of many literals ("needles") a text holds, ASCII case ignored, without a
// regular expression. Each needle is indexed by one 3- or 4-character piece of it (a
// "gram", the rarest in ordinary training output: see gram-filter.ts); one rolling hash
// per character of the text and one or two bit tests say where a gram may end, and only
// there are the needles indexed by that gram compared in full. Every occurrence of every
// needle is found, shorter needles inside longer ones too.
//
// Why not one case-insensitive alternation of the needles: V8 compiles one of ~650
// needles on its first runs, tens of milliseconds on every start of the CLI, and then
// runs it at about 100 MB/s; this is built in a few milliseconds and compiles nothing.
import { fold, gram3Slot, gram4Slot, rarestGram, SLOTS } from './gram-filter.js';

export class NeedleFinder {
  /** Bit gram4Slot(h) is set when some needle is indexed by a 4-gram hashing there. */
  readonly t4 = new Uint8Array(SLOTS / 8);
  readonly t3 = new Uint8Array(SLOTS / 8);
  /** Slot -> (needle index, offset of the gram's last character in the needle) pairs. */
  private readonly at4 = new Map<number, number[]>();
  private readonly at3 = new Map<number, number[]>();
  /** The needles, lower case, in the order given (indexes are positions in this list). */
  readonly needles: readonly string[];

  constructor(needles: readonly string[]) {
    this.needles = needles.map((n) => n.toLowerCase());
    this.needles.forEach((n, i) => {
      for (let j = 0; j < n.length; j++)
        if (n.charCodeAt(j) > 0x7f) throw new Error(`needle not ASCII: "${n}"`);
      if (n.length >= 4) {
        const at = rarestGram(n, 4);
        this.index(this.t4, this.at4, gram4Slot(hashOf(n, at, 4)), i, at + 3);
      } else if (n.length === 3) {
        this.index(this.t3, this.at3, gram3Slot(hashOf(n, 0, 3)), i, 2);
      } else if (n.length === 2) {
        // Every 3-gram that ends with the needle, whatever comes before (nothing: 0).
        const h = hashOf(n, 0, 2);
        for (let b = 0; b < 256; b++) this.index(this.t3, this.at3, gram3Slot((b << 16) | h), i, 1);
      } else throw new Error(`needle shorter than 2 characters: "${n}"`);
    });
  }

  /**
   * Calls `found` with the index of each needle the text holds (once per occurrence),
   * stopping early when it returns true. Returns whether it was stopped.
   */
  scan(text: string, found: (needle: number) => boolean | undefined): boolean {
    const { t4, t3, at4, at3 } = this;
    const n = text.length;
    let h = 0;
    for (let i = 0; i < n; i++) {
      h = (h << 8) | fold(text.charCodeAt(i));
      const s4 = gram4Slot(h);
      if (((t4[s4 >>> 3]! >> (s4 & 7)) & 1) !== 0 && this.check(text, i, at4.get(s4), found)) return true;
      const s3 = gram3Slot(h);
      if (((t3[s3 >>> 3]! >> (s3 & 7)) & 1) !== 0 && this.check(text, i, at3.get(s3), found)) return true;
    }
    return false;
  }

  /** Whether the text holds any needle. */
  has(text: string): boolean {
    return this.scan(text, () => true);
  }

  private check(
    text: string,
    end: number,
    entries: number[] | undefined,
    found: (needle: number) => boolean | undefined,
  ): boolean {
    if (!entries) return false;
    for (let e = 0; e < entries.length; e += 2) {
      const needle = entries[e]!;
      const start = end - entries[e + 1]!;
      const literal = this.needles[needle]!;
      if (start < 0 || start + literal.length > text.length) continue;
      let j = 0;
      while (j < literal.length && lower(text.charCodeAt(start + j)) === literal.charCodeAt(j)) j++;
      if (j === literal.length && found(needle) === true) return true;
    }
    return false;
  }

  private index(t: Uint8Array, at: Map<number, number[]>, slot: number, needle: number, end: number): void {
    t[slot >>> 3]! |= 1 << (slot & 7);
    const entries = at.get(slot);
    if (entries) entries.push(needle, end);
    else at.set(slot, [needle, end]);
  }
}

/** ASCII upper case to lower case; every other character as it is (as /i does without /u). */
function lower(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

function hashOf(s: string, from: number, size: number): number {
  let h = 0;
  for (let i = from; i < from + size; i++) h = (h << 8) | fold(s.charCodeAt(i));
  return h;
}
