// crashbot's own log lines while it handles the planted-secret corpus: the composition
// root (startBot) running Slack in HTTP mode and Discord against the local fakes, with
// LOG_LEVEL=debug asked for, through the failure paths that log:
// the store failing, Slack refusing blocks, Discord refusing a reply with an error that
// quotes the message, and a front end whose bot throws an error quoting the paste.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscordFrontEnd } from '../../src/adapters/discord/front-end.js';
import { parseConfig } from '../../src/config/config.js';
import { startBot } from '../../src/main.js';
import { openStore } from '../../src/store/open.js';
import { startFakeDiscord } from '../adapters/discord/fake/index.mjs';
import { kb } from '../adapters/discord/harness.js';
import { FakeSlack } from '../adapters/slack/fake/fake-slack.mjs';
import { eventJson, postSigned } from '../adapters/slack/fake/signed.mjs';
import { startHarness as startSlackHarness } from '../adapters/slack/harness.js';
import { mention, newEventId, TEAM } from '../adapters/slack/payloads.js';
import { plantedLogs } from '../fixtures/secrets/planted.js';
import { testConversation } from '../helpers/conversation.js';
import { leaks } from './leaks.js';

const SIGNING = 'log-lines-signing-secret-0123456789';
const logs = plantedLogs();
const LONG = { timeout: 120_000 };
/** Every log line so far, shown when a wait times out. */
const seen: string[] = [];

