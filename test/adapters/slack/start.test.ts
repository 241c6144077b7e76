import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSlack } from '../../../src/adapters/slack/start.js';
import { type Config, parseConfig } from '../../../src/config/config.js';
import { startBot } from '../../../src/main.js';
import { openStore } from '../../../src/store/open.js';
import { testConversation } from '../../helpers/conversation.js';
import { eventually, headerOf, waitForPosts } from './expect.js';
import { FakeSlack } from './fake/fake-slack.mjs';
import { eventEnvelope, eventJson, postSigned } from './fake/signed.mjs';
import { knowledge, SIGNING_SECRET } from './harness.js';
import { OOM_LOG } from './logs.js';
import { mention, newEventId, TEAM } from './payloads.js';

let fake: FakeSlack;
let dir: string;
beforeEach(async () => {
  fake = await FakeSlack.start({ teamId: TEAM });
  dir = mkdtempSync(join(tmpdir(), 'crashbot-slack-start-'));
});
afterEach(async () => {
  await fake.stop();
  rmSync(dir, { recursive: true, force: true });
});

function config(env: Record<string, string>): Config {
  const parsed = parseConfig({ SLACK_API_URL: fake.apiUrl, CRASHBOT_DB_PATH: join(dir, 'c.sqlite'), ...env });
  if (!parsed.ok) throw new Error(parsed.problems.map((p) => `${p.variable}: ${p.message}`).join('; '));
  return parsed.config;
}

/** Starts the Slack front end the way the composition root does; returns it and its log. */
async function start(cfg: Config) {
  const opened = await openStore(cfg);
  if (!opened.ok) throw opened.error;
  const log: string[] = [];
  const { conversation, log: logger } = testConversation({
    store: opened.store,
    maxLogBytes: cfg.maxLogBytes,
    logs: log,
  });
  try {
    const frontEnd = await startSlack({ config: cfg, conversation, log: logger });
    return { frontEnd, log, close: () => opened.store.close() };
  } catch (err) {
    await opened.store.close();
    throw err;
  }
}

