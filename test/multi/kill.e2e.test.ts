// Three crashbot instances on one PostgreSQL, Slack (HTTP mode, events spread over the
// instances) and Discord (every event to every instance's session), with replies slowed
// so that events are in flight. First one instance is killed with SIGKILL mid-traffic:
// every acknowledged Slack event and every Discord message must be answered, by the
// survivors taking over what the dead one had taken, once (a reply already on its way to
// the platform at the kill is found by its key, in Slack's message metadata, or dropped by
// Discord as a repeated nonce). Then, as in a rolling update, another
// instance gets SIGTERM mid-traffic and a new one starts: everything exactly once. A
// Slack delivery an instance does not take is sent again to another one, as Slack
// retries a delivery that got no 200.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PYTORCH_OOM } from '../adapters/discord/logs.js';
import { FakeSlack } from '../adapters/slack/fake/fake-slack.mjs';
import { eventEnvelope, sign } from '../adapters/slack/fake/signed.mjs';
import { mention } from '../adapters/slack/payloads.js';
import { figures } from '../durability/report.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../setup/pg-cluster.mjs';
import { createTestDatabase, type TestDatabase } from '../setup/pg-database.js';
import { type Instance, startInstances, stopInstances, until } from './cluster.js';
import { type SharedDiscord, startSharedDiscord } from './shared-discord.mjs';

const INSTANCES = 3;
const SLACK_EVENTS = 150;
const DISCORD_MESSAGES = 90;
const SECRET = 'multi-kill-signing-secret-0123456789';
const TEAM = 'T0KILL';
const LOG = `Traceback (most recent call last):\n  File "train.py", line 3\ntorch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB`;
/** The lease (30 s) and a sweep or two. */
const TAKE_OVER_MS = 75_000;

let pg: ThrowawayPostgres | null = null;
let db: TestDatabase | null = null;
let slack: FakeSlack;
let discord: SharedDiscord;
let instances: Instance[] = [];
let skipped = '';

beforeAll(async () => {
  let url = process.env.TEST_DATABASE_URL ?? null;
  if (!url) {
    try {
      pg = await startThrowawayPostgres();
      url = pg.url;
    } catch (e) {
      if ((e as { code?: string }).code === 'PG_NOT_INSTALLED' && process.env.CI !== 'true') {
        skipped = 'PostgreSQL is not installed';
        return;
      }
      throw e;
    }
  }
  db = await createTestDatabase(url, 'crashbot_multi_kill');
  slack = await FakeSlack.start({ teamId: TEAM });
  discord = await startSharedDiscord({ extraChannels: 12 });
  instances = await startInstances(INSTANCES, ENV());
  await discord.waitForSessions(INSTANCES);
}, 180_000);

afterAll(async () => {
  if (instances.length > 0) await stopInstances(instances);
  await discord?.close();
  await slack?.stop();
  await db?.drop();
  pg?.stop();
});

async function deliver(to: Instance, body: string, retry: number): Promise<boolean> {
  if (to.child.exitCode !== null || to.child.signalCode !== null) return false;
  const ts = Math.floor(Date.now() / 1000);
  try {
    const res = await fetch(to.eventsUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': String(ts),
        'x-slack-signature': sign(SECRET, ts, body),
        ...(retry > 0 && { 'x-slack-retry-num': String(retry), 'x-slack-retry-reason': 'http_error' }),
      },
      body,
      signal: AbortSignal.timeout(3_000),
    });
    await res.text();
    return res.status === 200;
  } catch {
    return false;
  }
}

interface Figures {
  acknowledged: number;
  exactlyOnce: number;
  lost: number;
  duplicated: number;
}

const slackReplies = (t: { channel: string; ts: string }) =>
  slack
    .callsTo('chat.postMessage')
    .filter((c) => c.result?.ok && c.args.channel === t.channel && c.args.thread_ts === t.ts).length;
// Distinct messages Discord created in reply (a repeat with the same nonce gets the first one back).
const discordReplies = (id: string) =>
  new Set(
    discord.rest.calls
      .filter((c) => c.method === 'POST' && c.status < 300 && c.body?.message_reference?.message_id === id)
      .map((c) => (c.response as { id?: string } | null)?.id),
  ).size;
const count = (ns: number[]): Figures => ({
  acknowledged: ns.length,
  exactlyOnce: ns.filter((n) => n === 1).length,
  lost: ns.filter((n) => n === 0).length,
  duplicated: ns.filter((n) => n > 1).length,
});

