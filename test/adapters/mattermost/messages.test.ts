// Messages on Mattermost, through the real @mattermost/client against the fake server:
// what is answered and where (the post's thread), what is left alone (the bot's own posts,
// other bots, webhooks, system messages), files listed by id only, deletions, a bare
// mention in a thread, direct messages, and a dropped WebSocket.
import { afterEach, describe, expect, it } from 'vitest';
import { pause } from '../slack/expect.js';
import { CUDNN_LOG, OOM_LOG } from '../slack/logs.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
afterEach(async () => h?.close());

describe('GIVEN a mention with a pasted log', () => {
  it('THEN one answer in the post thread, with the buttons, and the bot does not answer itself', async () => {
    h = await startHarness({ buttons: true });
    const m = h.fake.post({ message: `@crashbot ${OOM_LOG}` });
    const [answer] = await h.answers(m);
    expect(answer?.root_id).toBe(m.id);
    expect(answer?.message).toMatch(/^### Likely cause: GPU out of memory \(\d+%\)/);
    const names = answer?.props.attachments[0].actions.map((a: { name: string }) => a.name);
    expect(names).toEqual(['Fixed it', 'Wrong cause']);
    await pause(300);
    expect(h.fake.botPosts()).toHaveLength(1);
  });

  it('THEN no buttons when crashbot has no callback URL for them', async () => {
    h = await startHarness();
    const [answer] = await h.answers(h.fake.post({ message: `@crashbot ${OOM_LOG}` }));
    expect(answer?.props.attachments).toEqual([]);
  });
});

describe('GIVEN posts crashbot must leave alone', () => {
  it.each([
    ['another bot', { props: { from_bot: 'true' } }],
    ['a webhook', { props: { from_webhook: 'true' } }],
  ])('GIVEN a mention from %s THEN no answer', async (_n, extra) => {
    h = await startHarness();
    const ignored = h.fake.post({ message: `@crashbot ${OOM_LOG}`, ...extra });
    const asked = h.fake.post({ message: `@crashbot ${CUDNN_LOG}`, user: 'ben' });
    await h.answers(asked);
    await pause(100);
    expect(h.fake.threadReplies(ignored)).toEqual([]);
  });

  it('GIVEN a crash pasted in a channel that does not listen THEN no answer', async () => {
    h = await startHarness();
    const pasted = h.fake.post({ message: OOM_LOG });
    const asked = h.fake.post({ message: `@crashbot ${CUDNN_LOG}` });
    await h.answers(asked);
    await pause(100);
    expect(h.fake.threadReplies(pasted)).toEqual([]);
  });
});

describe('GIVEN other ways to ask', () => {
  it('GIVEN a direct message without a mention THEN it is answered', async () => {
    h = await startHarness();
    const m = h.fake.post({ channel: h.fake.world.dm.id, message: OOM_LOG });
    expect((await h.answers(m))[0]?.message).toMatch(/GPU out of memory/);
  });

  it('GIVEN a bare mention in a thread THEN the thread first post is read', async () => {
    h = await startHarness();
    const first = h.fake.post({ message: CUDNN_LOG, user: 'ben' });
    const bare = h.fake.post({ message: '@crashbot', rootId: first.id });
    const [answer] = await h.answers(bare);
    expect(answer?.root_id).toBe(first.id);
    expect(answer?.message).toMatch(/^### Likely cause: cuDNN version/);
  });

  it('GIVEN a file listed by id only THEN its info is fetched and the log read', async () => {
    h = await startHarness();
    const m = h.fake.post({
      message: '@crashbot',
      files: [{ name: 'train.log', content: OOM_LOG, mime: 'text/plain' }],
      withoutFileInfo: true,
    });
    expect((await h.answers(m))[0]?.message).toMatch(/GPU out of memory/);
    expect(h.fake.calls.some((c) => c.path === `/api/v4/files/${m.file_ids[0]}/info`)).toBe(true);
    const download = h.fake.calls.find((c) => c.path === `/api/v4/files/${m.file_ids[0]}`);
    expect(download?.result?.status).toBe(200);
  });
});

describe('GIVEN an answered post changes', () => {
  it('GIVEN it is deleted THEN its answer is deleted', async () => {
    h = await startHarness();
    const m = h.fake.post({ message: `@crashbot ${OOM_LOG}` });
    await h.answers(m);
    h.fake.remove(m);
    await h.fake.waitFor(() => h.fake.threadReplies(m).length === 0);
    expect(h.fake.calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('GIVEN it is edited into ordinary talk THEN the answer is rewritten in place to say no crash is left', async () => {
    h = await startHarness();
    const m = h.fake.post({ message: `@crashbot ${OOM_LOG}` });
    const [answer] = await h.answers(m);
    const before = answer!.message;
    h.fake.edit(m, '@crashbot never mind, it was my typo');
    await h.fake.waitFor(() => answer!.message !== before);
    expect(answer!.message).toMatch(/^### No crash found in this text/);
    expect(h.fake.threadReplies(m)).toHaveLength(1);
  });
});

describe('GIVEN the WebSocket drops', () => {
  it('THEN the client reconnects and the next mention is answered', async () => {
    h = await startHarness();
    await h.answers(h.fake.post({ message: `@crashbot ${OOM_LOG}` }));
    h.fake.socket.dropAll();
    await h.fake.waitFor(() => !h.frontEnd.ready?.());
    await h.fake.waitFor(() => h.frontEnd.ready?.(), 8_000);
    const m = h.fake.post({ message: `@crashbot ${CUDNN_LOG}` });
    expect((await h.answers(m))[0]?.message).toMatch(/cuDNN/);
  });
});