describe('startSlack', () => {
  it('GIVEN SLACK_APP_TOKEN THEN it connects in Socket Mode and answers a mention', async () => {
    const { frontEnd, log, close } = await start(
      config({ SLACK_BOT_TOKEN: fake.botToken, SLACK_APP_TOKEN: fake.appToken }),
    );
    try {
      expect(frontEnd.platform).toBe('slack');
      expect(log.join('')).toContain('Slack connected in Socket Mode');
      const ev = mention({ text: OOM_LOG });
      await fake.socket.send('events_api', eventEnvelope(ev, { teamId: TEAM, eventId: newEventId() }));
      await waitForPosts(fake, ev.ts);
    } finally {
      await frontEnd.stop();
      await close();
    }
  });

  it('GIVEN SLACK_SIGNING_SECRET instead THEN it listens on PORT for signed requests', async () => {
    const cfg = config({ SLACK_BOT_TOKEN: fake.botToken, SLACK_SIGNING_SECRET: SIGNING_SECRET, PORT: '0' });
    const { frontEnd, log, close } = await start(cfg);
    try {
      const port = /listening on port (\d+)/.exec(log.join(''))?.[1];
      expect(port).toBeDefined();
      const ev = mention({ text: OOM_LOG });
      const body = eventJson(ev, { teamId: TEAM, eventId: newEventId() });
      const res = await postSigned(`http://127.0.0.1:${port}/slack/events`, body, {
        secret: SIGNING_SECRET,
        contentType: 'application/json',
      });
      expect(res.status).toBe(200);
      await waitForPosts(fake, ev.ts);
    } finally {
      await frontEnd.stop();
      await close();
    }
  });

  it('GIVEN HOST=127.0.0.1 THEN HTTP mode listens there only and says so', async () => {
    const cfg = config({
      SLACK_BOT_TOKEN: fake.botToken,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      PORT: '0',
      HOST: '127.0.0.1',
    });
    const { frontEnd, log, close } = await start(cfg);
    try {
      const port = /listening on port (\d+) \(host 127\.0\.0\.1\)/.exec(log.join(''))?.[1];
      expect(port).toBeDefined();
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      // Another local address does not reach it (when this machine has IPv6 loopback).
      const v6 = await fetch(`http://[::1]:${port}/healthz`).then(
        (r) => r.status,
        (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? 'error',
      );
      expect(v6).not.toBe(200);
    } finally {
      await frontEnd.stop();
      await close();
    }
  });

  it.each([
    [
      'a bot token Slack does not know',
      'SLACK_AUTH_FAILED',
      { SLACK_BOT_TOKEN: 'xoxb-revoked-000000000000', SLACK_APP_TOKEN: 'APP' },
      /^Slack refused SLACK_BOT_TOKEN \(invalid_auth\); copy the Bot User OAuth Token/,
    ],
    [
      'an app token Slack does not know',
      'SLACK_AUTH_FAILED',
      { SLACK_BOT_TOKEN: 'BOT', SLACK_APP_TOKEN: 'xapp-revoked-000000000000' },
      /^Slack refused SLACK_APP_TOKEN \(invalid_auth\); create an app-level token/,
    ],
  ])('GIVEN %s THEN start-up fails with %s and says why', async (_name, code, env, message) => {
    const tokens = Object.fromEntries(
      Object.entries(env).map(([k, v]) => [k, v === 'APP' ? fake.appToken : v === 'BOT' ? fake.botToken : v]),
    );
    const started = Date.now();
    await expect(start(config(tokens))).rejects.toMatchObject({
      code,
      message: expect.stringMatching(message),
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('crashbot start with Slack configured', () => {
  it('GIVEN Slack tokens THEN startBot runs the Slack front end until stopped, and answers meanwhile', async () => {
    const stop = new AbortController();
    const logs: string[] = [];
    const running = startBot({
      config: config({ SLACK_BOT_TOKEN: fake.botToken, SLACK_APP_TOKEN: fake.appToken }),
      kb: knowledge(),
      stdin: Readable.from([]),
      write: () => {},
      log: (t) => logs.push(t),
      signal: stop.signal,
    });
    await fake.waitFor(() => fake.socket.connections >= 1, 10_000, 'the Socket Mode connection');
    await eventually(() => logs.join('').includes('"msg":"running on slack"'), 5000, 'the start-up line');
    const ev = mention({ text: OOM_LOG });
    await fake.socket.send('events_api', eventEnvelope(ev, { teamId: TEAM, eventId: newEventId() }));
    const [post] = await waitForPosts(fake, ev.ts);
    expect(headerOf(post!.args.blocks)).toMatch(/^Likely cause: GPU out of memory/);
    stop.abort();
    await expect(running).resolves.toEqual({ ok: true });
    await eventually(() => fake.socket.open.size === 0, 2000, 'the connection to close');
  });

  it('GIVEN Slack cannot be reached THEN start-up says Slack is unreachable, not that it refused the token', async () => {
    // A port nothing listens on: the connection is refused at once.
    const closed = await FakeSlack.start({ teamId: TEAM });
    const url = closed.apiUrl;
    await closed.stop();
    const parsed = parseConfig({
      SLACK_API_URL: url,
      CRASHBOT_DB_PATH: join(dir, 'c.sqlite'),
      SLACK_BOT_TOKEN: fake.botToken,
      SLACK_APP_TOKEN: fake.appToken,
    });
    if (!parsed.ok) throw new Error('config');
    const err = await start(parsed.config).then(
      () => null,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(err?.code).toBe('SLACK_UNREACHABLE');
    expect(err?.message).toMatch(
      /^could not reach Slack at http:\/\/127\.0\.0\.1:\d+\/.* \(ECONNREFUSED\); check /,
    );
    expect(err?.message).not.toMatch(/refused SLACK_BOT_TOKEN/);
  });
});
