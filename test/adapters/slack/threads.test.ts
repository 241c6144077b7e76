// Follow-ups in the bot's thread on Slack, end to end (Bolt against the fake Slack, over
// HTTP): a version line or collect_env output in the thread, mentioned or not and in a
// channel that does not listen, updates the answer with chat.update; talk does nothing.
import { afterEach, describe, expect, it } from 'vitest';
import {
  BUILD_VERDICT,
  COLLECT_ENV,
  DRIVER_TOO_OLD,
  NO_KERNEL,
  NUMPY_ABI_WARNING,
  SEGFAULT,
  UNKNOWN_BUILD,
} from '../../helpers/thread-logs.js';
import { blockText, headerOf, pause, posts, waitForPosts } from './expect.js';
import { type Harness, startHarness } from './harness.js';
import { OOM_LOG, OOM_TALK } from './logs.js';
import { mention, message } from './payloads.js';

/** Posts a mention in another channel and waits for its answer: everything sent before it has been handled. */
async function settled(h: Harness): Promise<void> {
  const sentinel = mention({ text: OOM_LOG, channel: 'C0SENTINEL' });
  await h.event(sentinel);
  await waitForPosts(h.fake, sentinel.ts);
  await pause(50);
}

/** Mentions the bot with `log` and returns the answer's ts and text. */
async function answered(h: Harness, log: string) {
  const first = mention({ text: log });
  await h.event(first);
  const [post] = await waitForPosts(h.fake, first.ts);
  return { first, ts: post!.result!.ts as string, text: blockText(post!.args.blocks) };
}

describe('GIVEN the bot answered a log in its thread (Slack)', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('WHEN a bare version line follows without a mention, in a channel not listening THEN the answer is updated with the verdict', async () => {
    h = await startHarness({ transport: 'http' });
    const { first, ts, text } = await answered(h, DRIVER_TOO_OLD);
    expect(text).toContain(UNKNOWN_BUILD);
    await h.event(message({ text: '2.14.0+cu130', thread_ts: first.ts }));
    const update = await h.fake.waitFor(() => h.fake.callsTo('chat.update')[0]);
    expect(update.args.ts).toBe(ts);
    expect(blockText(update.args.blocks)).toContain(BUILD_VERDICT);
    expect(blockText(update.args.blocks)).not.toContain(UNKNOWN_BUILD);
    await settled(h);
    expect(posts(h.fake, first.ts)).toHaveLength(1);
  });

  it('WHEN collect_env output follows as a file with a mention THEN the answer gets the failed check, and no second answer', async () => {
    h = await startHarness({ transport: 'http' });
    const { first, ts, text } = await answered(h, NO_KERNEL);
    expect(text).not.toContain('RTX 5090');
    const file = h.fake.hostFile({ name: 'env.txt', content: COLLECT_ENV, mimetype: 'text/plain' });
    await h.event(mention({ text: 'here is collect_env', thread_ts: first.ts, files: [file] }));
    const update = await h.fake.waitFor(() => h.fake.callsTo('chat.update')[0]);
    expect(update.args.ts).toBe(ts);
    expect(blockText(update.args.blocks)).toMatch(/NVIDIA GeForce RTX 5090 .*torch 2\.1\.0\+cu118/);
    await settled(h);
    expect(posts(h.fake, first.ts)).toHaveLength(1);
  });

  it('WHEN more of the output follows THEN the answer is updated to the cause it shows', async () => {
    h = await startHarness({ transport: 'http' });
    const { first, ts, text } = await answered(h, SEGFAULT);
    expect(text).toContain('Native segmentation fault');
    await h.event(message({ text: `\`\`\`\n${NUMPY_ABI_WARNING}\n\`\`\``, thread_ts: first.ts }));
    const update = await h.fake.waitFor(() => h.fake.callsTo('chat.update')[0]);
    expect(update.args.ts).toBe(ts);
    expect(headerOf(update.args.blocks)).toMatch(
      /^Likely cause: Extension built against another NumPy major version/,
    );
  });

  it('WHEN people talk in the thread, with and without a mention THEN nothing is updated or posted', async () => {
    h = await startHarness({ transport: 'http' });
    const { first } = await answered(h, DRIVER_TOO_OLD);
    await h.event(message({ text: OOM_TALK, thread_ts: first.ts }));
    await h.event(mention({ text: 'thanks, trying the driver update now', thread_ts: first.ts }));
    await settled(h);
    expect(h.fake.callsTo('chat.update')).toHaveLength(0);
    expect(posts(h.fake, first.ts)).toHaveLength(1);
  });
});
