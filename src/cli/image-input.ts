// The CLI's input, told apart on its first bytes: a screenshot (PNG, JPEG, WebP, BMP,
// GIF) is kept whole, up to a limit, for OCR; anything else streams on into the text
// diagnoser as before.
import { imageKind } from '../core/text/image.js';
import type { ByteSink } from './input.js';

export type Sniffed<R> =
  | { kind: 'text'; result: R }
  | { kind: 'image'; bytes: Uint8Array; complete: boolean };

/** Wraps the text sink: image bytes are collected (at most `maxBytes` + 1, so "too large" can be told) instead. */
export function imageAware<R>(text: ByteSink<R>, maxBytes: number): ByteSink<Sniffed<R>> {
  let mode: 'unknown' | 'text' | 'image' = 'unknown';
  const parts: Uint8Array[] = [];
  let kept = 0;
  let seen = 0;
  return {
    push(chunk) {
      if (mode === 'unknown') mode = imageKind(chunk) ? 'image' : 'text';
      if (mode === 'text') return text.push(chunk);
      seen += chunk.length;
      const room = maxBytes + 1 - kept;
      if (room > 0) {
        parts.push(chunk.slice(0, room));
        kept += Math.min(room, chunk.length);
      }
    },
    get binary() {
      return mode === 'text' ? text.binary : false;
    },
    get full() {
      // An image past the limit is refused as too large: no need to read the rest.
      return mode === 'image' && seen > maxBytes;
    },
    end() {
      if (mode !== 'image') return { kind: 'text', result: text.end() };
      return { kind: 'image', bytes: Buffer.concat(parts), complete: seen <= maxBytes };
    },
  };
}
