// Reads a big UTF-8 log as bytes and hands on, decoded, only the lines that can matter:
//   - every line of the head and of the tail of the log (where the versions, the
//     framework and the crash are), each kept when it may hold any needle;
//   - every line that holds an anchor (a rare literal of an error rule, found by a skip
//     search that reads a fraction of the bytes), with up to AROUND lines before and
//     after it while a budget of such context lines lasts; an anchor line the sink calls
//     quiet (a harmless notice that holds an error's words) is read without context.
// Every other line is only counted. A line read right after one whose sink asked for the
// next (a REPL prints a version below its command) is handed on whatever it holds.
// A log that fits in head plus tail is read whole,
// line by line, as the text path reads a paste. Lines are handed on in order, a line
// longer than MAX_LINE in overlapping windows (text/lines.ts), and memory stays bounded
// by the tail, one chunk and one window of a line, whatever the input.
import { MAX_LINE, WINDOW_OVERLAP } from '../text/lines.js';
import { type GramTables, gramHit } from './gram-filter.js';
import type { AnchorSearch } from './literal-search.js';

export interface ScanLimits {
  /** Bytes at the start that are read in full. */
  head: number;
  /** Bytes at the end that are read in full. */
  tail: number;
  /** Context lines read before and after an anchor line. */
  around: number;
  /** Context lines read around anchors in all (anchor lines themselves are always read). */
  budget: number;
}

export const SCAN_LIMITS: ScanLimits = { head: 256 * 1024, tail: 256 * 1024, around: 8, budget: 4096 };

const NEWLINE = 10;

export class AnchoredByteScanner {
  /**
   * A Buffer for its indexOf, a native memchr: several times faster than Uint8Array's on
   * the newline search that skips most of a big log's lines.
   */
  private buf = Buffer.alloc(1 << 16);
  /** Absolute offset of buf[0], and how many bytes it holds. */
  private base = 0;
  private size = 0;
  private total = 0;
  private lineNo = 1;
  /** Absolute start of the first line (or window of one) not yet walked. */
  private lineStart = 0;
  /** Where to look for that line's newline. */
  private newlineFrom = 0;
  /** The line being walked was already handed on in part (it is longer than MAX_LINE). */
  private windowed = false;
  /** Where the anchor search goes on. */
  private searchFrom = 0;
  /** Absolute starts of anchors found and not yet walked past, in order. */
  private anchors: number[] = [];
  private anchorHead = 0;
  /** Recent lines that were not read, for the context before an anchor: start, end, line number. */
  private readonly recent: RecentLines;
  private after = 0;
  private budget: number;
  private finalPhase = false;
  private readonly decoder = new TextDecoder('utf-8');
  /** The sink asked for the next line (cleared by any line walked past unread). */
  private wantNext = false;
  /** U+FFFD characters in the lines that were decoded. */
  replaced = 0;

  constructor(
    private readonly grams: GramTables,
    private readonly search: AnchorSearch,
    private readonly sink: (text: string, lineNo: number) => unknown,
    private readonly limits: ScanLimits = SCAN_LIMITS,
    private readonly quiet: (text: string) => boolean = () => false,
  ) {
    this.budget = limits.budget;
    this.recent = new RecentLines(limits.around);
  }

  /** Lines completed so far plus the one in progress. */
  get lines(): number {
    return this.lineNo;
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.append(chunk);
    this.findAnchors(false);
    this.walk(this.total - this.limits.tail);
  }

  end(): void {
    this.findAnchors(true);
    this.finalPhase = true;
    this.walk(this.total);
    if (this.total > this.lineStart || this.windowed) {
      this.segment(this.lineStart, this.total);
      this.lineNo++;
    }
    this.buf = Buffer.alloc(0);
  }

