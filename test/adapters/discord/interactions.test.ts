// /crash, the "Diagnose crash" context menu and the feedback buttons, end to end: the
// fake dispatches INTERACTION_CREATE and holds the bot to Discord's rules (one answer,
// within 3 seconds); the assertions read the callbacks and follow-ups the bot sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payload, RecordedCall } from './fake/index.mjs';
import { embedText, type Harness, startHarness } from './harness.js';
import { HOST_OOM, PYTORCH_OOM } from './logs.js';

const EPHEMERAL = 64;
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

function answerTo(i: Payload, timeoutMs?: number): Promise<RecordedCall> {
  return h.fake.rest.waitFor((c) => c.path === `/interactions/${i.id}/${i.token}/callback`, timeoutMs);
}
const channel = () => ({
  platform: 'discord',
  workspace: h.fake.world.guild.id,
  channel: h.fake.world.channel,
});

describe('GIVEN /crash', () => {
  it.each([
    ['code:-1073740791', { code: '-1073740791' }, /STATUS_STACK_BUFFER_OVERRUN/, true],
    [
      'code:0xC0000409 public:true',
      { code: '0xC0000409', public: true },
      /STATUS_STACK_BUFFER_OVERRUN/,
      false,
    ],
    ['code:137', { code: '137' }, /SIGKILL/, true],
    ['code:banana', { code: 'banana' }, /not an exit code/i, true],
    ['code:summary', { code: 'summary' }, /not an exit code/i, true],
  ])(
    'GIVEN /crash code %s THEN an answer, private unless public',
    async (_name, options, title, ephemeral) => {
      const i = h.fake.interact(h.fake.slash('code', options));
      const call = await answerTo(i);
      expect(call.status).toBe(204);
      expect(call.body?.type).toBe(4);
      expect(call.body?.data?.embeds?.[0]?.title).toMatch(title);
      expect(((call.body?.data?.flags ?? 0) & EPHEMERAL) !== 0).toBe(ephemeral);
    },
  );

  it('GIVEN /crash help THEN the commands in slash syntax, privately', async () => {
    const call = await answerTo(h.fake.interact(h.fake.slash('help')));
    expect(call.body?.data?.flags).toBe(EPHEMERAL);
    expect(embedText(call.body?.data)).toContain('/crash code code:-1073740791');
  });

  it.each([
    ['listen', { state: 'on' }],
    ['summaries', { state: 'on' }],
  ])(
    'GIVEN /crash %s from someone without Manage Channels THEN refused privately, nothing changed',
    async (sub, options) => {
      const call = await answerTo(h.fake.interact(h.fake.slash(sub, options)));
      expect(call.body?.data?.flags).toBe(EPHEMERAL);
      expect(call.body?.data?.embeds?.[0]?.title).toBe('Only channel managers can change this');
      const settings = await h.store.getSettings(channel());
      expect([settings.listening, settings.summary]).toEqual([false, false]);
    },
  );

  it('GIVEN /crash listen on from a moderator THEN listening is on, said publicly, with the intent note', async () => {
    const call = await answerTo(
      h.fake.interact(h.fake.slash('listen', { state: 'on' }, { manageChannels: true })),
    );
    expect(call.body?.data?.flags ?? 0).toBe(0);
    expect(call.body?.data?.embeds?.[0]?.title).toBe('Listening is on in this channel');
    expect(embedText(call.body?.data)).toContain('`DISCORD_MESSAGE_CONTENT=true`');
    expect((await h.store.getSettings(channel())).listening).toBe(true);
    await answerTo(h.fake.interact(h.fake.slash('listen', { state: 'off' }, { manageChannels: true })));
    expect((await h.store.getSettings(channel())).listening).toBe(false);
  });

  it('GIVEN /crash summaries on with a day, time and zone THEN the weekly summary is scheduled so', async () => {
    const i = h.fake.slash(
      'summaries',
      { state: 'on', day: 'friday', time: '17:30', timezone: 'Europe/Berlin' },
      { manageChannels: true },
    );
    const call = await answerTo(h.fake.interact(i));
    expect(embedText(call.body?.data)).toContain('Every Friday at 17:30 (Europe/Berlin)');
    expect(await h.store.getSettings(channel())).toMatchObject({
      summary: true,
      weekday: 5,
      time: '17:30',
      timeZone: 'Europe/Berlin',
    });
  });

  it('GIVEN /crash summaries with a day but no time THEN a private note on what to give', async () => {
    const call = await answerTo(
      h.fake.interact(h.fake.slash('summaries', { state: 'on', day: 'friday' }, { manageChannels: true })),
    );
    expect(call.body?.data?.flags).toBe(EPHEMERAL);
    expect(embedText(call.body?.data)).toContain('give the day and the time together');
  });

  it("GIVEN /crash summary after a crash THEN this week's summary, privately, with the chart attached", async () => {
    const m = h.fake.postMessage({ mentionBot: true, content: PYTORCH_OOM });
    await h.replyTo(m.id);
    const call = await answerTo(h.fake.interact(h.fake.slash('summary')), 10_000);
    expect(call.body?.data?.flags).toBe(EPHEMERAL);
    expect(call.body?.data?.embeds?.[0]?.title).toMatch(/^Crash summary \d{4}-W\d{2}: \d+ crash/);
    expect(call.files.map((f) => [f.name.replace(/W\d+/, 'Wnn'), f.data.subarray(1, 4).toString()])).toEqual([
      [expect.stringMatching(/^crashes-\d{4}-Wnn\.png$/), 'PNG'],
    ]);
    const image = ((call.body?.data?.embeds ?? []) as Payload[]).find((e) => e.image)?.image?.url;
    expect(image).toBe(`attachment://${call.files[0]?.name}`);
  });
});

