// Listening, with the Message Content intent on: crash output posted without a mention
// is answered in channels that turned listening on, and ordinary talk never is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payload } from './fake/index.mjs';
import { embedText, type Harness, startHarness } from './harness.js';
import { DEVICE_ASSERT, HOST_OOM, ORDINARY_TALK, PYTORCH_OOM } from './logs.js';

let h: Harness;
let general: string;
beforeAll(async () => {
  h = await startHarness({ messageContent: true });
  general = h.fake.world.channels[1]!.id;
});
afterAll(async () => h?.close());

/** Posts `quiet` messages, then a mention; once the mention is answered, returns what answered the quiet ones. */
async function answersTo(quiet: Payload[]) {
  const sentinel = h.fake.postMessage({ mentionBot: true, content: DEVICE_ASSERT });
  await h.replyTo(sentinel.id);
  return h.fake.rest.calls.filter((c) => quiet.some((q) => c.body?.message_reference?.message_id === q.id));
}

describe('GIVEN the Message Content intent', () => {
  it('GIVEN a channel that has not turned listening on THEN pasted crash output and its files are left alone', async () => {
    const file = h.fake.addAttachment('crash.log', HOST_OOM);
    const quiet = [h.fake.postMessage({ content: PYTORCH_OOM }), h.fake.postMessage({ attachments: [file] })];
    expect(await answersTo(quiet)).toEqual([]);
    expect(h.fake.rest.calls.filter((c) => c.path === new URL(file.url).pathname)).toEqual([]);
  });

  it('GIVEN /crash listen on THEN the answer carries no note about the intent', async () => {
    const i = h.fake.interact(h.fake.slash('listen', { state: 'on' }, { manageChannels: true }));
    const call = await h.fake.rest.waitFor((c) => c.path === `/interactions/${i.id}/${i.token}/callback`);
    expect(call.body?.data?.embeds?.[0]?.title).toBe('Listening is on in this channel');
    expect(embedText(call.body?.data)).not.toContain('Message Content');
  });

  it.each([
    ['a pasted traceback', () => h.fake.postMessage({ content: PYTORCH_OOM }), /GPU out of memory/],
    [
      'a log file',
      () => h.fake.postMessage({ attachments: [h.fake.addAttachment('run.log', HOST_OOM)] }),
      /Host RAM/,
    ],
  ])('GIVEN %s without a mention in a listening channel THEN it is diagnosed', async (_name, post, title) => {
    const m = post();
    const call = await h.replyTo(m.id);
    expect(call.body?.embeds?.[0]?.title).toMatch(title);
  });

  it('GIVEN ordinary talk about memory, and crash output in a channel not listening THEN no answer', async () => {
    const quiet = [
      h.fake.postMessage({ content: ORDINARY_TALK }),
      h.fake.postMessage({ content: 'loss went from 2.1 to 0.8 after the lr warmup, nice' }),
      h.fake.postMessage({ content: PYTORCH_OOM, channelId: general }),
    ];
    expect(await answersTo(quiet)).toEqual([]);
  });
});