  private append(chunk: Uint8Array): void {
    const keep = Math.max(
      this.base,
      Math.min(this.lineStart, this.searchFrom) - this.limits.around * 256 - WINDOW_OVERLAP,
    );
    const need = this.total - keep + chunk.length;
    if (need > this.buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.buf.length * 2));
      grown.set(this.buf.subarray(keep - this.base, this.size));
      this.buf = grown;
    } else if (this.size + chunk.length > this.buf.length) {
      this.buf.copyWithin(0, keep - this.base, this.size);
    } else {
      this.buf.set(chunk, this.size);
      this.size += chunk.length;
      this.total += chunk.length;
      return;
    }
    this.size = this.total - keep;
    this.base = keep;
    this.buf.set(chunk, this.size);
    this.size += chunk.length;
    this.total += chunk.length;
  }

  /** Records where anchors start, one per line, in the bytes not searched yet. */
  private findAnchors(final: boolean): void {
    const { base, buf } = this;
    const end = this.size;
    // The head is read whole: no search there (nor in a log that fits in it).
    if (base + end <= this.limits.head) return;
    const from = Math.max(this.searchFrom, this.limits.head) - base;
    const after = this.search.findLines(buf, from, end, (at) => this.anchors.push(base + at));
    // A literal may still begin in the last `longest - 1` bytes, and end in the next chunk.
    const resume = final ? end : Math.max(after, end - this.search.longest + 1);
    this.searchFrom = Math.max(this.searchFrom, base + resume);
  }

  /** Walks the lines that end before `limit` (or all, at the end). */
  private walk(limit: number): void {
    const { buf, base } = this;
    for (;;) {
      this.skipLines(limit);
      const nl = buf.indexOf(NEWLINE, Math.max(this.newlineFrom, this.lineStart) - base);
      const end = nl === -1 ? -1 : base + nl;
      if (end === -1 || end >= limit) {
        this.newlineFrom = end === -1 ? this.total : end;
        // A long line still open: its windows that are old enough go on now.
        while (
          this.total - this.lineStart > MAX_LINE + WINDOW_OVERLAP &&
          this.lineStart + MAX_LINE <= Math.min(limit, end === -1 ? this.total : end)
        ) {
          this.segment(this.lineStart, this.lineStart + MAX_LINE);
          this.lineStart += MAX_LINE - WINDOW_OVERLAP;
          this.windowed = true;
        }
        return;
      }
      while (end - this.lineStart > MAX_LINE + WINDOW_OVERLAP) {
        this.segment(this.lineStart, this.lineStart + MAX_LINE);
        this.lineStart += MAX_LINE - WINDOW_OVERLAP;
        this.windowed = true;
      }
      this.segment(this.lineStart, end);
      this.lineNo++;
      this.lineStart = end + 1;
      this.windowed = false;
      if (this.after > 0) this.after--;
    }
  }

  /**
   * Counts, with one native newline search each, the lines that are surely skipped: past
   * the head, outside any context, before the next anchor, not too long. Only the last
   * of them can be read as context before an anchor: they are found again afterwards,
   * walking back, instead of being noted one by one.
   */
  private skipLines(limit: number): void {
    if (this.after > 0 || this.finalPhase || this.windowed || this.lineStart < this.limits.head) return;
    const { buf, base, recent } = this;
    const next =
      this.anchorHead < this.anchors.length ? this.anchors[this.anchorHead]! : Number.POSITIVE_INFINITY;
    const stop = Math.min(limit, next) - base;
    const first = this.lineStart - base;
    let start = first;
    let lineNo = this.lineNo;
    for (;;) {
      const nl = buf.indexOf(NEWLINE, start);
      if (nl === -1 || nl >= stop || nl - start > MAX_LINE + WINDOW_OVERLAP) break;
      lineNo++;
      start = nl + 1;
    }
    const skipped = lineNo - this.lineNo;
    if (skipped === 0) return;
    this.wantNext = false;
    // The last `keep` skipped lines, oldest first, as pushing each one would have left them.
    const keep = Math.min(skipped, recent.capacity);
    let from = start;
    for (let k = 0; k < keep; k++) from = k === skipped - 1 ? first : buf.lastIndexOf(NEWLINE, from - 2) + 1;
    for (let k = keep; k > 0; k--) {
      const nl = buf.indexOf(NEWLINE, from);
      recent.push(base + from, base + nl, lineNo - k);
      from = nl + 1;
    }
    this.lineNo = lineNo;
    this.lineStart = base + start;
  }

  /** Reads or skips one line (or window of one), bytes [from, to). */
  private segment(from: number, to: number): void {
    const anchors = this.anchors;
    while (this.anchorHead < anchors.length && anchors[this.anchorHead]! < from) this.anchorHead++;
    if (this.anchorHead > 1024) {
      this.anchors = anchors.slice(this.anchorHead);
      this.anchorHead = 0;
    }
    const anchor = this.anchorHead < this.anchors.length && this.anchors[this.anchorHead]! < to;
    const whole = from < this.limits.head || this.finalPhase;
    if (anchor && !whole) {
      const text = this.decode(from, to);
      if (this.quiet(text)) {
        this.hand(text, this.lineNo);
      } else {
        this.readBefore();
        this.hand(text, this.lineNo);
        if (this.budget > 0) this.after = this.limits.around + 1;
      }
    } else if (whole) {
      this.read(from, to, this.lineNo, true);
    } else if (this.after > 0 && this.budget > 0) {
      this.budget--;
      this.read(from, to, this.lineNo, true);
    } else {
      this.recent.push(from, to, this.lineNo);
      this.wantNext = false;
      return;
    }
    // Lines before one that was read are never read later: lines go on in order.
    this.recent.clear();
  }

  /** The skipped lines just before an anchor, as far as they are still held. */
  private readBefore(): void {
    const r = this.recent;
    for (let k = 0; k < r.count && this.budget > 0; k++) {
      const from = r.from(k);
      if (from < this.base) continue;
      this.budget--;
      this.read(from, r.to(k), r.lineNo(k), true);
    }
  }

  /** Hands the line on when it may hold a needle (or the sink asked for it). */
  private read(from: number, to: number, lineNo: number, gramCheck: boolean): void {
    if (gramCheck && !this.wantNext) {
      const held = mayHoldNeedle(this.grams, this.buf.subarray(from - this.base, to - this.base));
      // A line with a byte past ASCII and no gram may still hold a needle in another script.
      const text = held === WIDE && this.grams.wide ? this.decode(from, to) : null;
      if (held !== GRAM && !(text !== null && this.grams.wide!.has(text))) {
        this.wantNext = false;
        return;
      }
      if (text !== null) {
        this.hand(text, lineNo);
        return;
      }
    }
    this.hand(this.decode(from, to), lineNo);
  }

  private decode(from: number, to: number): string {
    const text = this.decoder.decode(this.buf.subarray(from - this.base, to - this.base));
    for (let at = text.indexOf('\uFFFD'); at !== -1; at = text.indexOf('\uFFFD', at + 1)) this.replaced++;
    return text;
  }

  private hand(text: string, lineNo: number): void {
    this.wantNext = this.sink(text, lineNo) === true;
  }
}

