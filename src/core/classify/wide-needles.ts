// Finds needles written in other scripts ("已杀死", "Getötet"), which the gram tables and
// NeedleFinder cannot hold (they hash bytes, and the text and byte paths see different
// bytes for such a character). Each needle is indexed by its first character past ASCII;
// a text is read once, and only at such a character that starts some needle's key is a
// needle compared in full. A text with no character past ASCII costs one pass of
// comparisons, and most lines never get here: the line filters ask only about lines that
// hold such a character and no gram.

/** Whether the text holds no character past ASCII (no needle in another script can be in it). */
export function isAscii(s: string): boolean {
  return !PAST_ASCII.test(s);
}

const PAST_ASCII = /[^\0-\x7f]/;

/** Bit c set: some needle's key character has code c (BMP; the key is never a surrogate). */
const BITS = 1 << 16;

export class WideNeedles {
  private readonly keys = new Uint8Array(BITS / 8);
  /** Key character -> (needle index, offset of the key in the needle) pairs. */
  private readonly at = new Map<number, number[]>();
  /** The needles, lower case, in the order given. */
  readonly needles: readonly string[];

  constructor(needles: readonly string[]) {
    this.needles = needles.map((n) => n.toLowerCase());
    this.needles.forEach((n, i) => {
      let k = 0;
      while (k < n.length && n.charCodeAt(k) <= 0x7f) k++;
      const c = n.charCodeAt(k);
      if (k === n.length || (c >= 0xd800 && c <= 0xdfff))
        throw new Error(`needle without a BMP character past ASCII: "${n}"`);
      this.keys[c >>> 3]! |= 1 << (c & 7);
      const list = this.at.get(c) ?? [];
      list.push(i, k);
      this.at.set(c, list);
    });
  }

  /** Calls `found` with the index of each needle the text holds (letter case ignored), once per occurrence. */
  scan(text: string, found: (needle: number) => boolean | undefined): boolean {
    const n = text.length;
    for (let i = 0; i < n; i++) {
      let c = text.charCodeAt(i);
      if (c <= 0x7f) continue;
      if (((this.keys[c >>> 3]! >> (c & 7)) & 1) === 0) {
        // An upper-case letter whose lower case is a key ("GETÖTET").
        const lower = String.fromCharCode(c).toLowerCase().charCodeAt(0);
        if (lower === c || ((this.keys[lower >>> 3]! >> (lower & 7)) & 1) === 0) continue;
        c = lower;
      }
      const entries = this.at.get(c)!;
      for (let e = 0; e < entries.length; e += 2) {
        const needle = this.needles[entries[e]!]!;
        const start = i - entries[e + 1]!;
        if (start < 0 || start + needle.length > n) continue;
        if (text.slice(start, start + needle.length).toLowerCase() === needle && found(entries[e]!) === true)
          return true;
      }
    }
    return false;
  }

  /** Whether the text holds any of the needles. */
  has(text: string): boolean {
    return this.scan(text, () => true);
  }
}
