// Limits other modules need without loading the config schema (and zod with it).

/** The largest image any setting may allow (CRASHBOT_MAX_IMAGE_BYTES is capped to it). */
export const MAX_IMAGE_BYTES = 64 * 1024 * 1024;

export interface OcrConfig {
  readonly workers: number;
  readonly queue: number;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxPixels: number;
}
