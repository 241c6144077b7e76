// Is this attachment an image, which kind, and how big: read from the first bytes and
// the header alone, so a 50,000 x 50,000 PNG is refused before anything decodes it.

export type ImageKind = 'png' | 'jpeg' | 'webp' | 'gif' | 'bmp';

export interface ImageInfo {
  kind: ImageKind;
  /** Null when the header does not say (a truncated file). */
  width: number | null;
  height: number | null;
}

/** The kinds crashbot reads text from (what the OCR engine decodes itself). */
export const READABLE_IMAGES: ReadonlySet<ImageKind> = new Set(['png', 'jpeg', 'webp', 'bmp']);

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((x, i) => b[at + i] === x);

/** The image kind from magic bytes, or null for anything else (text, PDFs, archives...). */
export function imageKind(b: Uint8Array): ImageKind | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (startsWith(b, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(b, [0x42, 0x4d]) && b.length >= 26 && u32le(b, 14) >= 12 && u32le(b, 14) <= 124)
    return 'bmp';
  return null;
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => (u16be(b, i) * 0x10000 + u16be(b, i + 2)) >>> 0;
const u32le = (b: Uint8Array, i: number) => (u16le(b, i) + u16le(b, i + 2) * 0x10000) >>> 0;

/** Kind and dimensions from the header; null when the bytes are not an image. */
export function imageInfo(b: Uint8Array): ImageInfo | null {
  const kind = imageKind(b);
  if (!kind) return null;
  const size = dimensions(kind, b);
  return { kind, width: size?.[0] ?? null, height: size?.[1] ?? null };
}

function dimensions(kind: ImageKind, b: Uint8Array): [number, number] | null {
  switch (kind) {
    case 'png':
      // IHDR is the first chunk: width and height at bytes 16 and 20.
      return b.length >= 24 ? [u32be(b, 16), u32be(b, 20)] : null;
    case 'gif':
      return b.length >= 10 ? [u16le(b, 6), u16le(b, 8)] : null;
    case 'bmp':
      return b.length >= 26 ? [Math.abs(u32le(b, 18) | 0), Math.abs(u32le(b, 22) | 0)] : null;
    case 'webp':
      return webpSize(b);
    case 'jpeg':
      return jpegSize(b);
  }
}

function webpSize(b: Uint8Array): [number, number] | null {
  const chunk = String.fromCharCode(b[12] ?? 0, b[13] ?? 0, b[14] ?? 0, b[15] ?? 0);
  if (chunk === 'VP8X' && b.length >= 30) return [u24le(b, 24) + 1, u24le(b, 27) + 1];
  if (chunk === 'VP8 ' && b.length >= 30) return [u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff];
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = u32le(b, 21);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  return null;
}

/** Walks the JPEG markers to the first start-of-frame, which holds the size. */
function jpegSize(b: Uint8Array): [number, number] | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i++;
      continue;
    }
    // SOF0-SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return [u16be(b, i + 7), u16be(b, i + 5)];
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    i += 2 + u16be(b, i + 2);
  }
  return null;
}
