// Several instances: three real crashbot processes on one PostgreSQL, behind the fake
// Slack (HTTP mode, each instance on its own port) and a fake Discord whose gateway
// sends every event to every instance's session. Slack events are spread over the
// instances, and Slack's retries (X-Slack-Retry-Num) and replays of the very same
// signed request go to a different instance. Every event must be answered exactly once,
// a flood from one person gets its limit and one notice across all instances, and the
// weekly summary that is due when they start goes out once per channel.
//
// MULTI_SCALE=10 multiplies the traffic for a bigger run (the suite uses 1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresDb } from '../../src/store/postgres-db.js';
import { createSqlStore } from '../../src/store/sql-store.js';
import { PYTORCH_OOM } from '../adapters/discord/logs.js';
import { FakeSlack } from '../adapters/slack/fake/fake-slack.mjs';
import { eventEnvelope, sign } from '../adapters/slack/fake/signed.mjs';
import { mention } from '../adapters/slack/payloads.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../setup/pg-cluster.mjs';
import { createTestDatabase, type TestDatabase } from '../setup/pg-database.js';
import { type Instance, startInstances, stopInstances, until } from './cluster.js';
import { type SharedDiscord, startSharedDiscord } from './shared-discord.mjs';

const SCALE = Math.max(1, Number(process.env.MULTI_SCALE ?? 1) || 1);
const INSTANCES = 3;
const SLACK_EVENTS = 100 * SCALE;
const DISCORD_MESSAGES = 60 * SCALE;
const INTERACTIONS = 10 * SCALE;
const FLOOD = 12;
const PER_USER = 5;
const SECRET = 'multi-signing-secret-0123456789abcdef';
const TEAM = 'T0FAKE';
const SLACK_SUMMARY = 'C0SUMMARY';
const LOG = `Traceback (most recent call last):\n  File "train.py", line 3\ntorch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB`;

let pg: ThrowawayPostgres | null = null;
let db: TestDatabase | null = null;
let slack: FakeSlack;
let discord: SharedDiscord;
let instances: Instance[] = [];
let skipped = '';

async function postgresUrl(): Promise<string | null> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  try {
    pg = await startThrowawayPostgres();
    return pg.url;
  } catch (e) {
    if ((e as { code?: string }).code === 'PG_NOT_INSTALLED' && process.env.CI !== 'true') return null;
    throw e;
  }
}

beforeAll(async () => {
  const server = await postgresUrl();
  if (!server) {
    skipped = 'PostgreSQL is not installed';
    return;
  }
  db = await createTestDatabase(server, 'crashbot_multi');
  // The summaries were switched on eight days ago: this week's run is due at start.
  const store = await createSqlStore(openPostgresDb(db.url), { userSalt: 'test-salt' });
  const since = new Date(Date.now() - 8 * 86_400_000);
  slack = await FakeSlack.start({ teamId: TEAM });
  discord = await startSharedDiscord({ extraChannels: 20 });
  const discordSummary = discord.world.channels[1]!.id;
  await store.updateSettings(
    { platform: 'slack', workspace: TEAM, channel: SLACK_SUMMARY },
    { summary: true },
    since,
  );
  await store.updateSettings(
    { platform: 'discord', workspace: discord.world.guild.id, channel: discordSummary },
    { summary: true },
    since,
  );
  await store.close();
  instances = await startInstances(INSTANCES, {
    DATABASE_URL: db.url,
    CRASHBOT_USER_SALT: 'test-salt',
    SLACK_BOT_TOKEN: slack.botToken,
    SLACK_SIGNING_SECRET: SECRET,
    SLACK_API_URL: slack.apiUrl,
    DISCORD_TOKEN: discord.world.token,
    DISCORD_API_URL: discord.apiUrl,
    CRASHBOT_RATE_USER_PER_MINUTE: String(PER_USER),
    CRASHBOT_RATE_CHANNEL_PER_MINUTE: '10000',
  });
  await discord.waitForSessions(INSTANCES);
}, 180_000);

afterAll(async () => {
  if (instances.length > 0) await stopInstances(instances);
  await discord?.close();
  await slack?.stop();
  await db?.drop();
  pg?.stop();
});

