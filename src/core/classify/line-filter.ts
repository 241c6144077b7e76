// Splits text given in chunks into numbered lines, but hands on only the lines that
// may hold a needle (the gram tables say so); every line is still counted. Lines with
// no gram are never cut out of the chunk, so most of a big log costs one pass of
// character arithmetic and no allocation. A hit line longer than MAX_LINE goes on in
// overlapping windows (see text/lines.ts), and a long line without a hit is never held.
// When the sink returns true for a line, the next line is handed on whatever it holds (a
// REPL prints a version on the line below the command that asked for it).
import { emitWindows, MAX_LINE, WINDOW_OVERLAP } from '../text/lines.js';
import { fold, type GramTables, gramHit } from './gram-filter.js';

export class FilteredLineSplitter {
  private lineNo = 1;
  /** The current line's text from earlier chunks (only while it may still be needed). */
  private partial = '';
  private hit = false;
  private h = 0;
  /** The OR of the current line's character codes read so far (past 0x7f: not plain ASCII). */
  private wide = 0;
  /** The current line started in an earlier chunk and is not over yet. */
  private open = false;
  /** The sink asked for the line after the current one. */
  private wantNext = false;
  /** The current line is handed on because the sink asked for it, and nothing of it was read yet. */
  private forced = false;
  private readonly sink: (text: string, lineNo: number) => void;

  constructor(
    private readonly tables: GramTables,
    sink: (text: string, lineNo: number) => unknown,
  ) {
    this.sink = (text, lineNo) => {
      if (sink(text, lineNo) === true) this.wantNext = true;
    };
  }

  /** Lines completed so far plus the one in progress. */
  get lines(): number {
    return this.lineNo;
  }

  push(chunk: string): void {
    const { t4, t3 } = this.tables;
    const n = chunk.length;
    let pos = 0;
    let i = 0;
    let h = this.h;
    let wide = this.wide;
    while (i < n) {
      if (this.hit) {
        const nl = chunk.indexOf('\n', i);
        if (nl === -1) {
          this.carry(chunk.slice(pos));
          this.h = h;
          return;
        }
        this.endLine(chunk.slice(pos, nl));
        pos = i = nl + 1;
        wide = 0;
        continue;
      }
      for (; i < n; i++) {
        const c = chunk.charCodeAt(i);
        if (c === 10) break;
        wide |= c;
        h = (h << 8) | fold(c);
        if (gramHit(t4, t3, h)) {
          this.hit = true;
          break;
        }
      }
      if (this.hit) continue;
      if (i >= n) {
        this.carry(chunk.slice(pos));
        break;
      }
      // A line in another script may hold a needle that has no gram ("已杀死").
      if (wide > 0x7f && this.tables.wide?.has(this.partial + chunk.slice(pos, i))) {
        this.hit = true;
        continue;
      }
      wide = 0;
      // A line with no gram: count it and move on.
      h = (h << 8) | fold(10);
      this.lineNo++;
      this.partial = '';
      this.open = false;
      pos = i = i + 1;
    }
    this.h = h;
    this.wide = wide;
  }

  end(): void {
    if (this.hit && this.forced && !this.open && !this.partial) this.hit = false;
    else if (this.hit) this.endLine('');
    else if (this.wide > 0x7f && this.partial && this.tables.wide?.has(this.partial)) this.endLine('');
    else if (this.open || this.partial) {
      this.lineNo++;
      this.partial = '';
      this.open = false;
    }
  }

  /** Keeps the unfinished line's text; without a hit only its tail can still matter. */
  private carry(text: string): void {
    this.open = true;
    this.forced = false;
    this.partial += text;
    if (this.partial.length > MAX_LINE + WINDOW_OVERLAP) {
      if (this.hit) this.partial = emitWindows(this.partial, this.lineNo, this.sink, true);
      else this.partial = this.partial.slice(-WINDOW_OVERLAP);
    }
  }

  private endLine(rest: string): void {
    const line = this.partial ? this.partial + rest : rest;
    emitWindows(line, this.lineNo, this.sink, false);
    this.lineNo++;
    this.partial = '';
    this.hit = this.forced = this.wantNext;
    this.wantNext = false;
    this.open = false;
    this.h = (this.h << 8) | fold(10);
  }
}
