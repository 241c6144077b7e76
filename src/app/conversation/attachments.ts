// The attachment policy, the same on every surface: which files are read (text types
// only, judged by the stated type, else the name), how many per message, how large
// (checked before the download when the size is stated, and while reading whatever it
// says), how long a download may take, how many run at once, and the decoding (core's
// byte decoder: UTF-8, UTF-16 as PowerShell writes it, binary refused). Every file
// that is not read comes back with the reason, for the one notice.
import { ByteDecoder } from '../../core/text/decode.js';
import type { ImageReading } from '../../core/types.js';
import type { ImageText } from '../image-diagnosis.js';
import type { AttachmentRef } from './incoming.js';
import type { AttachmentSource, SourceRefusal } from './ports.js';

export interface AttachmentPolicy {
  /** Files read per message; the rest are named as not read. */
  maxFiles: number;
  maxBytes: number;
  timeoutMs: number;
  /** Downloads at the same time, across every message. */
  concurrent: number;
  /** Screenshots: read with OCR (absent: images are not read). */
  images?: ImageReader;
}

/** Text from an image's bytes (src/app/image-diagnosis.ts over the OCR engine). */
export interface ImageReader {
  maxBytes: number;
  read(bytes: Uint8Array): Promise<ImageText>;
}

export const DEFAULT_ATTACHMENT_POLICY: Omit<AttachmentPolicy, 'maxBytes'> = {
  maxFiles: 3,
  timeoutMs: 10_000,
  concurrent: 4,
};

export type FileProblem = 'not-text' | 'too-large' | 'too-many' | 'image-unread' | SourceRefusal['problem'];

export type FileRead =
  | { ok: true; name: string; text: string; image?: ImageReading }
  | { ok: false; name: string; problem: FileProblem; detail: string; fix?: string };

const TEXT_TYPES = /^(text\/|application\/(json|x-ndjson|xml|yaml|x-yaml|toml|x-sh|x-python|javascript))/i;
const GENERIC_TYPES = /^(application\/octet-stream|binary\/octet-stream)/i;
const TEXT_NAMES =
  /\.(log|txt|text|out|err|stderr|stdout|trace|json|jsonl|ndjson|ya?ml|toml|ini|cfg|conf|csv|tsv|md|py|sh|ps1|bat|xml)$/i;

/** A text type, or a generic (or no) type on a name that says text. */
export function looksLikeText(ref: Pick<AttachmentRef, 'name' | 'mime'>): boolean {
  if (ref.mime && TEXT_TYPES.test(ref.mime)) return true;
  return (!ref.mime || GENERIC_TYPES.test(ref.mime)) && TEXT_NAMES.test(ref.name);
}

const IMAGE_TYPES = /^image\/(png|jpeg|jpg|pjpeg|webp|bmp|x-ms-bmp)\b/i;
const IMAGE_NAMES = /\.(png|jpe?g|webp|bmp)$/i;

/** A screenshot crashbot can read: an image type, or a generic (or no) type on an image's name. */
export function looksLikeImage(ref: Pick<AttachmentRef, 'name' | 'mime'>): boolean {
  if (ref.mime && IMAGE_TYPES.test(ref.mime)) return true;
  return (!ref.mime || GENERIC_TYPES.test(ref.mime)) && IMAGE_NAMES.test(ref.name);
}

export interface AttachmentReader {
  /** Reads the first `maxFiles` files (at most `concurrent` downloads at once overall); the rest come back as too many. */
  read(source: AttachmentSource, refs: readonly AttachmentRef[]): Promise<FileRead[]>;
}

export function createAttachmentReader(policy: AttachmentPolicy): AttachmentReader {
  const turn = createLimiter(policy.concurrent);
  return {
    async read(source, refs) {
      const read = refs.slice(0, policy.maxFiles).map((ref) => turn(() => readOne(source, ref, policy)));
      const extra = refs.slice(policy.maxFiles).map(
        (ref): FileRead => ({
          ok: false,
          name: ref.name,
          problem: 'too-many',
          detail: `only the first ${policy.maxFiles} files are read`,
        }),
      );
      return [...(await Promise.all(read)), ...extra];
    },
  };
}

async function readOne(
  source: AttachmentSource,
  listed: AttachmentRef,
  p: AttachmentPolicy,
): Promise<FileRead> {
  const signal = AbortSignal.timeout(p.timeoutMs);
  let ref = listed;
  const refuse = (problem: FileProblem, detail: string, fix?: string): FileRead => ({
    ok: false,
    name: ref.name,
    problem,
    detail,
    ...(fix !== undefined && { fix }),
  });
  try {
    if (source.resolve) ref = await source.resolve(listed, signal);
    if (p.images && looksLikeImage(ref)) return await readImage(source, ref, p.images, signal, refuse);
    if (!looksLikeText(ref)) return refuse('not-text', ref.mime ?? 'unknown type');
    if (ref.size !== undefined && ref.size > p.maxBytes) return refuse('too-large', `${ref.size} bytes`);
    const body = await source.open(ref, signal);
    if ('problem' in body) return refuse(body.problem, body.detail, body.fix);
    const reader = body.getReader();
    const decoder = new ByteDecoder();
    const parts: string[] = [];
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > p.maxBytes) {
        await reader.cancel().catch(() => {});
        return refuse('too-large', `more than ${p.maxBytes} bytes`);
      }
      parts.push(decoder.push(value));
      if (decoder.binary) {
        await reader.cancel().catch(() => {});
        return refuse('not-text', 'binary content');
      }
    }
    parts.push(decoder.end());
    if (decoder.binary) return refuse('not-text', 'binary content');
    return { ok: true, name: ref.name, text: parts.join('') };
  } catch (err) {
    const e = err as Error;
    const late = e.name === 'TimeoutError' || e.name === 'AbortError';
    return refuse('unreachable', late ? `no answer within ${p.timeoutMs} ms` : e.message);
  }
}

/** A screenshot: downloaded whole (within the image limit), then its text read with OCR. */
async function readImage(
  source: AttachmentSource,
  ref: AttachmentRef,
  images: ImageReader,
  signal: AbortSignal,
  refuse: (problem: FileProblem, detail: string, fix?: string) => FileRead,
): Promise<FileRead> {
  const tooLarge = () =>
    refuse('image-unread', `the image is larger than the ${Math.round(images.maxBytes / 2 ** 20)} MB I read`);
  if (ref.size !== undefined && ref.size > images.maxBytes) return tooLarge();
  const body = await source.open(ref, signal);
  if ('problem' in body) return refuse(body.problem, body.detail, body.fix);
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > images.maxBytes) {
      await reader.cancel().catch(() => {});
      return tooLarge();
    }
    parts.push(value);
  }
  const read = await images.read(Buffer.concat(parts));
  if (!read.ok) return refuse('image-unread', read.message);
  return { ok: true, name: ref.name, text: read.text, image: read.reading };
}

/** At most `max` jobs at a time; the rest wait their turn in order. */
export function createLimiter(max: number): <T>(job: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next job, so no newcomer slips in between.
    if (next) next();
    else active--;
  };
  return async (job) => {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await job();
    } finally {
      release();
    }
  };
}
