// The real Slack HTTP mode (Bolt's receiver behind crashbot's guarded server, on the
// fake Slack) under a scanner's barrage: every exchange of test/http/scanner.ts gets an
// acceptable answer (404 for unknown paths, 405 with Allow for other methods, 401, 408,
// 413, 431, 400), none a 5xx or a hang, and afterwards the health check answers, a
// signed mention is still diagnosed and the process is still here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackExchanges, throwAt } from '../../http/scanner.js';
import { waitForPosts } from './expect.js';
import { type Harness, startHarness } from './harness.js';
import { OOM_LOG } from './logs.js';
import { mention } from './payloads.js';

let h: Harness;
let port: number;
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);
beforeAll(async () => {
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);
  h = await startHarness({ transport: 'http' });
  port = h.slack.port!;
});
afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  process.off('unhandledRejection', onUncaught);
  await h?.stop();
});

describe('Slack HTTP mode under a scanner', () => {
  it('GIVEN a scanner list of paths, methods, garbage, slow and oversized requests THEN each gets a 4xx (or is shed) and the bot keeps answering', {
    timeout: 180_000,
  }, async () => {
    const exchanges = slackExchanges();
    expect(exchanges.length).toBeGreaterThan(800);
    const tally = await throwAt(port, exchanges);
    console.log(
      `slack scanner: ${tally.thrown} requests thrown, ${tally.survived} answered as expected; ${JSON.stringify(tally.statuses)}`,
    );
    expect(tally.failures).toEqual([]);
    expect(tally.thrown).toBe(exchanges.length);

    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const ev = mention({ text: OOM_LOG });
    await h.event(ev);
    await waitForPosts(h.fake, ev.ts);
    expect(uncaught).toEqual([]);
    expect(h.logs.join('')).not.toMatch(/HTTPReceiverDeferredRequestError|an HTTP request failed/);
  });
});
