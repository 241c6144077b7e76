// The part of a command's output that `crashbot run` keeps: the first bytes (how the
// run started: versions, devices) and the last bytes (how it ended), whole lines only,
// from stdout and stderr in the order they arrived. A run that prints 100 GB costs the
// same memory as one that prints 1 KB; the lines in between are counted, not kept, so
// evidence line numbers can still point into the real output.

export interface WindowLimits {
  /** Bytes kept from the start of the output. */
  headBytes: number;
  /** Bytes kept from the end of the output. */
  tailBytes: number;
  /** Longest partial line held per stream while it waits for its newline. */
  maxLineBytes: number;
}

export const DEFAULT_WINDOW: WindowLimits = {
  headBytes: 64 * 1024,
  tailBytes: 1024 * 1024,
  maxLineBytes: 64 * 1024,
};

/** What was kept, as one text to diagnose, and how its lines map back to the output. */
export interface WindowText {
  text: string;
  /** Lines of `text` that are the head, counted from 1 (the omission marker follows them). */
  headLines: number;
  /** Lines of output not kept between the head and the tail (0 when nothing was dropped). */
  omittedLines: number;
  /** Bytes of output not kept. */
  omittedBytes: number;
  /** Bytes and lines the command wrote in all (lines in bytes skipped unread are not counted). */
  totalBytes: number;
  totalLines: number;
}

const NL = 0x0a;

/** One stream's unfinished line: bytes after its last newline. A `\r` redraw replaces what came before it. */
class PartialLine {
  private parts: Buffer[] = [];
  private length = 0;

  constructor(private readonly max: number) {}

  /** Splits `chunk` into the complete lines it finishes (with their newlines) and keeps the rest. */
  take(chunk: Buffer): Buffer | null {
    const last = chunk.lastIndexOf(NL);
    if (last < 0) {
      this.hold(chunk);
      return null;
    }
    const done = this.length
      ? Buffer.concat([...this.parts, chunk.subarray(0, last + 1)])
      : chunk.subarray(0, last + 1);
    this.parts = [];
    this.length = 0;
    if (last + 1 < chunk.length) this.hold(chunk.subarray(last + 1));
    return done;
  }

  flush(): Buffer | null {
    if (!this.length) return null;
    const rest = Buffer.concat(this.parts);
    this.parts = [];
    this.length = 0;
    return rest;
  }

  private hold(bytes: Buffer): void {
    // A progress bar redraws with `\r` and no newline for hours: keep only the last redraw.
    const cr = bytes.lastIndexOf(0x0d);
    if (cr >= 0) {
      this.parts = [];
      this.length = 0;
      bytes = bytes.subarray(cr);
    }
    this.parts.push(Buffer.from(bytes));
    this.length += bytes.length;
    if (this.length > this.max) {
      const all = Buffer.concat(this.parts);
      this.parts = [all.subarray(all.length - this.max)];
      this.length = this.max;
    }
  }
}

/** Head and tail of an output stream, in bounded memory. */
export class OutputWindow {
  private readonly head: Buffer;
  private headUsed = 0;
  private headLines = 0;
  private headFull = false;
  /** Ring buffer of the tail; `tailStart` is where the oldest byte is once it has wrapped. */
  private readonly tail: Buffer;
  private tailUsed = 0;
  private tailStart = 0;
  private totalBytes = 0;
  private totalLines = 0;
  private readonly partial = new Map<string, PartialLine>();
  /** Bytes skipped unread (a huge output file read back in part): lines past them are not counted. */
  private skipped = 0;

  constructor(readonly limits: WindowLimits = DEFAULT_WINDOW) {
    this.head = Buffer.alloc(limits.headBytes);
    this.tail = Buffer.alloc(limits.tailBytes);
  }

