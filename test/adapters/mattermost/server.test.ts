// The Mattermost front end against what a server can do: refuse the token or not be
// there at start, refuse what Mattermost refuses (checked against the fake with the real
// client), post the weekly summary with its chart exactly once, answer an event kept as
// plain data (as the inbox replays it after a restart), and answer privately where the
// bot may post ephemeral messages.
import { Client4, type ClientError } from '@mattermost/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { Incoming } from '../../../src/app/conversation/incoming.js';
import { createSummaryScheduler } from '../../../src/app/summary/scheduler.js';
import { isoWeekKey, weekRange } from '../../../src/core/schedule.js';
import type { ChannelRef } from '../../../src/store/types.js';
import { OOM_LOG } from '../slack/logs.js';
import { startFakeMattermost } from './fake/index.mjs';
import { type Harness, startHarness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('GIVEN the server at start', () => {
  it('GIVEN a token Mattermost refuses THEN start-up stops naming MATTERMOST_TOKEN', async () => {
    await expect(startHarness({ token: 'wrong-token' })).rejects.toThrow(
      /MATTERMOST_TOKEN.*\[MATTERMOST_AUTH_FAILED\]/,
    );
  });

  it('GIVEN nothing at MATTERMOST_URL THEN start-up stops saying it cannot reach it', async () => {
    const { createMattermostFrontEnd } = await import('../../../src/adapters/mattermost/front-end.js');
    const { silentLogger } = await import('../../../src/app/logger.js');
    const config = {
      mattermost: {
        url: 'http://127.0.0.1:9',
        token: 't',
        commandToken: undefined,
        commandPort: 0,
        commandHost: undefined,
        callbackUrl: undefined,
      },
    } as never;
    await expect(
      createMattermostFrontEnd(
        { config, conversation: { attach: () => async () => {} } as never, log: silentLogger },
        { retries: 0, timeoutMs: 1000 },
      ),
    ).rejects.toThrow(/cannot reach Mattermost at http:\/\/127\.0\.0\.1:9.*\[MATTERMOST_UNREACHABLE\]/);
  });
});

describe('GIVEN the fake refuses what Mattermost refuses (the real Client4)', () => {
  it('THEN 401 for a bad token, 400 for a message over 16,383 characters, 403 to post where the bot may not, 404 for a missing channel or post', async () => {
    const fake = await startFakeMattermost();
    const status = async (p: Promise<unknown>) =>
      p.then(
        () => 200,
        (e: ClientError) => e.status_code,
      );
    try {
      const client = new Client4();
      client.setUrl(fake.url);
      client.setToken('nope');
      expect(await status(client.getMe())).toBe(401);
      client.setToken(fake.botToken);
      const town = fake.world.town.id;
      expect(await status(client.createPost({ channel_id: town, message: 'x'.repeat(16_384) }))).toBe(400);
      expect(await status(client.createPost({ channel_id: town, message: 'é'.repeat(16_383) }))).toBe(200);
      expect(
        await status(client.createPost({ channel_id: 'nosuchchannel0000000000000', message: 'hi' })),
      ).toBe(403);
      expect(await status(client.getChannel('nosuchchannel0000000000000'))).toBe(404);
      expect(await status(client.getChannelMember('nosuchchannel0000000000000', fake.world.bot.id))).toBe(
        404,
      );
      expect(await status(client.patchPost({ id: 'nosuchpost0000000000000000', message: 'x' }))).toBe(404);
      const theirs = fake.post({ message: 'mine' });
      expect(await status(client.deletePost(theirs.id))).toBe(403);
      expect(
        await status(client.createPostEphemeral(fake.world.users.ana.id, { channel_id: town, message: 'x' })),
      ).toBe(403);
    } finally {
      await fake.close();
    }
  });
});

describe('GIVEN the weekly summary is due', () => {
  it('THEN it is posted once, with the chart uploaded on the post, and not again on a retry', async () => {
    h = await startHarness();
    const harness = h;
    const channel: ChannelRef = {
      platform: 'mattermost',
      workspace: new URL(h.fake.url).host,
      channel: h.fake.world.town.id,
    };
    await harness.answers(harness.fake.post({ message: `@crashbot ${OOM_LOG}` }));
    const now = new Date();
    await harness.store.updateSettings(channel, { summary: true, weekday: 1, time: '00:00' }, now);
    const due = new Date(weekRange(isoWeekKey(now, 'UTC'), 'UTC').end.getTime() + 3_600_000);
    const scheduler = createSummaryScheduler({
      store: harness.store,
      clock: { now: () => due, sleep: async () => {} },
      owner: 'test-instance',
      defaultTimeZone: 'UTC',
      build: (c, week) => harness.bot.summary(c, week),
      post: (c, reply, key) => harness.frontEnd.post(c, reply, key),
    });
    expect((await scheduler.tick()).map((e) => e.action)).toEqual(['posted']);
    const summaries = () => harness.fake.botPosts(channel.channel).filter((p) => p.root_id === '');
    expect(summaries()).toHaveLength(1);
    const [post] = summaries();
    expect(post!.message).toMatch(/^### Crash summary \d{4}-W\d\d: 1 crash/);
    expect(post!.file_ids).toHaveLength(1);
    const chart = harness.fake.view(post!).metadata.files[0];
    expect(chart).toMatchObject({ mime_type: 'image/png', name: expect.stringMatching(/\.png$/) });
    // A retry after a lost answer (the store never marked it done) finds the post and stops.
    const { reply } = await harness.bot.summary(channel);
    await harness.frontEnd.post(channel, reply, post!.props.crashbot_summary);
    expect(summaries()).toHaveLength(1);
  });
});

describe('GIVEN an event kept as plain data', () => {
  it('THEN a front end started afresh answers it, as the inbox replays it after a restart', async () => {
    h = await startHarness();
    const m = h.fake.post({ message: 'no mention here' });
    const incoming: Incoming = JSON.parse(
      JSON.stringify({
        kind: 'message',
        id: m.id,
        place: { platform: 'mattermost', workspace: new URL(h.fake.url).host, channel: m.channel_id },
        user: m.user_id,
        message: m.id,
        text: OOM_LOG,
        attachments: [],
        mode: 'mention',
      }),
    );
    const handlers: ((x: Incoming) => Promise<void>)[] = [];
    const attach = h.conversation.attach.bind(h.conversation);
    h.conversation.attach = (s) => {
      const handle = attach(s);
      handlers.push(handle);
      return handle;
    };
    const { createMattermostFrontEnd } = await import('../../../src/adapters/mattermost/front-end.js');
    const { silentLogger } = await import('../../../src/app/logger.js');
    const second = await createMattermostFrontEnd({
      config: h.config,
      conversation: h.conversation,
      log: silentLogger,
    });
    try {
      await handlers[0]!(incoming);
      expect((await h.answers(m))[0]?.message).toMatch(/GPU out of memory/);
    } finally {
      await second.stop();
    }
  });
});

describe('GIVEN a bot that may post ephemeral messages', () => {
  it('GIVEN a command whose response_url is gone THEN the private answer comes as an ephemeral post', async () => {
    h = await startHarness({ botSystemAdmin: true });
    const form = new URLSearchParams({
      token: h.fake.commandToken,
      channel_id: h.fake.world.town.id,
      user_id: h.fake.world.users.ana.id,
      text: '137',
      response_url: `${h.fake.url}/hooks/commands/expired00000000000000000`,
    });
    const res = await fetch(h.commandUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(res.status).toBe(200);
    const ephemeral = await h.fake.waitFor(() =>
      h!.fake.calls.find((c) => c.path === '/api/v4/posts/ephemeral'),
    );
    expect(ephemeral.result?.status).toBe(201);
    expect((ephemeral.body as { user_id: string }).user_id).toBe(h.fake.world.users.ana.id);
  });
});
