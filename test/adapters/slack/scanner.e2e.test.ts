// The scanner's barrage against `crashbot start` itself (the built dist/, Slack HTTP mode
// on the fake Slack): a throw outside every handler would end this process, which an
// in-process test could miss. Afterwards the health check answers, a signed mention is
// diagnosed, and the process has not exited.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotProcess, crashMention, deliver, startBot, TEAM } from '../../durability/bot-process.js';
import { slackExchanges, throwAt } from '../../http/scanner.js';
import { waitForPosts } from './expect.js';
import { FakeSlack } from './fake/fake-slack.mjs';
import { OOM_LOG } from './logs.js';

let fake: FakeSlack;
let bot: BotProcess;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crashbot-scanner-'));
  fake = await FakeSlack.start({ teamId: TEAM });
  bot = await startBot(fake, { sqlite: join(dir, 'scanner.sqlite') }, dir);
});
afterAll(async () => {
  await bot?.stop();
  await fake?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('crashbot start (Slack HTTP mode) under a scanner', () => {
  it('GIVEN the scanner list THEN every request gets its answer, the process lives and still diagnoses', {
    timeout: 240_000,
  }, async () => {
    let exitCode: number | null | 'running' = 'running';
    void bot.exited.then((code) => {
      exitCode = code;
    });
    const exchanges = slackExchanges();
    const tally = await throwAt(bot.port, exchanges);
    console.log(
      `crashbot start scanner: ${tally.thrown} requests thrown, ${tally.survived} answered as expected`,
    );
    expect(tally.failures).toEqual([]);
    expect(exitCode).toBe('running');
    expect((await fetch(`http://127.0.0.1:${bot.port}/healthz`)).status).toBe(200);
    const { ts, envelope } = crashMention(1, 'C0SCAN', OOM_LOG);
    expect(await deliver(bot.port, envelope)).toBe(true);
    await waitForPosts(fake, ts);
    expect(exitCode).toBe('running');
    expect(bot.log()).not.toMatch(/HTTPReceiverDeferredRequestError|an HTTP request failed/);
  });
});