/** Polls `check` every 20 ms; a hard limit only so a hang fails instead of stalling. */
async function until(check: () => boolean, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what} ${seen.join('').slice(-1500)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Bounds on crashbot's own log: what it says must not be empty, or the check proves nothing. */
function expectLogged(lines: readonly string[], ...needles: string[]) {
  const all = lines.join('');
  for (const n of needles) expect(all).toContain(n);
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'crashbot-log-lines-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('crashbot log lines while handling planted secrets', () => {
  it(
    'GIVEN startBot with Slack and Discord at LOG_LEVEL=debug, a store that fails and deliveries that fail THEN no secret appears in its log',
    LONG,
    async () => {
      const slack = await FakeSlack.start({ teamId: TEAM });
      const discord = await startFakeDiscord();
      const dbPath = join(dir, 'main.sqlite');
      const parsed = parseConfig({
        SLACK_BOT_TOKEN: slack.botToken,
        SLACK_SIGNING_SECRET: SIGNING,
        SLACK_API_URL: slack.apiUrl,
        PORT: '0',
        DISCORD_TOKEN: discord.world.token,
        DISCORD_API_URL: discord.apiUrl,
        CRASHBOT_DB_PATH: dbPath,
        LOG_LEVEL: 'debug',
        // Every paste is answered: the abuse limits are not under test here.
        CRASHBOT_RATE_USER_PER_MINUTE: '0',
        CRASHBOT_RATE_CHANNEL_PER_MINUTE: '0',
      });
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
      const out: string[] = [];
      const log: string[] = [];
      const stop = new AbortController();
      const running = startBot({
        config: parsed.config,
        kb: kb(),
        stdin: Object.assign(new PassThrough(), { isTTY: false }),
        write: (t) => out.push(t),
        log: (t) => {
          log.push(t);
          seen.push(t);
        },
        signal: stop.signal,
      });
      try {
        await until(
          () => /listening on port \d+/.test(log.join('')) && log.join('').includes('running on'),
          'start',
        );
        const port = /listening on port (\d+)/.exec(log.join(''))?.[1];
        const eventsUrl = `http://127.0.0.1:${port}/slack/events`;
        const half = Math.ceil(logs.length / 2);

        const sendSlack = async (text: string) => {
          const ev = mention({ text });
          const res = await postSigned(eventsUrl, eventJson(ev, { teamId: TEAM, eventId: newEventId() }), {
            secret: SIGNING,
            contentType: 'application/json',
          });
          expect(res.status).toBe(200);
          await until(
            () =>
              slack.calls.some(
                (c) => c.method === 'chat.postMessage' && c.args.thread_ts === ev.ts && c.result?.ok,
              ),
            'a Slack reply',
          );
        };
        const refusedSlack = async (text: string) => {
          const before = log.length;
          slack.fail('chat.postMessage', { error: 'invalid_blocks' }, 2);
          const ev = mention({ text });
          await postSigned(eventsUrl, eventJson(ev, { teamId: TEAM, eventId: newEventId() }), {
            secret: SIGNING,
            contentType: 'application/json',
          });
          await until(() => log.slice(before).some((t) => t.includes('could not post a reply')), 'a refusal');
        };
        const sendDiscord = async (text: string) => {
          const m = discord.postMessage({ mentionBot: true, content: text });
          await discord.rest.waitFor(
            (c) => c.method === 'POST' && c.status === 200 && c.body?.message_reference?.message_id === m.id,
            60_000,
          );
        };

        // Slack refuses a few replies (blocks, then plain text); then the first half goes through.
        for (const l of logs.slice(0, 5)) await refusedSlack(l.text);
        for (const l of logs.slice(0, half)) {
          await sendSlack(l.text);
          await sendDiscord(l.text);
        }
        // Then the store fails (its table is gone): every diagnosis is still answered, and logged as unrecorded.
        const other = new Database(dbPath);
        other.exec('DROP TABLE crash_records');
        other.close();
        for (const l of logs.slice(half)) {
          await sendSlack(l.text);
          await sendDiscord(l.text);
        }
        // Discord refuses replies with an error that quotes what was sent.
        for (const l of logs.slice(0, 5)) {
          discord.rest.fail(
            { method: 'POST', path: /\/channels\/\d+\/messages$/ },
            { status: 403, code: 50013, message: `Missing Permissions for ${l.text}` },
            { status: 403, code: 50013, message: `Missing Permissions for ${l.text}` },
          );
          const before = log.length;
          discord.postMessage({ mentionBot: true, content: l.text });
          await until(
            () => log.slice(before).some((t) => t.includes('could not post a reply')),
            'a delivery failure',
          );
        }
        expectLogged(log, 'invalid_blocks', 'could not record a diagnosis', 'could not post a reply');
        expect(leaks(logs, log)).toEqual([]);
      } finally {
        stop.abort();
        await running;
        await slack.stop();
        await discord.close();
      }
    },
  );

  it(
    'GIVEN a Slack app whose bot throws an error quoting the paste THEN its log still holds no secret',
    LONG,
    async () => {
      const h = await startSlackHarness({
        transport: 'http',
        options: { logLevel: 'debug' },
        wrapBot: (bot) => ({
          ...bot,
          diagnose: (text) => {
            throw new Error(`cannot handle ${text}`);
          },
        }),
      });
      try {
        for (const l of logs) await h.event(mention({ text: l.text }));
        seen.push(...h.logs);
        await until(() => h.logs.filter((t) => t.includes('cannot handle')).length >= logs.length, 'errors');
        expect(leaks(logs, h.logs)).toEqual([]);
      } finally {
        await h.stop();
      }
    },
  );

  it(
    'GIVEN a Discord front end whose bot throws an error quoting the paste THEN its log still holds no secret',
    LONG,
    async () => {
      const fake = await startFakeDiscord();
      const opened = await openStore({
        store: { kind: 'sqlite', path: join(dir, 'discord.sqlite') },
        userSalt: 's',
      });
      if (!opened.ok) throw opened.error;
      const log: string[] = [];
      const { conversation, log: logger } = testConversation({
        store: opened.store,
        maxLogBytes: 1 << 20,
        logs: log,
        wrapBot: (bot) => ({
          ...bot,
          diagnose: (text) => {
            throw new Error(`cannot handle ${text}`);
          },
        }),
      });
      const parsed = parseConfig({ DISCORD_TOKEN: fake.world.token, DISCORD_API_URL: fake.apiUrl });
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
      const frontEnd = await createDiscordFrontEnd(
        { config: parsed.config, conversation, log: logger },
        { loginTimeoutMs: 10_000, drainMs: 2_000 },
      );
      try {
        for (const l of logs) fake.postMessage({ mentionBot: true, content: l.text });
        await until(() => log.filter((t) => t.includes('cannot handle')).length >= logs.length, 'errors');
        expect(leaks(logs, log)).toEqual([]);
      } finally {
        await frontEnd.stop();
        await opened.store.close();
        await fake.close();
      }
    },
  );
});
