// Just enough of a PNG decoder for the tests: 8-bit RGBA, non-interlaced (what resvg writes).
import { inflateSync } from 'node:zlib';

export interface Decoded {
  width: number;
  height: number;
  /** RGBA bytes, row by row. */
  pixels: Uint8Array;
}

export function decodePng(png: Uint8Array): Decoded {
  const buf = Buffer.from(png);
  if (buf.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at < buf.length; ) {
    const len = buf.readUInt32BE(at);
    const type = buf.subarray(at + 4, at + 8).toString('latin1');
    const data = buf.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[9] !== 6 || data[12] !== 0)
        throw new Error('only 8-bit RGBA, non-interlaced');
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 4;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x] ?? 0;
      const a = x >= 4 ? (out[y * stride + x - 4] ?? 0) : 0;
      const b = y > 0 ? (out[(y - 1) * stride + x] ?? 0) : 0;
      const c = x >= 4 && y > 0 ? (out[(y - 1) * stride + x - 4] ?? 0) : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const pred = [0, a, b, (a + b) >> 1, paeth][filter ?? 0] ?? 0;
      out[y * stride + x] = (v + pred) & 0xff;
    }
  }
  return { width, height, pixels: out };
}

/** Pixels in the box that are clearly dark (text, axes), not white or a pale grid line. */
export function darkPixels(img: Decoded, box = { x: 0, y: 0, w: img.width, h: img.height }): number {
  let n = 0;
  for (let y = box.y; y < box.y + box.h; y++)
    for (let x = box.x; x < box.x + box.w; x++) {
      const i = (y * img.width + x) * 4;
      const lum = ((img.pixels[i] ?? 255) + (img.pixels[i + 1] ?? 255) + (img.pixels[i + 2] ?? 255)) / 3;
      if (lum < 128 && (img.pixels[i + 3] ?? 0) > 128) n++;
    }
  return n;
}
