// Screenshots rendered from the text fixtures (scripts/render-screenshots.mjs: six looks,
// from a light terminal to a phone photo of a monitor) are read with the real OCR engine
// and must give the cause their text gives.
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureTail, renderScreenshot, screenshotCases } from '../../scripts/render-screenshots.mjs';
import { diagnoseImage } from '../../src/app/image-diagnosis.js';
import { diagnoseText } from '../../src/core/diagnose.js';
import { loadKnowledge } from '../../src/knowledge/load.js';
import { createOcrEngine } from '../../src/ocr/engine.js';

const loaded = loadKnowledge();
if (!loaded.ok) throw new Error('knowledge base has problems');
const kb = loaded.kb;
const engine = createOcrEngine({ workers: 1, queue: 100, timeoutMs: 120_000, maxPixels: 25_000_000 });
const limits = { maxBytes: 10 * 2 ** 20, maxPixels: 25_000_000 };
afterAll(() => engine.close());

describe('screenshots of crash logs', () => {
  it('GIVEN every generated screenshot THEN at least 90 % give the top cause of their text', async () => {
    const misses: string[] = [];
    const cases = screenshotCases();
    for (const c of cases) {
      const lines = fixtureTail(c.file);
      const expected = diagnoseText(lines.join('\n'), kb).causes[0]?.id ?? 'none';
      const out = await diagnoseImage({ kb, ocr: engine, limits }, renderScreenshot(lines, c.theme));
      const got = out.ok ? (out.diagnosis.causes[0]?.id ?? 'none') : out.code;
      if (got !== expected) misses.push(`${c.cause} (${c.theme}): text ${expected}, image ${got}`);
    }
    if (misses.length) console.log(`screenshots that disagree with their text:\n  ${misses.join('\n  ')}`);
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect((cases.length - misses.length) / cases.length).toBeGreaterThanOrEqual(0.9);
  }, 600_000);

  it('GIVEN a dark-theme Windows crash whose numbers OCR reads badly at small size THEN the decoded exit code is right', async () => {
    const lines = [
      'Epoch 87/200',
      '2024-03-02 11:23:45.123456: E tensorflow/stream_executor/cuda/cuda_dnn.cc:361] Loaded runtime CuDNN library: 8.1.0 but source was compiled with: 8.6.0.',
      'tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with shape[64,256,56,56]',
      'Process finished with exit code -1073740791 (0xC0000409)',
    ];
    const out = await diagnoseImage({ kb, ocr: engine, limits }, renderScreenshot(lines, 'terminal-dark'));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.diagnosis.exitCode?.name).toBe('STATUS_STACK_BUFFER_OVERRUN');
    expect(out.diagnosis.image).toMatchObject({ kind: 'png', width: 1400 });
    expect(out.text).toContain('OOM when allocating');
  }, 120_000);

  it('GIVEN an image without text THEN "no text", not a diagnosis', async () => {
    const out = await diagnoseImage({ kb, ocr: engine, limits }, renderScreenshot([''], 'terminal-light'));
    expect(out).toMatchObject({ ok: false, code: 'no-text' });
  }, 120_000);

  it('GIVEN an image over the pixel limit THEN it is refused from its header, before any decoding', async () => {
    const big = renderScreenshot(['x'], 'terminal-light');
    const out = await diagnoseImage({ kb, ocr: engine, limits: { ...limits, maxPixels: 1000 } }, big);
    expect(out).toMatchObject({ ok: false, code: 'too-large' });
  });

  it('GIVEN a busy engine with a full queue THEN the next image is refused as busy, and the others are read', async () => {
    const small = createOcrEngine({ workers: 1, queue: 1, timeoutMs: 120_000, maxPixels: 25_000_000 });
    try {
      const png = renderScreenshot(['Segmentation fault (core dumped)'], 'terminal-light');
      const results = await Promise.all([
        small.read('png', png),
        small.read('png', png),
        small.read('png', png),
      ]);
      expect(results.map((r) => (r.ok ? 'ok' : r.code))).toEqual(['ok', 'ok', 'busy']);
    } finally {
      await small.close();
    }
  }, 120_000);

  it('GIVEN a time limit shorter than reading takes THEN a timeout, not a wait without end', async () => {
    const hasty = createOcrEngine({ workers: 1, queue: 4, timeoutMs: 1, maxPixels: 25_000_000 });
    try {
      const png = renderScreenshot(['Segmentation fault (core dumped)'], 'terminal-light');
      expect(await hasty.read('png', png)).toMatchObject({ ok: false, code: 'timeout' });
    } finally {
      await hasty.close();
    }
  }, 120_000);
});
