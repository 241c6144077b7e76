import { afterEach, describe, expect, it } from 'vitest';
import { blockText, headerOf, pause, posts, waitForPosts, waitForResponse } from './expect.js';
import { type Harness, startHarness, type Transport } from './harness.js';
import { CUDNN_LOG, OOM_LOG, OOM_TALK } from './logs.js';
import { CHANNEL, command, edit, mention, message, USER } from './payloads.js';

/** Posts a mention in another channel and waits for its answer: everything sent before it has been handled. */
async function settled(h: Harness): Promise<void> {
  const sentinel = mention({ text: OOM_LOG, channel: 'C0SENTINEL' });
  await h.event(sentinel);
  await waitForPosts(h.fake, sentinel.ts);
  await pause(50);
}

/** Ana, who created the channel (so Slack lets her change its settings), turns listening on or off. */
async function listen(h: Harness, on: boolean): Promise<void> {
  h.fake.creators.set(CHANNEL, USER);
  const before = h.fake.responses.length;
  await h.command(command(`listen ${on ? 'on' : 'off'}`, h.fake.responseUrl()));
  await waitForResponse(h.fake, before + 1);
}

describe.each<Transport>(['http', 'socket'])('listening and edits over %s', (transport) => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('GIVEN listening is off THEN pasted crash output gets no answer', async () => {
    h = await startHarness({ transport });
    const pasted = message({ text: OOM_LOG });
    await h.event(pasted);
    await settled(h);
    expect(posts(h.fake, pasted.ts)).toHaveLength(0);
  });

  it('GIVEN listening is on THEN crash output gets a thread reply and ordinary talk gets nothing', async () => {
    h = await startHarness({ transport });
    await listen(h, true);
    const talk = message({ text: OOM_TALK });
    const crash = message({ text: OOM_LOG });
    await h.event(talk);
    await h.event(crash);
    const [post] = await waitForPosts(h.fake, crash.ts);
    expect(headerOf(post!.args.blocks)).toMatch(/^Likely cause: GPU out of memory/);
    await settled(h);
    expect(posts(h.fake, talk.ts)).toHaveLength(0);
  });

  it('GIVEN listening was turned off again THEN crash output gets no answer', async () => {
    h = await startHarness({ transport });
    await listen(h, true);
    await listen(h, false);
    const crash = message({ text: OOM_LOG });
    await h.event(crash);
    await settled(h);
    expect(posts(h.fake, crash.ts)).toHaveLength(0);
  });

  it('GIVEN listening is on and a message mentions the bot THEN it is answered once', async () => {
    h = await startHarness({ transport });
    await listen(h, true);
    const asMention = mention({ text: OOM_LOG });
    await h.event(asMention);
    await h.event({ ...asMention, type: 'message' });
    await waitForPosts(h.fake, asMention.ts);
    await settled(h);
    expect(posts(h.fake, asMention.ts)).toHaveLength(1);
  });

  it('GIVEN a diagnosed message is edited THEN the reply is updated in place, not posted again', async () => {
    h = await startHarness({ transport });
    const first = mention({ text: OOM_LOG });
    await h.event(first);
    const [post] = await waitForPosts(h.fake, first.ts);
    const replyTs = post!.result!.ts as string;
    await h.event(
      edit({ ts: first.ts, previous: `<@U0CRASHBOT> ${OOM_LOG}`, text: `<@U0CRASHBOT> ${CUDNN_LOG}` }),
    );
    const update = await h.fake.waitFor(() => h.fake.callsTo('chat.update')[0]);
    expect(update.args.ts).toBe(replyTs);
    expect(headerOf(update.args.blocks)).toMatch(/^Likely cause: cuDNN version/);
    await settled(h);
    expect(posts(h.fake, first.ts)).toHaveLength(1);
    expect(h.fake.messagesIn(first.channel).find((m) => m.ts === replyTs)?.edited).toBe(true);
  });

  it('GIVEN a listened message is edited into ordinary talk THEN the reply says there is nothing to diagnose', async () => {
    h = await startHarness({ transport });
    await listen(h, true);
    const crash = message({ text: OOM_LOG });
    await h.event(crash);
    await waitForPosts(h.fake, crash.ts);
    await h.event(edit({ ts: crash.ts, previous: OOM_LOG, text: OOM_TALK }));
    const update = await h.fake.waitFor(() => h.fake.callsTo('chat.update')[0]);
    expect(headerOf(update.args.blocks)).toBe('The message was edited');
  });

  it('GIVEN Slack reports a change that is not an edit (a thread reply) THEN nothing happens', async () => {
    h = await startHarness({ transport });
    const first = mention({ text: OOM_LOG });
    await h.event(first);
    await waitForPosts(h.fake, first.ts);
    await h.event(
      edit({ ts: first.ts, previous: `<@U0CRASHBOT> ${OOM_LOG}`, text: `<@U0CRASHBOT> ${OOM_LOG}` }),
    );
    await settled(h);
    expect(h.fake.callsTo('chat.update')).toHaveLength(0);
  });

  it('GIVEN listening is on and talk is edited into crash output THEN it gets its first answer', async () => {
    h = await startHarness({ transport });
    await listen(h, true);
    const talk = message({ text: OOM_TALK });
    await h.event(talk);
    await h.event(edit({ ts: talk.ts, previous: OOM_TALK, text: OOM_LOG }));
    const [post] = await waitForPosts(h.fake, talk.ts);
    expect(blockText(post!.args.blocks)).toContain('CUDA out of memory');
    await settled(h);
    expect(posts(h.fake, talk.ts)).toHaveLength(1);
  });

  it("GIVEN the bot's own or another bot's message THEN it is never answered", async () => {
    h = await startHarness({ transport });
    await listen(h, true);
    const own = message({ text: OOM_LOG, bot_id: h.fake.botId, user: h.fake.botUserId });
    const other = message({ text: OOM_LOG, bot_id: 'B0CI', subtype: 'bot_message' });
    await h.event(own);
    await h.event(other);
    await settled(h);
    expect(posts(h.fake, own.ts)).toHaveLength(0);
    expect(posts(h.fake, other.ts)).toHaveLength(0);
  });

  it('GIVEN listening is on and a log file is shared without text THEN it is read and answered', async () => {
    h = await startHarness({ transport });
    await listen(h, true);
    const shared = message({
      text: '',
      subtype: 'file_share',
      files: [h.fake.hostFile({ name: 'job.out', content: OOM_LOG })],
    });
    await h.event(shared);
    const [post] = await waitForPosts(h.fake, shared.ts);
    expect(headerOf(post!.args.blocks)).toMatch(/^Likely cause: GPU out of memory/);
  });

  it('GIVEN listening is on and a screenshot is shared THEN the bot stays quiet', async () => {
    h = await startHarness({ transport });
    await listen(h, true);
    const png = h.fake.hostFile({ name: 'loss.png', content: 'PNG', mimetype: 'image/png', filetype: 'png' });
    const shared = message({ text: 'loss curve from last night', subtype: 'file_share', files: [png] });
    await h.event(shared);
    await settled(h);
    expect(posts(h.fake, shared.ts)).toHaveLength(0);
  });

  it('GIVEN listening is off THEN a shared log file is not even downloaded', async () => {
    h = await startHarness({ transport });
    const shared = message({
      text: '',
      subtype: 'file_share',
      files: [h.fake.hostFile({ name: 'job.out', content: OOM_LOG })],
    });
    await h.event(shared);
    await settled(h);
    expect(h.fake.downloads).toHaveLength(0);
  });
});
