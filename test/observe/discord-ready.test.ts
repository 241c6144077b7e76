// The Discord front end reports its gateway connection for /readyz.
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../adapters/discord/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('Discord readiness', () => {
  it('GIVEN the bot logged in THEN ready; GIVEN the gateway closes for good THEN not ready', async () => {
    h = await startHarness();
    expect(h.frontEnd.ready?.()).toBe(true);
    // 4004: authentication failed, which discord.js does not reconnect after.
    h.fake.gateway.drop(4004);
    const until = Date.now() + 10_000;
    while (h.frontEnd.ready?.() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(h.frontEnd.ready?.()).toBe(false);
  });
});
