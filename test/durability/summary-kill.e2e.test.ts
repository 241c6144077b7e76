// kill -9 while the bot posts weekly summaries: the kill lands while Slack is taking a
// summary post (the fake Slack holds its answer), so that post is up but the store never
// heard it was done. After the lease runs out (set in the file here rather than waited
// for) the restarted bot posts every remaining channel's summary, finds the earlier post
// by its metadata key instead of posting it again, and no channel has its summary twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUMMARY_EVENT_TYPE } from '../../src/adapters/slack/summary-post.js';
import { openStore } from '../../src/store/open.js';
import { FakeSlack } from '../adapters/slack/fake/fake-slack.mjs';
import { startBot, TEAM, until } from './bot-process.js';
import { figures } from './report.js';

const CYCLES = Number(process.env.DURABILITY_CYCLES ?? 1);
const CHANNELS = 6;

async function turnSummariesOn(path: string, channels: string[]): Promise<void> {
  const opened = await openStore({
    store: { kind: 'sqlite', path },
    userSalt: 'durability-salt',
  });
  if (!opened.ok) throw opened.error;
  const longAgo = new Date(Date.now() - 21 * 86_400_000);
  for (const channel of channels) {
    const r = await opened.store.updateSettings(
      { platform: 'slack', workspace: TEAM, channel },
      { summary: true, weekday: 1, time: '09:00' },
      longAgo,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
  }
  await opened.store.close();
}

function weeklyRows(path: string): { channel: string; done: boolean; attempts: number }[] {
  const db = new Database(path);
  try {
    return (
      db.prepare('SELECT channel, done_at, attempts FROM weekly_posts').all() as {
        channel: string;
        done_at: number | null;
        attempts: number;
      }[]
    ).map((r) => ({ channel: r.channel, done: r.done_at !== null, attempts: r.attempts }));
  } finally {
    db.close();
  }
}

/** What waiting out the lease of a dead instance would do, without the wait. */
function expireLeases(path: string): void {
  const db = new Database(path);
  try {
    db.prepare('UPDATE weekly_posts SET lease_until = 0 WHERE done_at IS NULL').run();
  } finally {
    db.close();
  }
}

function summariesIn(fake: FakeSlack, channel: string): number {
  return fake.messagesIn(channel).filter((m) => !m.thread_ts && m.metadata?.event_type === SUMMARY_EVENT_TYPE)
    .length;
}

describe('kill -9 while posting weekly summaries', () => {
  let dir: string;
  let fake: FakeSlack;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'crashbot-durability-summary-'));
    fake = await FakeSlack.start({ teamId: TEAM });
  });
  afterAll(async () => {
    await fake?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'GIVEN the bot killed with a summary post taken by Slack but not marked done THEN after a restart every channel has its summary exactly once',
    async () => {
      const path = join(dir, 'crashbot.sqlite');
      let found = 0;
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const channels = Array.from({ length: CHANNELS }, (_, i) => `C0S${cycle}X${i}`);
        await turnSummariesOn(path, channels);
        // The post to kill in: the (k+1)th summary of this cycle is held by Slack for a while.
        const k = cycle % (CHANNELS - 1);
        const postsBefore = fake.callsTo('chat.postMessage').length;
        for (let i = 0; i < k; i++) fake.fail('chat.postMessage', {});
        fake.fail('chat.postMessage', { delayMs: 2_000 });

        const first = await startBot(fake, { sqlite: path }, dir);
        // Polled: the fake announces a call only once it has answered it.
        await until(
          () => fake.callsTo('chat.postMessage').length >= postsBefore + k + 1,
          20_000,
          `summary post #${k + 1}`,
        );
        await first.kill();
        // Slack finishes taking the held post after the bot is gone.
        await fake.waitFor(
          () =>
            fake
              .callsTo('chat.postMessage')
              .slice(postsBefore)
              .filter((c) => c.result).length >=
            k + 1,
          5_000,
          'the held post to land',
        );
        const landed = channels.filter((c) => summariesIn(fake, c) === 1);
        expect(landed.length).toBe(k + 1);
        const notDone = weeklyRows(path).filter((r) => channels.includes(r.channel) && !r.done);
        expect(notDone.map((r) => r.channel)).toContain(landed[landed.length - 1]);

        expireLeases(path);
        const second = await startBot(fake, { sqlite: path }, dir);
        await until(
          () => weeklyRows(path).filter((r) => channels.includes(r.channel) && r.done).length === CHANNELS,
          20_000,
          'every channel marked done',
        );
        await second.stop();
        for (const c of channels) expect(summariesIn(fake, c), `summaries in ${c}`).toBe(1);
        found += notDone.length > 0 ? 1 : 0;
        expect(second.log()).toMatch(/already posted/);
      }
      figures('summary kill -9', {
        cycles: CYCLES,
        channels: CYCLES * CHANNELS,
        summariesPosted: fake
          .callsTo('chat.postMessage')
          .filter((c) => c.result?.ok && c.args.metadata?.event_type === SUMMARY_EVENT_TYPE).length,
        killsBetweenPostAndDone: found,
      });
    },
    30_000 + CYCLES * 30_000,
  );
});
