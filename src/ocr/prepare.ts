// An image made ready for OCR: grey, dark text on a light ground (terminals and IDEs
// are mostly dark themes, which the recogniser reads worse), and small screen text
// scaled up twice with bilinear filtering (a 14-pixel font loses digits: 0 reads as 6
// or 8). PNG and JPEG are decoded here in plain JavaScript; WebP and BMP go to the
// recogniser as they are, which decodes them itself.
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { ImageKind } from '../core/text/image.js';

export interface PreparedImage {
  /** What the recogniser reads: a binary PGM after preparation, or the original bytes. */
  bytes: Buffer;
  width: number;
  height: number;
  inverted: boolean;
  scale: number;
}

/** Narrower screenshots than this are scaled up twice before reading. */
const UPSCALE_BELOW_WIDTH = 2200;

export interface PrepareLimits {
  /** Largest image (width x height) decoded; larger ones are refused before decoding. */
  maxPixels: number;
}

export function prepareImage(kind: ImageKind, bytes: Uint8Array, limits: PrepareLimits): PreparedImage {
  const rgba = decode(kind, bytes, limits);
  if (!rgba) return { bytes: Buffer.from(bytes), width: 0, height: 0, inverted: false, scale: 1 };
  const { width, height, data } = rgba;
  const grey = new Uint8Array(width * height);
  let sum = 0;
  for (let i = 0, p = 0; i < grey.length; i++, p += 4) {
    // Transparent pixels count as the light ground.
    const a = (data[p + 3] ?? 255) / 255;
    const g = ((data[p]! * 299 + data[p + 1]! * 587 + data[p + 2]! * 114) / 1000) * a + 255 * (1 - a);
    grey[i] = g;
    sum += g;
  }
  const inverted = sum / grey.length < 128;
  const scale = width < UPSCALE_BELOW_WIDTH && width * height * 4 <= limits.maxPixels ? 2 : 1;
  const out = scale === 1 ? copy(grey, inverted) : upscale(grey, width, height, scale, inverted);
  const W = width * scale;
  const H = height * scale;
  return {
    bytes: Buffer.concat([Buffer.from(`P5\n${W} ${H}\n255\n`, 'ascii'), out]),
    width,
    height,
    inverted,
    scale,
  };
}

function decode(
  kind: ImageKind,
  bytes: Uint8Array,
  limits: PrepareLimits,
): { width: number; height: number; data: Uint8Array } | null {
  if (kind === 'png') {
    const png = PNG.sync.read(Buffer.from(bytes));
    return { width: png.width, height: png.height, data: png.data };
  }
  if (kind === 'jpeg') {
    const img = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: Math.ceil(limits.maxPixels / 1e6),
      maxMemoryUsageInMB: Math.ceil((limits.maxPixels * 8) / 2 ** 20) + 64,
    });
    return { width: img.width, height: img.height, data: img.data };
  }
  return null;
}

function copy(grey: Uint8Array, invert: boolean): Buffer {
  const out = Buffer.allocUnsafe(grey.length);
  for (let i = 0; i < grey.length; i++) out[i] = invert ? 255 - grey[i]! : grey[i]!;
  return out;
}

function upscale(grey: Uint8Array, width: number, height: number, s: number, invert: boolean): Buffer {
  const W = width * s;
  const H = height * s;
  const out = Buffer.allocUnsafe(W * H);
  for (let y = 0; y < H; y++) {
    const fy = Math.max(0, (y + 0.5) / s - 0.5);
    const y0 = fy | 0;
    const y1 = Math.min(height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < W; x++) {
      const fx = Math.max(0, (x + 0.5) / s - 0.5);
      const x0 = fx | 0;
      const x1 = Math.min(width - 1, x0 + 1);
      const wx = fx - x0;
      const top = grey[y0 * width + x0]! * (1 - wx) + grey[y0 * width + x1]! * wx;
      const bottom = grey[y1 * width + x0]! * (1 - wx) + grey[y1 * width + x1]! * wx;
      const v = top * (1 - wy) + bottom * wy;
      out[y * W + x] = invert ? 255 - v : v;
    }
  }
  return out;
}
