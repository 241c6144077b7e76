// A screenshot attached in Slack and in Discord, through the real SDKs against the local
// fakes, read by the real OCR engine: the reply names the cause and says it came from an
// image, the same on both surfaces.
import { afterAll, describe, expect, it } from 'vitest';
import { renderScreenshot } from '../../scripts/render-screenshots.mjs';
import type { ImageReader } from '../../src/app/conversation/attachments.js';
import { readImageText } from '../../src/app/image-diagnosis.js';
import { createOcrEngine } from '../../src/ocr/engine.js';
import { embedText, startHarness as startDiscord } from '../adapters/discord/harness.js';
import { blockText, headerOf, waitForPosts } from '../adapters/slack/expect.js';
import { startHarness as startSlack } from '../adapters/slack/harness.js';
import { mention } from '../adapters/slack/payloads.js';
import { knowledge } from '../helpers/conversation.js';

const limits = { maxBytes: 10 * 2 ** 20, maxPixels: 25_000_000 };
const engine = createOcrEngine({ workers: 1, queue: 8, timeoutMs: 60_000, maxPixels: limits.maxPixels });
const images: ImageReader = {
  maxBytes: limits.maxBytes,
  read: (bytes) => readImageText({ kb: knowledge(), ocr: engine, limits }, bytes),
};
afterAll(() => engine.close());

const SHOT = renderScreenshot(
  [
    'Traceback (most recent call last):',
    '  File "train.py", line 41, in <module>',
    '    loss.backward()',
    'RuntimeError: CUDA error: device-side assert triggered',
  ],
  'windows-console',
);

describe('a screenshot attached to a mention', () => {
  it('GIVEN Slack THEN the thread reply names the cause and says it was read from an image', async () => {
    const h = await startSlack({ transport: 'socket', images, attachmentTimeoutMs: 60_000 });
    try {
      const file = h.fake.hostFile({
        name: 'crash.png',
        content: SHOT,
        mimetype: 'image/png',
        filetype: 'png',
      });
      const ev = mention({ text: 'what does this mean?', files: [file] });
      await h.event(ev);
      const [post] = await waitForPosts(h.fake, ev.ts, 1, 60_000);
      expect(headerOf(post!.args.blocks)).toMatch(/^Likely cause: CUDA device-side assert/);
      expect(blockText(post!.args.blocks)).toMatch(/I read this from an image \(PNG/);
    } finally {
      await h.stop();
    }
  }, 120_000);

  it('GIVEN Discord THEN the reply names the cause and says it was read from an image', async () => {
    const h = await startDiscord({ images });
    try {
      const file = h.fake.addAttachment('crash.png', SHOT, { contentType: 'image/png' });
      const m = h.fake.postMessage({
        mentionBot: true,
        content: 'what does this mean?',
        attachments: [file],
      });
      const call = await h.replyTo(m.id, 60_000);
      expect(call.body?.embeds?.[0]?.title).toMatch(/^Likely cause: CUDA device-side assert/);
      expect(embedText(call.body)).toMatch(/I read this from an image \(PNG/);
    } finally {
      await h.close();
    }
  }, 120_000);
});
