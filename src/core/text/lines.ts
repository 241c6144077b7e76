// Splits text, given whole or in chunks, into numbered lines with bounded memory:
// a line longer than MAX_LINE is handed on in windows that overlap by WINDOW_OVERLAP
// characters, all carrying the same line number, so one 10 MB line costs no more
// than many short ones and a match across a window edge is still seen.

export const MAX_LINE = 16 * 1024;
export const WINDOW_OVERLAP = 512;

export type LineSink = (text: string, lineNo: number) => void;

/**
 * Hands on one line, in windows when it is longer than MAX_LINE. With `keepTail`, the
 * line is not over yet: only full windows go out and the rest is returned to be
 * continued; otherwise everything goes out and '' is returned.
 */
export function emitWindows(text: string, lineNo: number, sink: LineSink, keepTail: boolean): string {
  let rest = text;
  while (rest.length > MAX_LINE + WINDOW_OVERLAP) {
    sink(rest.slice(0, MAX_LINE), lineNo);
    rest = rest.slice(MAX_LINE - WINDOW_OVERLAP);
  }
  if (keepTail) return rest;
  if (rest.length > 0 || text.length === 0) sink(rest, lineNo);
  return '';
}

export class LineSplitter {
  private partial = '';
  private lineNo = 1;
  /** Whether the current line was already handed on in part (it was too long). */
  private windowed = false;

  constructor(private readonly sink: LineSink) {}

  /** Lines completed so far plus the one in progress. */
  get lines(): number {
    return this.lineNo;
  }

  push(chunk: string): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf('\n', start);
      if (nl === -1) break;
      const piece = chunk.slice(start, nl);
      const line = this.partial ? this.partial + piece : piece;
      this.partial = '';
      this.emitLine(line);
      start = nl + 1;
    }
    if (start < chunk.length) {
      this.partial += chunk.slice(start);
      if (this.partial.length > MAX_LINE + WINDOW_OVERLAP) this.flushWindows();
    }
  }

  end(): void {
    if (this.partial || this.windowed) this.emitLine(this.partial);
    this.partial = '';
  }

  private emitLine(line: string): void {
    if (line.length > MAX_LINE) {
      this.partial = line;
      this.flushWindows();
      line = this.partial;
      this.partial = '';
    }
    if (!this.windowed || line.length > WINDOW_OVERLAP) this.sink(line, this.lineNo);
    this.lineNo++;
    this.windowed = false;
  }

  /** Hands on full windows of the over-long line in progress, keeping an overlapping tail. */
  private flushWindows(): void {
    while (this.partial.length > MAX_LINE + WINDOW_OVERLAP) {
      this.sink(this.partial.slice(0, MAX_LINE), this.lineNo);
      this.partial = this.partial.slice(MAX_LINE - WINDOW_OVERLAP);
      this.windowed = true;
    }
  }
}

/** Splits a whole text; convenience for pastes. Returns the number of lines. */
export function splitLines(text: string, sink: LineSink): number {
  const s = new LineSplitter(sink);
  s.push(text);
  s.end();
  return s.lines - 1;
}