/** Sends `body` signed at `ts` to an instance; Slack expects a 200 within 3 s. */
async function deliver(to: Instance, body: string, ts: number, headers: Record<string, string> = {}) {
  const res = await fetch(to.eventsUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': String(ts),
      'x-slack-signature': sign(SECRET, ts, body),
      ...headers,
    },
    body,
  });
  await res.text();
  return res.status;
}

/** Runs the jobs with at most `width` at a time. */
async function inParallel<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const i = next++;
        out[i] = await jobs[i]!();
      }
    }),
  );
  return out;
}

interface SlackSource {
  eventId: string;
  channel: string;
  ts: string;
}

describe('GIVEN three crashbot instances on one PostgreSQL', () => {
  it('GIVEN Slack and Discord traffic with retries, replays and a flood THEN every event is answered exactly once and each summary goes out once', async (ctx) => {
    if (skipped) ctx.skip();
    const statuses: number[] = [];
    const jobs: (() => Promise<void>)[] = [];
    const sources: SlackSource[] = [];
    let deliveries = 0;
    const send = (i: number, body: string, ts: number, headers?: Record<string, string>) => {
      deliveries++;
      jobs.push(async () => {
        statuses.push(await deliver(instances[i % INSTANCES]!, body, ts, headers));
      });
    };
    for (let n = 0; n < SLACK_EVENTS; n++) {
      const event = mention({
        text: LOG,
        channel: `C${n % 25}`,
        user: `U${n}`,
        ts: `1720000000.${String(n).padStart(6, '0')}`,
      });
      const eventId = `EvMulti${n}`;
      const body = JSON.stringify(eventEnvelope(event, { teamId: TEAM, eventId }));
      const ts = Math.floor(Date.now() / 1000);
      sources.push({ eventId, channel: event.channel, ts: event.ts });
      send(n, body, ts);
      // Slack's retry after a missed ack: same event id, a new signature, another instance.
      if (n % 3 === 0)
        send(n + 1, body, ts + 1, { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' });
      // A replay of the very same signed request, to the third instance.
      if (n % 5 === 0) send(n + 2, body, ts);
    }
    const discordSources: string[] = [];
    const interactionIds: string[] = [];
    const channels = discord.world.channels.slice(3);
    // One author per message, so the per-person limit is not what this traffic meets.
    const author = (n: number) => ({
      ...discord.world.users.ana,
      id: String(1_210_000_000_000_000_000n + BigInt(n)),
      username: `dev${n}`,
    });
    const discordJobs: (() => void)[] = [];
    for (let n = 0; n < DISCORD_MESSAGES; n++)
      discordJobs.push(() => {
        const m = discord.postMessage({
          mentionBot: true,
          content: PYTORCH_OOM,
          channelId: channels[n % channels.length]!.id,
          author: author(n),
        });
        discordSources.push(m.id);
      });
    for (let n = 0; n < INTERACTIONS; n++)
      discordJobs.push(() => {
        interactionIds.push(discord.slash('code', { code: String(128 + (n % 30)) }).id);
      });

    // Everything at once: Slack deliveries 12 at a time, Discord events interleaved.
    const discordTraffic = (async () => {
      for (const job of discordJobs) {
        job();
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await Promise.all([inParallel(jobs, 12), discordTraffic]);

    // The flood: one person mentions the bot 12 times within one minute window, spread over the instances.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    const floodTs: string[] = [];
    await inParallel(
      Array.from({ length: FLOOD }, (_, n) => async () => {
        const event = mention({
          text: LOG,
          channel: 'CFLOOD',
          user: 'UFLOOD',
          ts: `1730000000.${String(n).padStart(6, '0')}`,
        });
        floodTs.push(event.ts);
        deliveries++;
        const body = JSON.stringify(eventEnvelope(event, { teamId: TEAM, eventId: `EvFlood${n}` }));
        statuses.push(await deliver(instances[n % INSTANCES]!, body, Math.floor(Date.now() / 1000)));
      }),
      FLOOD,
    );

    const posts = () => slack.callsTo('chat.postMessage');
    const slackReplies = (s: SlackSource) =>
      posts().filter((c) => c.args.channel === s.channel && c.args.thread_ts === s.ts);
    const discordReplies = (id: string) =>
      discord.rest.calls.filter((c) => c.method === 'POST' && c.body?.message_reference?.message_id === id);
    // Answers Discord took (a late or a second answer is refused with an error status).
    const callbacks = (id: string) =>
      discord.rest.calls.filter((c) => c.path.startsWith(`/interactions/${id}/`) && c.status < 300);
    const slackSummaries = () =>
      posts().filter(
        (c) => c.args.channel === SLACK_SUMMARY && c.args.metadata?.event_type === 'crashbot_summary',
      );
    const discordSummaryPosts = () =>
      discord.rest.calls.filter(
        (c) => c.method === 'POST' && c.path === `/channels/${discord.world.channels[1]!.id}/messages`,
      );
    // A timeout here is not the verdict: the counts below say what is missing.
    await until(
      () =>
        sources.every((s) => slackReplies(s).length > 0) &&
        discordSources.every((id) => discordReplies(id).length > 0) &&
        interactionIds.every((id) => callbacks(id).length > 0) &&
        posts().filter((c) => c.args.channel === 'CFLOOD').length >= PER_USER + 1 &&
        slackSummaries().length > 0 &&
        discordSummaryPosts().length > 0,
      120_000,
      'every event to be answered',
    ).catch(() => {});
    // Then until nothing more arrives for two seconds, and the instances stop (draining their work).
    let seen = -1;
    await until(
      async () => {
        const now = slack.calls.length + discord.rest.calls.length;
        if (now === seen) return true;
        seen = now;
        await new Promise((r) => setTimeout(r, 2000));
        return false;
      },
      60_000,
      'the traffic to settle',
    );
    const stopped = instances;
    const codes = await stopInstances(stopped);
    instances = [];

    const problems = stopped
      .flatMap((i) =>
        i.log
          .join('')
          .split('\n')
          .map((line) => `[${i.index}] ${line}`),
      )
      .filter((line) => /error|fail|warn|unhandled/i.test(line));
    const slackCounts = sources.map((s) => slackReplies(s).length);
    const discordCounts = discordSources.map((id) => discordReplies(id).length);
    const flood = posts().filter((c) => c.args.channel === 'CFLOOD');
    const floodNotices = flood.filter((c) => /a lot of logs/.test(JSON.stringify(c.args)));
    console.log(
      `several instances: ${INSTANCES} processes; Slack ${sources.length + FLOOD} events in ${deliveries} deliveries ` +
        `(${deliveries - sources.length - FLOOD} retries and replays), answered ${slackCounts.filter((c) => c > 0).length + flood.length - floodNotices.length}/${sources.length + PER_USER} ` +
        `+ ${floodNotices.length} notice; Discord ${discordSources.length} messages x ${INSTANCES} sessions, answered ${discordCounts.filter((c) => c > 0).length}; ` +
        `${interactionIds.length} interactions, answered ${interactionIds.filter((id) => callbacks(id).length > 0).length}; ` +
        `summaries: Slack ${slackSummaries().length}, Discord ${discordSummaryPosts().length} post calls; ` +
        `${problems.length} warnings or errors logged${problems.length ? `, first: ${problems.slice(0, 5).join(' | ')}` : ''}`,
    );

    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(slackCounts.filter((c) => c !== 1)).toEqual([]);
    expect(discordCounts.filter((c) => c !== 1)).toEqual([]);
    expect(interactionIds.map((id) => callbacks(id).length).filter((c) => c !== 1)).toEqual([]);
    // The flood: the per-person limit counted across instances, and one notice.
    expect(flood).toHaveLength(PER_USER + 1);
    expect(floodNotices).toHaveLength(1);
    expect(new Set(flood.map((c) => c.args.thread_ts)).size).toBe(PER_USER + 1);
    expect(floodTs).toHaveLength(FLOOD);
    // The weekly summary: once per channel, however many instances were due to post it.
    expect(slackSummaries()).toHaveLength(1);
    expect(discordSummaryPosts()).toHaveLength(1);
    // No failed call, no error in any instance's log, and a clean exit.
    expect(slack.calls.filter((c) => c.result && c.result.ok === false)).toEqual([]);
    expect(discord.rest.calls.filter((c) => c.status >= 400).map((c) => `${c.status} ${c.path}`)).toEqual([]);
    expect(problems).toEqual([]);
    expect(codes).toEqual(Array(INSTANCES).fill(0));
  }, 600_000);
});
