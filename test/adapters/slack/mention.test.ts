import { afterEach, describe, expect, it } from 'vitest';
import { blockText, headerOf, pause, posts, waitForPosts } from './expect.js';
import { type Harness, startHarness, type Transport } from './harness.js';
import { OOM_LOG } from './logs.js';
import { mention, message, newEventId } from './payloads.js';

describe.each<Transport>(['http', 'socket'])('mentions over %s', (transport) => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('GIVEN a mention with a pasted OOM log THEN one thread reply names the cause with evidence, footer and buttons', async () => {
    h = await startHarness({ transport });
    const ev = mention({ text: `our run died:\n\`\`\`${OOM_LOG}\`\`\`` });
    await h.event(ev);
    const [post] = await waitForPosts(h.fake, ev.ts);
    expect(post!.args.channel).toBe(ev.channel);
    expect(headerOf(post!.args.blocks)).toMatch(/^Likely cause: GPU out of memory \(\d+%\)$/);
    const text = blockText(post!.args.blocks);
    expect(text).toContain('torch.cuda.OutOfMemoryError: CUDA out of memory');
    // Slack's &gt; was read back as the typed `>>` and escaped once for display.
    expect(text).toContain('If reserved memory is &gt;&gt; allocated memory');
    expect(text).toContain('First time this crash was seen in this channel this week.');
    const actions = post!.args.blocks.find((b: { type: string }) => b.type === 'actions');
    expect(actions.elements.map((e: { action_id: string }) => e.action_id)).toEqual([
      'feedback-fixed',
      'feedback-wrong',
    ]);
  });

  it('GIVEN the same crash mentioned twice THEN the second reply says it was seen twice this week', async () => {
    h = await startHarness({ transport });
    for (const n of [1, 2]) {
      const ev = mention({ text: OOM_LOG });
      await h.event(ev);
      const [post] = await waitForPosts(h.fake, ev.ts);
      const seen = n === 1 ? 'First time this crash was seen' : 'Seen 2 times in this channel this week.';
      expect(blockText(post!.args.blocks)).toContain(seen);
    }
  });

  it('GIVEN a mention with a log file attached THEN the file is downloaded with the bot token and diagnosed', async () => {
    h = await startHarness({ transport });
    const file = h.fake.hostFile({ name: 'train.log', content: OOM_LOG, mimetype: 'text/plain' });
    const ev = mention({ text: 'what happened here?', files: [file] });
    await h.event(ev);
    const [post] = await waitForPosts(h.fake, ev.ts);
    expect(headerOf(post!.args.blocks)).toMatch(/^Likely cause: GPU out of memory/);
    expect(h.fake.downloads).toEqual([
      expect.objectContaining({ id: file.id, authorization: `Bearer ${h.fake.botToken}` }),
    ]);
  });

  it('GIVEN a file listed by id only THEN files.info supplies its URL and it is diagnosed', async () => {
    h = await startHarness({ transport });
    const file = h.fake.hostFile({ name: 'train.log', content: OOM_LOG, listedWithoutUrl: true });
    const ev = mention({ text: '', files: [file] });
    await h.event(ev);
    const [post] = await waitForPosts(h.fake, ev.ts);
    expect(headerOf(post!.args.blocks)).toMatch(/^Likely cause: GPU out of memory/);
    expect(h.fake.callsTo('files.info')).toHaveLength(1);
  });

  it('GIVEN a mention in a thread THEN the reply goes to that thread', async () => {
    h = await startHarness({ transport });
    const ev = mention({ text: OOM_LOG, thread_ts: '1710000000.000001' });
    await h.event(ev);
    await waitForPosts(h.fake, '1710000000.000001');
    expect(posts(h.fake, ev.ts)).toHaveLength(0);
  });

  it('GIVEN a bare mention in the thread of a pasted log THEN the log that opened the thread is diagnosed', async () => {
    h = await startHarness({ transport });
    const parent = message({ text: OOM_LOG });
    h.fake.messagesIn(parent.channel).push({ ts: parent.ts, text: parent.text });
    const ev = mention({ text: '', thread_ts: parent.ts });
    await h.event(ev);
    const [post] = await waitForPosts(h.fake, parent.ts);
    expect(headerOf(post!.args.blocks)).toMatch(/^Likely cause: GPU out of memory/);
    expect(h.fake.callsTo('conversations.replies')[0]!.args).toMatchObject({
      channel: parent.channel,
      ts: parent.ts,
    });
  });

  it('GIVEN a bare mention THEN the reply says how to use the bot', async () => {
    h = await startHarness({ transport });
    const ev = mention({ text: '' });
    await h.event(ev);
    const [post] = await waitForPosts(h.fake, ev.ts);
    expect(headerOf(post!.args.blocks)).toBe('Paste a crash log and I will diagnose it');
  });

  it('GIVEN Slack delivers one event again (a retry or a replay) THEN it is answered once', async () => {
    h = await startHarness({ transport });
    const ev = mention({ text: OOM_LOG });
    const eventId = newEventId();
    await h.event(ev, { eventId });
    await h.event(ev, { eventId, retryNum: 1 });
    await h.event(ev, { eventId });
    await waitForPosts(h.fake, ev.ts);
    const later = mention({ text: OOM_LOG });
    await h.event(later);
    await waitForPosts(h.fake, later.ts);
    await pause(50);
    expect(posts(h.fake, ev.ts)).toHaveLength(1);
  });

  it('GIVEN a mention by another bot THEN nothing is posted', async () => {
    h = await startHarness({ transport });
    const fromBot = mention({ text: OOM_LOG, bot_id: 'B0CIBOT' });
    await h.event(fromBot);
    const sentinel = mention({ text: OOM_LOG });
    await h.event(sentinel);
    await waitForPosts(h.fake, sentinel.ts);
    await pause(50);
    expect(posts(h.fake, fromBot.ts)).toHaveLength(0);
  });

  it('GIVEN a direct message with a log THEN it is answered without a mention', async () => {
    h = await startHarness({ transport });
    const dm = message({ text: OOM_LOG, channel: 'D0ANA', channel_type: 'im' });
    await h.event(dm);
    const [post] = await waitForPosts(h.fake, dm.ts);
    expect(post!.args.channel).toBe('D0ANA');
  });
});
