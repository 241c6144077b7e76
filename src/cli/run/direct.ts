// Output that goes to a file costs nothing to pass on: `crashbot run -- python train.py
// > train.log 2>&1` (and a batch scheduler's output file) hands the file itself to the
// command, which writes to it as if crashbot were not there, and the window reads what
// it wrote back from the file once it has ended. A terminal or a pipe still goes through
// crashbot (runChild copies it), since nothing can be read back from either.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { OutputWindow } from '../../app/run/window.js';

/** A standard stream that is a regular file, and where the command's output starts in it. */
export interface OutputFile {
  stream: 'stdout' | 'stderr';
  fd: number;
  /** The file's size when the command started: its output is what comes after. */
  start: number;
}

/** The streams the command writes to directly, and the files to read back afterwards. */
export interface DirectOutput {
  direct: Set<'stdout' | 'stderr'>;
  files: OutputFile[];
}

/**
 * Which of the standard streams the command may write to directly: those that are
 * regular files. When stdout and stderr are the same file (`> log 2>&1`), both are
 * direct and it is read back once, its lines in the order they were written.
 */
export function outputFiles(fds: { stdout: number; stderr: number }): DirectOutput {
  const out = statOf(fds.stdout);
  const err = statOf(fds.stderr);
  const direct = new Set<'stdout' | 'stderr'>();
  const files: OutputFile[] = [];
  if (out?.isFile()) {
    direct.add('stdout');
    files.push({ stream: 'stdout', fd: fds.stdout, start: out.size });
  }
  if (err?.isFile()) {
    direct.add('stderr');
    if (!(out?.isFile() && out.dev === err.dev && out.ino === err.ino))
      files.push({ stream: 'stderr', fd: fds.stderr, start: err.size });
  }
  return { direct, files };
}

function statOf(fd: number) {
  try {
    return fstatSync(fd);
  } catch {
    return null;
  }
}

const CHUNK = 1 << 20;

/**
 * Output read back whole, lines counted; past it only head and tail are read (a run that
 * wrote 100 GB to its log is not read again end to end before its status comes back).
 */
export const READ_WHOLE_BYTES = 2 ** 30;

/**
 * Reads what the command wrote to `file` into `window`. Up to `countBytes` of it is read
 * whole (its lines counted, so evidence line numbers point into the file); past that only
 * the head and the tail are read and the middle is skipped. Reads through a descriptor of
 * its own, so the shared file offset the command wrote at is not moved. A file that cannot
 * be read back is said, not hidden: the returned text is a one-line reason.
 */
export function readBack(file: OutputFile, window: OutputWindow, countBytes: number): string | null {
  let fd: number;
  try {
    fd = openSync(`/proc/self/fd/${file.fd}`, 'r');
  } catch {
    fd = file.fd;
  }
  try {
    const end = fstatSync(fd).size;
    const buf = Buffer.allocUnsafe(CHUNK);
    const read = (from: number, to: number, each: (chunk: Buffer) => void) => {
      for (let at = from; at < to; ) {
        const n = readSync(fd, buf, 0, Math.min(CHUNK, to - at), at);
        if (n <= 0) break;
        each(buf.subarray(0, n));
        at += n;
      }
    };
    const push = (chunk: Buffer) => window.push(file.stream, chunk);
    const { headBytes, tailBytes, maxLineBytes } = window.limits;
    // The middle, between what the head and the tail can hold, is only counted (or, past
    // countBytes, skipped unread); what is pushed is enough to fill both whole.
    const headEnd = file.start + headBytes + maxLineBytes;
    const tailStart = end - tailBytes - maxLineBytes;
    if (tailStart - headEnd < CHUNK) read(file.start, end, push);
    else {
      read(file.start, headEnd, push);
      if (end - file.start <= countBytes) read(headEnd, tailStart, (c) => window.pass(file.stream, c));
      else window.skip(file.stream, tailStart - headEnd);
      read(tailStart, end, push);
    }
    return null;
  } catch (err) {
    return `could not read the output back from its file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
  } finally {
    if (fd !== file.fd) closeSync(fd);
  }
}
