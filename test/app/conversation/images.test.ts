// Screenshots through the pipeline, read by the real OCR engine: an image attached to a
// mention is diagnosed like its text and the reply says it came from an image; in a
// listening channel a screenshot is answered only when its text is crash output; an
// image that cannot be read gets the one notice.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { renderScreenshot } from '../../../scripts/render-screenshots.mjs';
import type { ImageReader } from '../../../src/app/conversation/attachments.js';
import { readImageText } from '../../../src/app/image-diagnosis.js';
import { createOcrEngine, type OcrEngine } from '../../../src/ocr/engine.js';
import { knowledge } from '../../helpers/conversation.js';
import { cleanDirs, message, type Rig, rig } from './fixture.js';

const limits = { maxBytes: 10 * 2 ** 20, maxPixels: 25_000_000 };
const engines: OcrEngine[] = [];
function reader(o: { timeoutMs?: number } = {}): ImageReader {
  const engine = createOcrEngine({
    workers: 1,
    queue: 8,
    timeoutMs: o.timeoutMs ?? 60_000,
    maxPixels: limits.maxPixels,
  });
  engines.push(engine);
  return {
    maxBytes: limits.maxBytes,
    read: (bytes) => readImageText({ kb: knowledge(), ocr: engine, limits }, bytes),
  };
}
const rigs: Rig[] = [];
async function make(o: Parameters<typeof rig>[0]): Promise<Rig> {
  const r = await rig({ timeoutMs: 60_000, ...o });
  rigs.push(r);
  return r;
}
afterEach(async () => {
  for (const r of rigs.splice(0)) await r.close();
});
afterAll(async () => {
  for (const e of engines.splice(0)) await e.close();
  cleanDirs();
});

const CRASH = renderScreenshot(
  [
    'Epoch 3/50',
    'Traceback (most recent call last):',
    '  File "train.py", line 88, in <module>',
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.65 GiB',
  ],
  'terminal-dark',
);
const TALK = renderScreenshot(
  ['Agenda for Thursday: data loader refactor, then the new eval set.'],
  'terminal-light',
);
const png = (id: string) => ({ id, name: `${id}.png`, mime: 'image/png' });

describe('GIVEN a screenshot attached to a mention', () => {
  it('THEN it is diagnosed like its text, and the reply says it was read from an image', async () => {
    const r = await make({ files: { S1: CRASH }, images: reader() });
    await r.handle(message(r, { text: '', attachments: [png('S1')] }));
    expect(r.surface.titles()).toEqual([expect.stringMatching(/GPU out of memory/)]);
    expect(r.surface.text(r.surface.posts()[0])).toMatch(/I read this from an image \(PNG, 1400 x \d+\)/);
  }, 120_000);

  it('AND images are not read (CRASHBOT_OCR=false) THEN the notice says it is not a text file', async () => {
    const r = await make({ files: { S1: CRASH } });
    await r.handle(message(r, { text: '', attachments: [png('S1')] }));
    expect(r.surface.text(r.surface.posts()[0])).toMatch(/S1\.png.*not a text file \(image\/png\)/);
  });

  it('AND reading it runs past its time THEN one notice names the image, no diagnosis', async () => {
    const r = await make({ files: { S1: CRASH }, images: reader({ timeoutMs: 1 }) });
    await r.handle(message(r, { text: '', attachments: [png('S1')] }));
    expect(r.surface.posts()).toHaveLength(1);
    expect(r.surface.text(r.surface.posts()[0])).toMatch(/S1\.png.*took longer than/);
  }, 120_000);
});

describe('GIVEN a listening channel', () => {
  it('THEN a screenshot of crash output is answered and a screenshot of talk is not', async () => {
    const r = await make({ files: { S1: CRASH, S2: TALK }, images: reader() });
    await r.store.updateSettings(
      { platform: 'fake', workspace: 'W1', channel: 'C1' },
      { listening: true },
      new Date(),
    );
    await r.handle(message(r, { text: '', mode: 'listen', attachments: [png('S2')] }));
    expect(r.surface.posts()).toHaveLength(0);
    await r.handle(message(r, { text: '', mode: 'listen', attachments: [png('S1')] }));
    expect(r.surface.titles()).toEqual([expect.stringMatching(/GPU out of memory/)]);
  }, 120_000);
});
