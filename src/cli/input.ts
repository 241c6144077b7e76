// Reads a log from a file or standard input as a stream of byte chunks, so a 200 MB
// file is never held whole. Failures are values with a one-line message.
import { closeSync, openSync, readSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { EXIT } from './command.js';

export type InputSource =
  | { ok: true; name: string; chunks: AsyncIterable<Uint8Array> }
  | { ok: false; message: string };

/** Chunks of a file: small enough to stay in the processor's cache while they are scanned. */
const FILE_CHUNK = 1 << 18;

export async function openInput(
  path: string | undefined,
  stdin: NodeJS.ReadableStream,
): Promise<InputSource> {
  if (path === undefined || path === '-') return { ok: true, name: 'standard input', chunks: asBytes(stdin) };
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch (err) {
    return { ok: false, message: `cannot read ${path}: ${describe(err)}` };
  }
  if (info.isDirectory()) return { ok: false, message: `cannot read ${path}: it is a directory` };
  return { ok: true, name: path, chunks: fileChunks(path) };
}

/**
 * A file's bytes in chunks lent from one buffer, read synchronously: the CLI waits on
 * nothing else meanwhile, and a read from the page cache costs a copy, where a read
 * handed to the thread pool costs a round trip each (about 4x slower over a 100 MB log).
 * A 100 MB log allocates one chunk, not 100 MB.
 */
async function* fileChunks(path: string): AsyncIterable<Uint8Array> {
  const fd = openSync(path, 'r');
  const buffer = Buffer.allocUnsafe(FILE_CHUNK);
  try {
    for (;;) {
      const n = readSync(fd, buffer, 0, FILE_CHUNK, null);
      if (n === 0) return;
      yield buffer.subarray(0, n);
    }
  } finally {
    closeSync(fd);
  }
}

async function* asBytes(stream: NodeJS.ReadableStream): AsyncIterable<Uint8Array> {
  for await (const chunk of stream) {
    yield typeof chunk === 'string' ? new TextEncoder().encode(chunk) : (chunk as Uint8Array);
  }
}

export function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  switch (e?.code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a directory';
    default:
      return e?.message ?? String(err);
  }
}

/** What the input is read into: it tells, once its first bytes are in, whether they are binary. */
export interface ByteSink<R> {
  /** The chunk is lent: its bytes are overwritten once push returns, so what is kept is copied. */
  push(chunk: Uint8Array): void;
  /** Known once the first bytes were sniffed, and certainly after end(). */
  readonly binary: boolean;
  /** True once the sink has all it will use (an image past its size limit): reading stops, without an error. */
  readonly full?: boolean;
  end(): R;
}

/**
 * Reads FILE (or standard input) chunk by chunk into `sink` and returns what its end()
 * makes of it. Binary input is not read past its verdict (`/dev/zero` would never end).
 * When the input cannot be read or is binary ("looks like a binary file, not `what`"),
 * the failure has been printed as one line and the exit status is returned instead.
 */
export async function readInput<R>(
  ctx: { err(text: string): void; readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean } },
  command: string,
  path: string | undefined,
  sink: ByteSink<R>,
  what: string,
): Promise<R | number> {
  const source = await openInput(path, ctx.stdin);
  if (!source.ok) {
    ctx.err(`crashbot ${command}: ${source.message}\n`);
    return EXIT.unreadableInput;
  }
  if (source.name === 'standard input' && ctx.stdin.isTTY) {
    ctx.err('Paste the text, then press Ctrl-D (Ctrl-Z and Enter on Windows).\n');
  }
  try {
    for await (const chunk of source.chunks) {
      sink.push(chunk);
      if (sink.binary || sink.full) break;
    }
  } catch (err) {
    ctx.err(`crashbot ${command}: cannot read ${source.name}: ${describe(err)}\n`);
    return EXIT.unreadableInput;
  }
  const result = sink.end();
  if (sink.binary) {
    ctx.err(`crashbot ${command}: ${source.name} looks like a binary file, not ${what}\n`);
    return EXIT.unreadableInput;
  }
  return result;
}
