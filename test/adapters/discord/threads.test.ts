// Follow-ups on Discord, end to end (discord.js against the fake Discord, with the
// Message Content intent, no channel listening): a message in the thread where the bot
// answered, or a reply to its answer in a channel, is read with the first log and the
// answer is edited (PATCH); talk in the thread does nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILD_VERDICT,
  COLLECT_ENV,
  DRIVER_TOO_OLD,
  NO_KERNEL,
  NUMPY_ABI_WARNING,
  SEGFAULT,
  UNKNOWN_BUILD,
} from '../../helpers/thread-logs.js';
import type { Payload, RecordedCall } from './fake/index.mjs';
import { embedText, type Harness, startHarness } from './harness.js';
import { DEVICE_ASSERT, ORDINARY_TALK } from './logs.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ messageContent: true });
});
afterAll(async () => h?.close());

const edits = (channel: string, id: string) =>
  h.fake.rest.calls.filter(
    (c) => c.method === 'PATCH' && c.status === 200 && c.path === `/channels/${channel}/messages/${id}`,
  );
const editOf = (channel: string, id: string) =>
  h.fake.rest.waitFor(
    (c) => c.method === 'PATCH' && c.status === 200 && c.path === `/channels/${channel}/messages/${id}`,
  );
const postsIn = (channel: string) =>
  h.fake.rest.calls.filter((c) => c.method === 'POST' && c.path === `/channels/${channel}/messages`);

/** Waits until a mention elsewhere is answered: everything sent before it has been handled. */
async function settled(): Promise<void> {
  const sentinel = h.fake.postMessage({ mentionBot: true, content: DEVICE_ASSERT });
  await h.replyTo(sentinel.id);
}

describe('GIVEN the bot answered a log (Discord)', () => {
  it('WHEN a bare version line follows in the thread, without a mention THEN the answer is edited with the verdict', async () => {
    const thread = h.fake.world.threads[0]!.id;
    const first = h.fake.postMessage({ mentionBot: true, content: DRIVER_TOO_OLD, channelId: thread });
    const answer: RecordedCall = await h.replyTo(first.id);
    expect(embedText(answer.body)).toContain(UNKNOWN_BUILD);
    const before = postsIn(thread).length;
    h.fake.postMessage({ content: '2.14.0+cu130', channelId: thread });
    const edit = await editOf(thread, answer.response?.id);
    expect(embedText(edit.body)).toContain(BUILD_VERDICT);
    expect(embedText(edit.body)).not.toContain(UNKNOWN_BUILD);
    await settled();
    expect(postsIn(thread)).toHaveLength(before);
  });

  it('WHEN someone replies to the answer in the channel with collect_env output THEN the answer is edited with the failed check', async () => {
    const channel = h.fake.world.channel;
    const first = h.fake.postMessage({ mentionBot: true, content: NO_KERNEL });
    const answer = await h.replyTo(first.id);
    expect(embedText(answer.body)).not.toContain('RTX 5090');
    const reply = h.fake.postMessage({ content: COLLECT_ENV, referenced: answer.response as Payload });
    const edit = await editOf(channel, answer.response?.id);
    expect(embedText(edit.body)).toMatch(/NVIDIA GeForce RTX 5090 .*torch 2\.1\.0\+cu118/);
    await settled();
    expect(h.fake.rest.calls.filter((c) => c.body?.message_reference?.message_id === reply.id)).toHaveLength(
      0,
    );
  });

  it('WHEN more of the output follows as a reply to the log THEN the answer is edited to the cause it shows', async () => {
    const channel = h.fake.world.channel;
    const first = h.fake.postMessage({ mentionBot: true, content: SEGFAULT });
    const answer = await h.replyTo(first.id);
    expect(answer.body?.embeds?.[0]?.title).toMatch(/Native segmentation fault/);
    h.fake.postMessage({ content: NUMPY_ABI_WARNING, referenced: first });
    const edit = await editOf(channel, answer.response?.id);
    expect(edit.body?.embeds?.[0]?.title).toMatch(
      /^Likely cause: Extension built against another NumPy major version/,
    );
  });

  it('WHEN people talk in the thread THEN nothing is edited or posted', async () => {
    const thread = h.fake.world.threads[1]!.id;
    const first = h.fake.postMessage({ mentionBot: true, content: DRIVER_TOO_OLD, channelId: thread });
    const answer = await h.replyTo(first.id);
    const before = postsIn(thread).length;
    h.fake.postMessage({ content: ORDINARY_TALK, channelId: thread });
    h.fake.postMessage({ mentionBot: true, content: 'thanks, updating the driver now', channelId: thread });
    await settled();
    expect(edits(thread, answer.response?.id)).toHaveLength(0);
    expect(postsIn(thread)).toHaveLength(before);
  });
});