describe('GIVEN the "Diagnose crash" context menu', () => {
  it("GIVEN someone's message with a log THEN the diagnosis is posted for the channel, counted as the author's", async () => {
    const target = h.fake.postMessage({ content: HOST_OOM, author: h.fake.world.users.ben });
    const call = await answerTo(h.fake.interact(h.fake.messageCommand(target)));
    expect(call.body?.type).toBe(4);
    expect(call.body?.data?.flags ?? 0).toBe(0);
    expect(call.body?.data?.embeds?.[0]?.title).toMatch(/Host RAM exhausted/);
    expect(call.body?.data?.components?.[0]?.components).toHaveLength(2);
  });

  it('GIVEN a message with nothing to read THEN a private note', async () => {
    const target = h.fake.postMessage({ content: '' });
    const call = await answerTo(h.fake.interact(h.fake.messageCommand(target)));
    expect(call.body?.data).toMatchObject({ flags: EPHEMERAL, embeds: [{ title: 'Nothing to diagnose' }] });
  });

  it("GIVEN a log file that takes longer than Discord's 3 seconds to fetch THEN the bot defers, then edits the answer in", async () => {
    const file = h.fake.addAttachment('slow.log', PYTORCH_OOM);
    h.fake.rest.delay({ method: 'GET', path: new URL(file.url).pathname }, 3_300);
    const target = h.fake.postMessage({ attachments: [file] });
    const i = h.fake.interact(h.fake.messageCommand(target));
    const deferred = await answerTo(i);
    expect(deferred).toMatchObject({ status: 204, body: { type: 5 } });
    const original = await h.fake.rest.waitFor(
      (c) =>
        c.method === 'PATCH' &&
        c.path === `/webhooks/${h.fake.world.applicationId}/${i.token}/messages/@original`,
      10_000,
    );
    expect(original.status).toBe(200);
    expect(original.body?.embeds?.[0]?.title).toMatch(/GPU out of memory/);
  });
});

describe('GIVEN a feedback button', () => {
  it('GIVEN "Fixed it" under a diagnosis THEN the vote is recorded and thanked privately', async () => {
    const m = h.fake.postMessage({ mentionBot: true, content: PYTORCH_OOM });
    const reply = (await h.replyTo(m.id)).response as Payload;
    const customId = reply.components[0].components[0].custom_id as string;
    const call = await answerTo(h.fake.interact(h.fake.buttonClick(reply, customId)));
    expect(call.body?.data).toMatchObject({
      flags: EPHEMERAL,
      embeds: [{ title: 'Thanks: marked as fixed' }],
    });
    const { reply: summary } = await h.bot.summary(channel());
    expect(JSON.stringify(summary.blocks)).toContain('1 fixed it');
  });

  it('GIVEN a button with a record that does not exist THEN a polite private answer', async () => {
    const m = h.fake.postMessage({ mentionBot: true, content: HOST_OOM });
    const reply = (await h.replyTo(m.id)).response as Payload;
    const call = await answerTo(h.fake.interact(h.fake.buttonClick(reply, 'crashbot:feedback-wrong:999999')));
    expect(call.body?.data).toMatchObject({
      flags: EPHEMERAL,
      embeds: [{ title: 'That reply is no longer on record' }],
    });
  });

  it("GIVEN another app's button THEN the bot leaves the interaction alone", async () => {
    const m = h.fake.postMessage({ mentionBot: true, content: HOST_OOM });
    const reply = (await h.replyTo(m.id)).response as Payload;
    const other = h.fake.interact(h.fake.buttonClick(reply, 'poll:vote:3'));
    const sentinel = h.fake.interact(h.fake.slash('help'));
    await answerTo(sentinel);
    expect(h.fake.rest.calls.filter((c) => c.path.startsWith(`/interactions/${other.id}/`))).toEqual([]);
  });
});
