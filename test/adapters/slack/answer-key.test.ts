// An answer in a thread carries its event's key in message metadata, on every part, so
// an instance that takes over an event whose first instance was killed with the answer
// on its way finds that answer in the thread (conversations.replies with
// include_all_metadata, page by page) instead of posting it twice. Against the fake
// Slack, with the real WebClient.
import { webApi } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../../src/adapters/slack/blocks.js';
import { REPLY_EVENT_TYPE, threadChannel } from '../../../src/adapters/slack/channel.js';
import { DeliveryError, type ReplyChannel } from '../../../src/app/conversation/ports.js';
import { silentLogger } from '../../../src/app/logger.js';
import { FakeSlack } from './fake/fake-slack.mjs';

let fake: FakeSlack;
let client: webApi.WebClient;
beforeAll(async () => {
  fake = await FakeSlack.start();
  client = new webApi.WebClient(fake.botToken, { slackApiUrl: fake.apiUrl, retryConfig: { retries: 0 } });
});
afterAll(async () => {
  await fake.stop();
});

const KEY = 'delivery:slack/T1/C1/Ev0001';
const message = (text: string): SlackMessage => ({ text, blocks: [] }) as unknown as SlackMessage;
let threads = 0;
/** A thread of its own: its parent is a user's message in the fake. */
function thread(channel = 'CANSWER'): { ch: ReplyChannel<SlackMessage>; ts: string; channel: string } {
  const ts = `1740000000.${String(++threads).padStart(6, '0')}`;
  fake.messagesIn(channel).push({ ts, text: 'a crash log' });
  const ch = threadChannel(
    client,
    { place: { platform: 'slack', workspace: 'T1', channel, thread: ts } },
    silentLogger,
  );
  return { ch, ts, channel };
}

describe('GIVEN an answer posted with its event key', () => {
  it('THEN every part carries the key and its index as message metadata', async () => {
    const { ch } = thread();
    await ch.post(message('part one'), { part: 0, private: false, key: KEY });
    await ch.post(message('part two'), { part: 1, private: false, key: KEY });
    expect(
      fake
        .callsTo('chat.postMessage')
        .slice(-2)
        .map((c) => c.args.metadata),
    ).toEqual([
      { event_type: REPLY_EVENT_TYPE, event_payload: { key: KEY, part: 0 } },
      { event_type: REPLY_EVENT_TYPE, event_payload: { key: KEY, part: 1 } },
    ]);
  });

  it('THEN posted(key) finds its parts in the thread, first part first, and no other key', async () => {
    const { ch, channel } = thread();
    const first = await ch.post(message('part one'), { part: 0, private: false, key: KEY });
    const second = await ch.post(message('part two'), { part: 1, private: false, key: KEY });
    await ch.post(message('another answer'), { part: 0, private: false, key: `${KEY}-other` });
    expect(await ch.posted?.(KEY)).toEqual([first, second]);
    expect(await ch.posted?.('delivery:slack/T1/C1/Ev9999')).toEqual([]);
    expect(fake.callsTo('conversations.replies').at(-1)?.args).toMatchObject({
      channel,
      include_all_metadata: 'true',
    });
  });

  it('GIVEN nothing posted yet THEN posted(key) is empty (the parent alone is in the thread)', async () => {
    const { ch } = thread();
    expect(await ch.posted?.(KEY)).toEqual([]);
  });

  it('GIVEN a long thread THEN the answer is found on a later page', async () => {
    const { ch, ts, channel } = thread('CLONG');
    for (let i = 0; i < 450; i++)
      fake
        .messagesIn(channel)
        .push({ ts: `1740000001.${String(i).padStart(6, '0')}`, thread_ts: ts, text: `talk ${i}` });
    const id = await ch.post(message('the answer'), { part: 0, private: false, key: KEY });
    const before = fake.callsTo('conversations.replies').length;
    expect(await ch.posted?.(KEY)).toEqual([id]);
    expect(fake.callsTo('conversations.replies').length - before).toBe(3);
  });

  it('GIVEN a thread whose parent was deleted THEN nothing of ours can be there', async () => {
    const ch = threadChannel(
      client,
      { place: { platform: 'slack', workspace: 'T1', channel: 'CGONE', thread: '1740000000.999999' } },
      silentLogger,
    );
    expect(await ch.posted?.(KEY)).toEqual([]);
  });

  it('GIVEN the thread cannot be read THEN posted(key) throws a DeliveryError with Slack’s code', async () => {
    const { ch } = thread();
    fake.fail('conversations.replies', { error: 'missing_scope' });
    const err = await ch.posted?.(KEY).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeliveryError);
    expect((err as DeliveryError).code).toBe('missing_scope');
  });

  it('GIVEN metadata read without include_all_metadata THEN the fake leaves it out, as Slack does', async () => {
    const { ts, channel } = thread();
    await threadChannel(
      client,
      { place: { platform: 'slack', workspace: 'T1', channel, thread: ts } },
      silentLogger,
    ).post(message('x'), { part: 0, private: false, key: KEY });
    const res = await client.conversations.replies({ channel, ts });
    expect(res.messages?.some((m) => m.metadata)).toBe(false);
  });
});