/** Slack and Discord traffic over the instances (`disrupt` runs before event n); waits for the answers and counts them. */
async function traffic(
  from: number,
  disrupt: (n: number) => Promise<void> | void,
): Promise<{ slack: Figures; discord: Figures }> {
  slack.fail('chat.postMessage', { delayMs: 300 }, 100_000);
  discord.rest.delay({ method: 'POST', path: /^\/channels\/\d+\/messages$/ }, 300, 100_000);
  const slackThreads: { channel: string; ts: string }[] = [];
  const discordIds: string[] = [];
  const channels = discord.world.channels.slice(2);
  const author = (n: number) => ({
    ...discord.world.users.ana,
    id: String(1_220_000_000_000_000_000n + BigInt(n)),
    username: `dev${n}`,
  });
  const sendSlack = async (n: number) => {
    const event = mention({
      text: LOG,
      channel: `CK${n % 9}`,
      user: `UK${n}`,
      ts: `1740000000.${String(n).padStart(6, '0')}`,
    });
    const body = JSON.stringify(eventEnvelope(event, { teamId: TEAM, eventId: `EvKill${n}` }));
    // Slack retries a delivery without a 200, here on the next instance.
    for (let attempt = 0; attempt < INSTANCES + 1; attempt++) {
      const to = instances[(n + attempt) % instances.length];
      const sentAt = Date.now();
      if (to && (await deliver(to, body, attempt))) {
        slackThreads.push({ channel: event.channel, ts: event.ts });
        if (process.env.DURABILITY_LOGS)
          process.stderr.write(`acked ${event.ts} by ${to.index} sent ${sentAt} acked ${Date.now()}\n`);
        return;
      }
    }
  };
  const sends: Promise<void>[] = [];
  for (let n = from; n < from + Math.max(SLACK_EVENTS, DISCORD_MESSAGES); n++) {
    await disrupt(n - from);
    if (n - from < DISCORD_MESSAGES)
      discordIds.push(
        discord.postMessage({
          mentionBot: true,
          content: PYTORCH_OOM,
          channelId: channels[n % channels.length]!.id,
          author: author(n),
        }).id,
      );
    if (n - from < SLACK_EVENTS) sends.push(sendSlack(n));
    await new Promise((r) => setTimeout(r, 20));
  }
  await Promise.all(sends);
  await until(
    () => slackThreads.every((t) => slackReplies(t) > 0) && discordIds.every((id) => discordReplies(id) > 0),
    TAKE_OVER_MS,
    'every event to be answered',
  ).catch(() => {});
  await new Promise((r) => setTimeout(r, 3_000));
  if (process.env.DURABILITY_LOGS)
    for (const t of slackThreads) if (slackReplies(t) === 0) process.stderr.write(`lost ${t.ts}\n`);
  (slack as unknown as { faults: Map<string, unknown> }).faults.clear();
  return { slack: count(slackThreads.map(slackReplies)), discord: count(discordIds.map(discordReplies)) };
}

const ENV = () => ({
  DATABASE_URL: db!.url,
  CRASHBOT_USER_SALT: 'test-salt',
  SLACK_BOT_TOKEN: slack.botToken,
  SLACK_SIGNING_SECRET: SECRET,
  SLACK_API_URL: slack.apiUrl,
  DISCORD_TOKEN: discord.world.token,
  DISCORD_API_URL: discord.apiUrl,
  CRASHBOT_RATE_USER_PER_MINUTE: '0',
  CRASHBOT_RATE_CHANNEL_PER_MINUTE: '0',
});

describe('GIVEN three instances on one PostgreSQL', () => {
  it('GIVEN one killed mid-traffic THEN every acknowledged Slack event and every Discord message is answered, none lost', async (ctx) => {
    if (skipped) ctx.skip();
    const victim = instances[0]!;
    const f = await traffic(0, (n) => {
      if (n === Math.floor(SLACK_EVENTS / 3)) {
        if (process.env.DURABILITY_LOGS) process.stderr.write(`kill at ${Date.now()}\n`);
        victim.child.kill('SIGKILL');
      }
    });
    await victim.exit;
    instances = instances.filter((i) => i !== victim);
    figures('kill -9, three instances (PostgreSQL), Slack', f.slack as never);
    figures('kill -9, three instances (PostgreSQL), Discord', f.discord as never);
    // A delivery no instance answered within 3 s (a busy machine) Slack would send again later; most get in.
    expect(f.slack.acknowledged).toBeGreaterThan(SLACK_EVENTS / 2);
    expect(f.slack).toMatchObject({ lost: 0, duplicated: 0 });
    expect(f.discord).toMatchObject({ lost: 0, duplicated: 0 });
  }, 300_000);

  it('GIVEN a rolling restart mid-traffic (SIGTERM to one, a new one started) THEN everything is answered exactly once', async (ctx) => {
    if (skipped) ctx.skip();
    const leaving = instances[0]!;
    let stopped: Promise<(number | null)[]> | null = null;
    let started: Promise<void> | null = null;
    const f = await traffic(10_000, (n) => {
      if (n === Math.floor(SLACK_EVENTS / 3)) {
        stopped = stopInstances([leaving]);
        instances = instances.filter((i) => i !== leaving);
      }
      if (n === Math.floor(SLACK_EVENTS / 2))
        started = startInstances(1, ENV()).then((fresh) => {
          instances.push(...fresh);
        });
    });
    await started;
    const codes = await stopped!;
    figures('SIGTERM rolling restart, three instances (PostgreSQL), Slack', f.slack as never);
    figures('SIGTERM rolling restart, three instances (PostgreSQL), Discord', f.discord as never);
    expect(codes).toEqual([0]);
    expect(f.slack.acknowledged).toBeGreaterThan(SLACK_EVENTS / 2);
    expect(f.slack).toMatchObject({ lost: 0, duplicated: 0 });
    expect(f.discord).toMatchObject({ lost: 0, duplicated: 0 });
  }, 300_000);
});