  /** Output of one stream (`stdout`, `stderr`); lines from different streams are never mixed. */
  push(stream: string, chunk: Uint8Array): void {
    let p = this.partial.get(stream);
    if (!p) {
      p = new PartialLine(this.limits.maxLineBytes);
      this.partial.set(stream, p);
    }
    const lines = p.take(
      Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length),
    );
    if (lines) this.keep(lines);
  }

  /**
   * `bytes` of one stream's output passed over unread. The line they break off is
   * dropped, and lines after them cannot be counted from the start.
   */
  skip(stream: string, bytes: number): void {
    if (bytes <= 0) return;
    this.dropPartial(stream);
    this.totalBytes += bytes;
    this.skipped += bytes;
  }

  /**
   * Output known to fall between head and tail (read back from a file, whose end is still
   * to come): its lines are counted, nothing of it is kept or copied. The line it breaks
   * off is dropped, as the tail's first line would be.
   */
  pass(stream: string, chunk: Uint8Array): void {
    this.dropPartial(stream);
    this.headFull = true;
    this.totalBytes += chunk.length;
    this.totalLines += count(chunk);
  }

  private dropPartial(stream: string): void {
    const rest = this.partial.get(stream)?.flush();
    if (rest) this.totalBytes += rest.length;
  }

  /** The kept text, once the command has ended. Unfinished lines count as lines. */
  finish(): WindowText {
    for (const p of this.partial.values()) {
      const rest = p.flush();
      if (rest) this.keep(Buffer.concat([rest, Buffer.from('\n')]));
    }
    const head = this.head.subarray(0, this.headUsed).toString('utf8');
    const tailBytes = this.tailBytes();
    // The tail's first line may have lost its start to the ring: drop that piece.
    let tailText = tailBytes.toString('utf8');
    const omittedBytes = this.totalBytes - this.headUsed - tailBytes.length;
    let tailLines = count(tailBytes);
    if (omittedBytes > 0) {
      const nl = tailText.indexOf('\n');
      tailText = nl >= 0 ? tailText.slice(nl + 1) : '';
      tailLines = Math.max(0, tailLines - 1);
    }
    // Past skipped bytes the lines between head and tail are unknown: the tail's lines are
    // then numbered as kept (outputLine leaves them be), and the marker says so.
    const omittedLines = this.skipped > 0 ? 0 : this.totalLines - this.headLines - tailLines;
    const marker =
      omittedBytes <= 0
        ? ''
        : this.skipped > 0
          ? `[crashbot run: ${omittedBytes} bytes of output not kept here, ${this.skipped} of them not read; line numbers below count from the start of what was kept]\n`
          : `[crashbot run: ${omittedLines} lines (${omittedBytes} bytes) of output not kept here]\n`;
    return {
      text: head + marker + tailText,
      headLines: this.headLines,
      omittedLines: omittedBytes > 0 ? omittedLines : 0,
      omittedBytes: Math.max(0, omittedBytes),
      totalBytes: this.totalBytes,
      totalLines: this.totalLines,
    };
  }

  private keep(lines: Buffer): void {
    this.totalBytes += lines.length;
    const n = count(lines);
    this.totalLines += n;
    let rest = lines;
    if (!this.headFull) {
      const room = this.limits.headBytes - this.headUsed;
      if (rest.length <= room) {
        rest.copy(this.head, this.headUsed);
        this.headUsed += rest.length;
        this.headLines += n;
        return;
      }
      // The head ends at the last whole line that fits.
      const cut = rest.subarray(0, room).lastIndexOf(NL) + 1;
      rest.copy(this.head, this.headUsed, 0, cut);
      this.headUsed += cut;
      this.headLines += count(rest.subarray(0, cut));
      this.headFull = true;
      rest = rest.subarray(cut);
    }
    this.toTail(rest);
  }

  private toTail(bytes: Buffer): void {
    const size = this.tail.length;
    if (size === 0) return;
    if (bytes.length >= size) {
      bytes.copy(this.tail, 0, bytes.length - size);
      this.tailStart = 0;
      this.tailUsed = size;
      return;
    }
    const end = (this.tailStart + this.tailUsed) % size;
    const first = Math.min(bytes.length, size - end);
    bytes.copy(this.tail, end, 0, first);
    if (first < bytes.length) bytes.copy(this.tail, 0, first);
    const used = this.tailUsed + bytes.length;
    if (used > size) {
      this.tailStart = (this.tailStart + used - size) % size;
      this.tailUsed = size;
    } else this.tailUsed = used;
  }

  private tailBytes(): Buffer {
    const size = this.tail.length;
    if (this.tailStart + this.tailUsed <= size)
      return this.tail.subarray(this.tailStart, this.tailStart + this.tailUsed);
    return Buffer.concat([
      this.tail.subarray(this.tailStart),
      this.tail.subarray(0, (this.tailStart + this.tailUsed) % size),
    ]);
  }
}

function count(bytes: Uint8Array): number {
  let n = 0;
  for (let i = bytes.indexOf(NL); i >= 0; i = bytes.indexOf(NL, i + 1)) n++;
  return n;
}

/**
 * Maps a line number of the kept text back to the command's output: head lines stay,
 * the marker has no line of its own, tail lines move past the lines not kept.
 */
export function outputLine(w: Pick<WindowText, 'headLines' | 'omittedLines'>, line: number): number {
  if (line <= w.headLines || w.omittedLines === 0) return line;
  if (line === w.headLines + 1) return w.headLines + 1;
  return line - 1 + w.omittedLines;
}
