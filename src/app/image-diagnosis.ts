// A screenshot is a log too: its text is read (OCR), mended where OCR's usual confusions
// would hide the error, checked where numbers disagree, and diagnosed like a paste. The
// reply says the text came from an image and which numbers to check.
import { diagnoseTextDetailed } from '../core/diagnose.js';
import type { KnowledgeBase } from '../core/knowledge.js';
import { type ImageKind, imageInfo, READABLE_IMAGES } from '../core/text/image.js';
import { checkOcrNumbers } from '../core/text/ocr-numbers.js';
import { type OcrVocabulary, ocrVocabulary, repairOcrText } from '../core/text/ocr-repair.js';
import type { Diagnosis, ImageReading } from '../core/types.js';

export type OcrText =
  | { ok: true; text: string; confidence: number }
  | { ok: false; code: 'busy' | 'timeout' | 'failed'; message: string };

/** Reads the text in an image. Implemented with tesseract.js in src/ocr. */
export interface OcrPort {
  read(kind: ImageKind, bytes: Uint8Array): Promise<OcrText>;
}

export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

export type ImageText =
  | { ok: true; text: string; reading: ImageReading }
  | {
      ok: false;
      code: 'not-an-image' | 'unsupported' | 'too-large' | 'no-text' | 'busy' | 'timeout' | 'failed';
      message: string;
    };

export type ImageOutcome =
  | { ok: true; diagnosis: Diagnosis; text: string }
  | Extract<ImageText, { ok: false }>;

export interface ImageDeps {
  kb: KnowledgeBase;
  ocr: OcrPort;
  limits: ImageLimits;
}

const vocabularies = new WeakMap<KnowledgeBase, OcrVocabulary>();

/** The text in an image, read and mended, with how it was read; or why it could not be read. */
export async function readImageText(deps: ImageDeps, bytes: Uint8Array): Promise<ImageText> {
  const info = imageInfo(bytes);
  if (!info) return { ok: false, code: 'not-an-image', message: 'this is not an image I know' };
  if (!READABLE_IMAGES.has(info.kind))
    return {
      ok: false,
      code: 'unsupported',
      message: `I read PNG, JPEG, WebP and BMP images, not ${info.kind.toUpperCase()}`,
    };
  if (bytes.length > deps.limits.maxBytes)
    return {
      ok: false,
      code: 'too-large',
      message: `the image is ${mb(bytes.length)}; I read images up to ${mb(deps.limits.maxBytes)}`,
    };
  const pixels = (info.width ?? 0) * (info.height ?? 0);
  if (info.width === null || info.height === null || pixels > deps.limits.maxPixels)
    return {
      ok: false,
      code: 'too-large',
      message:
        info.width === null
          ? 'the image header does not say its size (a cut-off file?)'
          : `the image is ${info.width} x ${info.height} pixels; crop it to the error (I read up to ${Math.round(deps.limits.maxPixels / 1e6)} megapixels)`,
    };
  const read = await deps.ocr.read(info.kind, bytes);
  if (!read.ok) return { ok: false, code: read.code, message: read.message };
  if (read.text.trim().length < 3)
    return { ok: false, code: 'no-text', message: 'I could not read any text in that image' };
  let vocabulary = vocabularies.get(deps.kb);
  if (!vocabulary) {
    vocabulary = ocrVocabulary(deps.kb);
    vocabularies.set(deps.kb, vocabulary);
  }
  const repaired = repairOcrText(read.text.replace(/\n{2,}/g, '\n'), vocabulary);
  const lines = repaired.text.split('\n');
  const numbers = checkOcrNumbers(lines, deps.kb.exitCodes.ntstatus);
  for (const n of numbers) lines[n.line - 1] = n.mended;
  return {
    ok: true,
    text: lines.join('\n'),
    reading: {
      kind: info.kind,
      width: info.width,
      height: info.height,
      confidence: Math.round(read.confidence * 100) / 100,
      repaired: repaired.changes + numbers.filter((n) => n.known).length,
      numbers: numbers.map((n) => ({
        line: n.line,
        read: n.read,
        readAs: n.known ? `${n.known.hex} (${n.known.signed}, ${n.known.name})` : null,
      })),
    },
  };
}

/** An image diagnosed like a paste of its text; the diagnosis says it was read from an image. */
export async function diagnoseImage(deps: ImageDeps, bytes: Uint8Array): Promise<ImageOutcome> {
  const read = await readImageText(deps, bytes);
  if (!read.ok) return read;
  const { diagnosis } = diagnoseTextDetailed(read.text, deps.kb);
  return { ok: true, text: read.text, diagnosis: { ...diagnosis, image: read.reading } };
}

function mb(n: number): string {
  return n < 2 ** 20 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 2 ** 20).toFixed(1)} MB`;
}