/** The last few skipped lines (start, end, number), oldest first, without allocating per line. */
class RecentLines {
  private readonly slots: Float64Array;
  private next = 0;
  count = 0;

  constructor(readonly capacity: number) {
    this.slots = new Float64Array(Math.max(1, capacity) * 3);
  }

  push(from: number, to: number, lineNo: number): void {
    if (this.capacity === 0) return;
    const at = this.next * 3;
    this.slots[at] = from;
    this.slots[at + 1] = to;
    this.slots[at + 2] = lineNo;
    this.next = (this.next + 1) % this.capacity;
    if (this.count < this.capacity) this.count++;
  }

  clear(): void {
    this.count = 0;
  }

  private slot(k: number): number {
    return ((this.next - this.count + k + this.capacity) % this.capacity) * 3;
  }

  from(k: number): number {
    return this.slots[this.slot(k)]!;
  }

  to(k: number): number {
    return this.slots[this.slot(k) + 1]!;
  }

  lineNo(k: number): number {
    return this.slots[this.slot(k) + 2]!;
  }
}

const NONE = 0;
const GRAM = 1;
const WIDE = 2;

/**
 * GRAM when the bytes hold a gram of some needle; else WIDE when they hold a byte past
 * ASCII (a needle in another script has no gram), NONE when neither (no needle at all).
 */
function mayHoldNeedle(tables: GramTables, bytes: Uint8Array): number {
  const { t4, t3 } = tables;
  let h = 42;
  let wide = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    wide |= b;
    h = (h << 8) | b | 32;
    if (gramHit(t4, t3, h)) return GRAM;
  }
  return wide > 0x7f ? WIDE : NONE;
}
