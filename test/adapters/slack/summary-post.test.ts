import { afterEach, describe, expect, it } from 'vitest';
import { createSummaryScheduler, postKey } from '../../../src/app/summary/scheduler.js';
import { headerOf, posts, waitForPosts, waitForResponse } from './expect.js';
import { type Harness, startHarness } from './harness.js';
import { OOM_LOG } from './logs.js';
import { CHANNEL, command, mention, TEAM } from './payloads.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const REF = { platform: 'slack', workspace: TEAM, channel: CHANNEL };

/** Monday 09:05 UTC of next week: the first run after now, summarising this week. */
function nextWeeksRun(): Date {
  const now = new Date();
  const monday = Date.UTC(
    now.getUTCFullYear(),
    now.getUTCMonth(),
    now.getUTCDate() - ((now.getUTCDay() + 6) % 7),
  );
  return new Date(monday + 7 * 86_400_000 + (9 * 60 + 5) * 60_000);
}

async function weekWithOneCrash(h: Harness, warnings: string[] = []) {
  h.fake.roles.set('U0ANA', 'admin');
  await h.command(command('summary on monday 09:00 UTC', h.fake.responseUrl()));
  await waitForResponse(h.fake);
  const ev = mention({ text: OOM_LOG });
  await h.event(ev);
  await waitForPosts(h.fake, ev.ts);
  let now = nextWeeksRun();
  const scheduler = createSummaryScheduler({
    store: h.store,
    clock: { now: () => now, sleep: async () => {} },
    owner: 'test-instance',
    defaultTimeZone: 'UTC',
    build: (channel, week) => h.bot.summary(channel, week),
    post: (channel, reply, key) => h.slack.post(channel, reply, key),
    logger: { info: () => {}, warn: (message, data) => warnings.push(`${message} ${JSON.stringify(data)}`) },
  });
  return {
    tick: () => scheduler.tick(),
    later: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

describe('the weekly summary post', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('GIVEN a channel with the summary on THEN the scheduler posts it once, with the chart uploaded as a PNG', async () => {
    h = await startHarness({ transport: 'socket' });
    const scheduler = await weekWithOneCrash(h);
    const [entry] = await scheduler.tick();
    expect(entry).toMatchObject({ channel: REF, action: 'posted' });
    const post = posts(h.fake).find((c) => c.args.thread_ts === undefined)!;
    expect(post.args.channel).toBe(CHANNEL);
    expect(headerOf(post.args.blocks)).toMatch(/^Crash summary \d{4}-W\d{2}: 1 crash, 1 distinct crash$/);
    expect(post.args.metadata).toEqual({
      event_type: 'crashbot_summary',
      event_payload: { key: postKey(REF, entry!.week) },
    });
    const [upload] = h.fake.uploads;
    expect(upload!.bytes.includes(PNG_SIGNATURE)).toBe(true);
    expect(h.fake.shared).toEqual([
      expect.objectContaining({
        channel: CHANNEL,
        filename: `crashes-${entry!.week}.png`,
        title: `crashes-${entry!.week}.png`,
      }),
    ]);
    expect(h.fake.shared[0]!.alt).toMatch(/^Crashes per cause per day/);

    expect((await scheduler.tick())[0]).toMatchObject({ action: 'done' });
    expect(posts(h.fake).filter((c) => c.args.thread_ts === undefined)).toHaveLength(1);
  });

  it('GIVEN Slack refuses the post THEN the scheduler is told, and the next tick posts it', async () => {
    h = await startHarness({ transport: 'http' });
    const warnings: string[] = [];
    const scheduler = await weekWithOneCrash(h, warnings);
    h.fake.fail('chat.postMessage', { error: 'channel_not_found' });
    expect((await scheduler.tick())[0]).toMatchObject({ action: 'failed' });
    expect(warnings.join('\n')).toContain('Slack refused the summary post: channel_not_found');
    scheduler.later(6 * 60_000);
    expect((await scheduler.tick())[0]).toMatchObject({ action: 'posted' });
    expect(posts(h.fake).filter((c) => c.args.thread_ts === undefined)).toHaveLength(1);
  });

  it('GIVEN the chart upload fails after the post THEN the post stands and is not repeated', async () => {
    h = await startHarness({ transport: 'http' });
    const scheduler = await weekWithOneCrash(h);
    h.fake.fail('files.getUploadURLExternal', { error: 'not_allowed_token_type' });
    expect((await scheduler.tick())[0]).toMatchObject({ action: 'posted' });
    expect(h.logs.join('')).toContain('its chart could not be uploaded');
    expect(h.fake.shared).toHaveLength(0);
  });
});
