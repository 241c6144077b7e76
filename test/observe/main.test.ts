// Health and metrics through the composition root: off unless configured; when on,
// the Slack front end's readiness and a real mention's diagnosis show up.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Config, parseConfig } from '../../src/config/config.js';
import type { KnowledgeBase } from '../../src/core/knowledge.js';
import { loadKnowledge } from '../../src/knowledge/load.js';
import { type StartResult, startBot } from '../../src/main.js';
import { waitForPosts } from '../adapters/slack/expect.js';
import { FakeSlack } from '../adapters/slack/fake/fake-slack.mjs';
import { eventJson, postSigned } from '../adapters/slack/fake/signed.mjs';
import { OOM_LOG } from '../adapters/slack/logs.js';
import { mention, newEventId, TEAM } from '../adapters/slack/payloads.js';
import { parseExposition, sample } from './parse-exposition.js';

const SECRET = 'observe-signing-secret';
let kb: KnowledgeBase;
let dir: string;
beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error('knowledge');
  kb = r.kb;
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'crashbot-observe-main-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function config(env: Record<string, string>): Config {
  const parsed = parseConfig({ CRASHBOT_DB_PATH: join(dir, 'c.sqlite'), ...env });
  if (!parsed.ok) throw new Error(parsed.problems.map((p) => `${p.variable}: ${p.message}`).join('; '));
  return parsed.config;
}

/** Runs startBot; `log` collects its log lines; `stop` ends it (the signal, then the terminal's input). */
function run(cfg: Config) {
  const log: string[] = [];
  const out: string[] = [];
  const stdin = new PassThrough();
  const abort = new AbortController();
  const done: Promise<StartResult> = startBot({
    config: cfg,
    kb,
    stdin,
    write: (t) => out.push(t),
    log: (t) => log.push(t),
    signal: abort.signal,
  });
  const stop = async () => {
    abort.abort();
    stdin.end();
    return done;
  };
  return { log, out, done, stdin, stop };
}

/** Polls `check` until it gives a value (bounded: the test fails rather than hangs). */
async function eventually<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
): Promise<T> {
  const until = Date.now() + 10_000;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error('timed out waiting for a condition');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const listening = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;

describe('health and metrics in the composition root', () => {
  it('GIVEN CRASHBOT_METRICS_PORT unset THEN no port is opened and nothing is announced', async () => {
    const before = listening();
    const bot = run(config({}));
    // The terminal chat answers: start-up is over.
    bot.stdin.write('/crash 137\n');
    await eventually(() => bot.out.join('').includes('137'));
    expect(listening()).toBe(before);
    expect(await bot.stop()).toEqual({ ok: true });
    expect(bot.log.join('')).not.toMatch(/metrics/);
  });

  it('GIVEN a port and Slack HTTP mode THEN /healthz, /readyz and /metrics answer, a mention is counted, and stopping closes the port', async () => {
    const fake = await FakeSlack.start({ teamId: TEAM });
    try {
      const bot = run(
        config({
          SLACK_BOT_TOKEN: fake.botToken,
          SLACK_SIGNING_SECRET: SECRET,
          SLACK_API_URL: fake.apiUrl,
          PORT: '0',
          CRASHBOT_METRICS_PORT: '0',
        }),
      );
      const metricsUrl = await eventually(
        () => /health and metrics on (\S+)\/metrics/.exec(bot.log.join(''))?.[1],
      );
      const slackPort = await eventually(() => /listening on port (\d+)/.exec(bot.log.join(''))?.[1]);
      expect((await fetch(`${metricsUrl}/healthz`)).status).toBe(200);
      await eventually(async () => (await fetch(`${metricsUrl}/readyz`)).status === 200);

      const event = mention({ text: `it crashed:\n\`\`\`${OOM_LOG}\`\`\`` });
      const sent = await postSigned(
        `http://127.0.0.1:${slackPort}/slack/events`,
        eventJson(event, { teamId: TEAM, eventId: newEventId() }),
        { secret: SECRET, contentType: 'application/json' },
      );
      expect(sent.status).toBe(200);
      await waitForPosts(fake, event.ts);

      const p = parseExposition(await (await fetch(`${metricsUrl}/metrics`)).text());
      expect(sample(p, 'crashbot_diagnoses_total', { cause: 'gpu-oom', mode: 'mention' })).toBe(1);
      expect(sample(p, 'crashbot_replies_total', { platform: 'slack', kind: 'diagnosis' })).toBe(1);
      expect(sample(p, 'crashbot_message_handling_seconds_count', { kind: 'message' })).toBe(1);
      expect(sample(p, 'process_resident_memory_bytes')).toBeGreaterThan(1e6);
      // prom-client's defaults, and the names kept from before.
      expect(p.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
      expect(sample(p, 'nodejs_heap_used_bytes')).toBeGreaterThan(1e6);
      expect(sample(p, 'crashbot_uptime_seconds')).toBeGreaterThan(0);

      expect(await bot.stop()).toEqual({ ok: true });
      await expect(fetch(`${metricsUrl}/healthz`)).rejects.toThrow();
    } finally {
      await fake.stop();
    }
  });

  it('GIVEN Socket Mode THEN /readyz follows the connection: 200, 503 naming Slack while it is down, 200 once back', async () => {
    const fake = await FakeSlack.start({ teamId: TEAM });
    try {
      const bot = run(
        config({
          SLACK_BOT_TOKEN: fake.botToken,
          SLACK_APP_TOKEN: fake.appToken,
          SLACK_API_URL: fake.apiUrl,
          CRASHBOT_METRICS_PORT: '0',
        }),
      );
      const metricsUrl = await eventually(
        () => /health and metrics on (\S+)\/metrics/.exec(bot.log.join(''))?.[1],
      );
      const readyz = async () => {
        const r = await fetch(`${metricsUrl}/readyz`);
        return { status: r.status, body: await r.text() };
      };
      await eventually(async () => (await readyz()).status === 200);
      fake.socket.hello = false;
      fake.socket.dropAll();
      expect(await eventually(async () => ((r) => r.status === 503 && r)(await readyz()))).toEqual({
        status: 503,
        body: 'not ready\nchat: not connected: slack\n',
      });
      expect((await fetch(`${metricsUrl}/healthz`)).status).toBe(200);
      fake.socket.hello = true;
      fake.socket.dropAll();
      await eventually(async () => (await readyz()).status === 200);
      expect(await bot.stop()).toEqual({ ok: true });
    } finally {
      await fake.stop();
    }
  });

  it('GIVEN the metrics port taken THEN start-up fails with a message naming the cause', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as { port: number }).port;
    try {
      const bot = run(config({ CRASHBOT_METRICS_PORT: String(port) }));
      const result = await bot.done;
      expect(result.ok).toBe(false);
      expect(!result.ok && result.message).toMatch(/cannot serve health and metrics: .*EADDRINUSE/);
    } finally {
      taken.close();
    }
  });
});
