// Posting without being asked: the weekly summary with its chart, through the real
// summary scheduler, exactly once; and replies in a channel where embeds are not allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSummaryScheduler } from '../../../src/app/summary/scheduler.js';
import { isoWeekKey, weekRange } from '../../../src/core/schedule.js';
import type { ChannelRef } from '../../../src/store/types.js';
import { type Harness, startHarness } from './harness.js';
import { HOST_OOM, PYTORCH_OOM } from './logs.js';

let h: Harness;
let channel: ChannelRef;
beforeAll(async () => {
  h = await startHarness();
  channel = { platform: 'discord', workspace: h.fake.world.guild.id, channel: h.fake.world.channel };
});
afterAll(async () => h?.close());

describe('GIVEN a channel with the weekly summary on', () => {
  it('GIVEN its run is due THEN the summary is posted once, with the chart uploaded and shown', async () => {
    for (const content of [PYTORCH_OOM, HOST_OOM, PYTORCH_OOM]) {
      const m = h.fake.postMessage({ mentionBot: true, content });
      await h.replyTo(m.id);
    }
    const now = new Date();
    await h.store.updateSettings(channel, { summary: true, weekday: 1, time: '00:00' }, now);
    // An hour into next week: this week's summary is due.
    const due = new Date(weekRange(isoWeekKey(now, 'UTC'), 'UTC').end.getTime() + 3_600_000);
    const scheduler = createSummaryScheduler({
      store: h.store,
      clock: { now: () => due, sleep: async () => {} },
      owner: 'test-instance',
      defaultTimeZone: 'UTC',
      build: (c, week) => h.bot.summary(c, week),
      post: (c, reply, key) => h.frontEnd.post(c, reply, key),
    });
    expect((await scheduler.tick()).map((e) => e.action)).toEqual(['posted']);
    expect((await scheduler.tick()).map((e) => e.action)).toEqual(['done']);

    const posts = h.fake.rest.calls.filter((c) => c.method === 'POST' && c.files.length > 0);
    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    expect(post.body?.embeds?.[0]?.title).toMatch(
      /^Crash summary \d{4}-W\d{2}: 3 crashes, 2 distinct crashes$/,
    );
    expect(post.body?.message_reference).toBeUndefined();
    expect(post.body).toMatchObject({ enforce_nonce: true, nonce: expect.stringMatching(/^[\w-]{25}$/) });
    expect(post.files[0]?.data.subarray(1, 4).toString()).toBe('PNG');
    expect(post.body?.attachments?.[0]?.description).toMatch(/^Crashes per cause per day/);
    const shown = ((post.body?.embeds ?? []) as { image?: { url: string } }[])
      .map((e) => e.image?.url)
      .filter(Boolean);
    expect(shown).toEqual([`attachment://${post.files[0]?.name}`]);
  });

  it('GIVEN the same post is sent again (a retry after a lost response) THEN Discord keeps one message', async () => {
    const { reply } = await h.bot.summary(channel);
    const week = { ...reply, title: reply.title.replace(/\d{4}-W\d{2}/, '2000-W01') };
    const before = h.fake.messages().length;
    await h.frontEnd.post(channel, week, 'crashbot-summary:discord:test:2000-W01');
    await h.frontEnd.post(channel, week, 'crashbot-summary:discord:test:2000-W01');
    expect(h.fake.messages().length).toBe(before + 1);
  });

  it('GIVEN the post is already up and its nonce forgotten (a retry after the lease ran out) THEN it is not posted again', async () => {
    const { reply } = await h.bot.summary(channel);
    const before = h.fake.messages().length;
    await h.frontEnd.post(channel, reply, 'crashbot-summary:discord:test:week');
    // Another key means another nonce: only the history lookup can stop this one.
    await h.frontEnd.post(channel, reply, 'crashbot-summary:discord:test:week-retried-later');
    expect(h.fake.messages().length).toBe(before);
    const looked = h.fake.rest.calls.filter(
      (c) => c.method === 'GET' && c.path === `/channels/${channel.channel}/messages`,
    );
    expect(looked.length).toBeGreaterThanOrEqual(2);
  });

  it('GIVEN a summary of another week is up THEN this week is posted', async () => {
    const { reply } = await h.bot.summary(channel);
    const other = { ...reply, title: reply.title.replace(/\d{4}-W\d{2}/, '1999-W01') };
    const before = h.fake.messages().length;
    await h.frontEnd.post(channel, other, 'crashbot-summary:discord:test:1999-W01');
    expect(h.fake.messages().length).toBe(before + 1);
    expect(h.fake.messages().at(-1)?.embeds?.[0]?.title).toMatch(/^Crash summary 1999-W01/);
  });

  it('GIVEN a channel the bot cannot reach THEN post fails, so the scheduler retries later', async () => {
    const { reply } = await h.bot.summary(channel);
    await expect(h.frontEnd.post({ ...channel, channel: '1500000000000000404' }, reply, 'k')).rejects.toThrow(
      /Unknown Channel/,
    );
  });
});

describe('GIVEN a channel where the bot may not embed links', () => {
  it('GIVEN a mention with a log THEN the reply is plain text, without link previews', async () => {
    const noEmbeds = h.fake.world.channels[2]!.id;
    const m = h.fake.postMessage({ mentionBot: true, content: PYTORCH_OOM, channelId: noEmbeds });
    const reply = await h.replyTo(m.id);
    expect(reply.path).toBe(`/channels/${noEmbeds}/messages`);
    expect(reply.body).toMatchObject({ embeds: [], flags: 4 });
    expect(reply.body?.content).toContain('torch.cuda.OutOfMemoryError');
  });
});
