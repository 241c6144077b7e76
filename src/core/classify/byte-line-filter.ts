// The same as FilteredLineSplitter, on UTF-8 bytes: a big log file is scanned as
// bytes and only the lines that may hold a needle are decoded at all. Needles are
// ASCII, and in UTF-8 an ASCII byte never occurs inside a multi-byte character, so the
// gram pass over bytes sees exactly what it would see over the decoded text.
import { MAX_LINE, WINDOW_OVERLAP } from '../text/lines.js';
import { type GramTables, gramHit } from './gram-filter.js';

const NEWLINE = 10;

export class FilteredByteSplitter {
  private lineNo = 1;
  private partial: Uint8Array[] = [];
  private partialLength = 0;
  private hit = false;
  private h = 0;
  private readonly decoder = new TextDecoder('utf-8');
  /** U+FFFD characters in the lines that were decoded. */
  replaced = 0;

  constructor(
    private readonly tables: GramTables,
    private readonly sink: (text: string, lineNo: number) => void,
  ) {}

  get lines(): number {
    return this.lineNo;
  }

  push(chunk: Uint8Array): void {
    const { t4, t3 } = this.tables;
    const n = chunk.length;
    let pos = 0;
    let i = 0;
    let h = this.h;
    while (i < n) {
      if (this.hit) {
        const nl = chunk.indexOf(NEWLINE, i);
        if (nl === -1) {
          this.carry(chunk.subarray(pos));
          this.h = h;
          return;
        }
        this.endLine(chunk.subarray(pos, nl));
        h = (h << 8) | 42;
        pos = i = nl + 1;
        continue;
      }
      for (; i < n; i++) {
        const c = chunk[i]!;
        if (c === NEWLINE) break;
        h = (h << 8) | c | 32;
        if (gramHit(t4, t3, h)) {
          this.hit = true;
          break;
        }
      }
      if (this.hit) continue;
      if (i >= n) {
        this.carry(chunk.subarray(pos));
        break;
      }
      h = (h << 8) | 42;
      this.lineNo++;
      this.partial = [];
      this.partialLength = 0;
      pos = i = i + 1;
    }
    this.h = h;
  }

  end(): void {
    if (this.hit) this.endLine(new Uint8Array(0));
    else if (this.partialLength > 0) this.lineNo++;
    this.partial = [];
    this.partialLength = 0;
  }

  /** Keeps the unfinished line's bytes: all of a hit line (in windows), only the tail of another. */
  private carry(bytes: Uint8Array): void {
    this.partial.push(bytes.slice());
    this.partialLength += bytes.length;
    if (this.partialLength <= MAX_LINE + WINDOW_OVERLAP) return;
    let all = concat(this.partial, this.partialLength);
    if (this.hit) {
      while (all.length > MAX_LINE + WINDOW_OVERLAP) {
        this.emit(all.subarray(0, MAX_LINE));
        all = all.subarray(MAX_LINE - WINDOW_OVERLAP);
      }
    } else {
      all = all.subarray(all.length - WINDOW_OVERLAP);
    }
    this.partial = [all.slice()];
    this.partialLength = all.length;
  }

  private endLine(rest: Uint8Array): void {
    let all = this.partialLength ? concat([...this.partial, rest], this.partialLength + rest.length) : rest;
    while (all.length > MAX_LINE + WINDOW_OVERLAP) {
      this.emit(all.subarray(0, MAX_LINE));
      all = all.subarray(MAX_LINE - WINDOW_OVERLAP);
    }
    this.emit(all);
    this.lineNo++;
    this.partial = [];
    this.partialLength = 0;
    this.hit = false;
  }

  private emit(bytes: Uint8Array): void {
    const text = this.decoder.decode(bytes);
    for (let at = text.indexOf('\uFFFD'); at !== -1; at = text.indexOf('\uFFFD', at + 1)) this.replaced++;
    this.sink(text, this.lineNo);
  }
}

function concat(parts: readonly Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
