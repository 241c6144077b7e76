import { afterEach, describe, expect, it } from 'vitest';
import { eventually, pause, waitForPosts } from './expect.js';
import { type Harness, startHarness } from './harness.js';
import { OOM_LOG } from './logs.js';
import { mention } from './payloads.js';

/** Unhandled rejections during `fn` (one ends a Node 20 process). */
async function unhandledDuring(fn: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const onRejection = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', onRejection);
  try {
    await fn();
    await pause(200);
  } finally {
    process.off('unhandledRejection', onRejection);
  }
  return seen;
}

describe('Socket Mode connection', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  it('GIVEN an event envelope THEN it is acked before the reply is posted', async () => {
    h = await startHarness({ transport: 'socket' });
    const ev = mention({ text: OOM_LOG });
    await h.event(ev);
    const [post] = await waitForPosts(h.fake, ev.ts);
    const ack = h.fake.socket.acks.at(-1)!;
    expect(ack.at).toBeLessThanOrEqual(post!.at);
  });

  it.each([
    ['Slack asks the app to reconnect', (x: Harness) => x.fake.socket.askToReconnect()],
    ['the connection drops', (x: Harness) => x.fake.socket.dropAll()],
  ])('GIVEN %s THEN the app reconnects and answers the next event', async (_name, cut) => {
    const x = await startHarness({ transport: 'socket' });
    h = x;
    expect(x.fake.socket.connections).toBe(1);
    cut(x);
    await x.fake.waitFor(
      () => x.fake.socket.connections >= 2 && x.fake.socket.open.size === 1,
      5000,
      'a new connection',
    );
    const ev = mention({ text: OOM_LOG });
    await x.event(ev);
    await waitForPosts(x.fake, ev.ts);
    expect(x.fake.callsTo('apps.connections.open')).toHaveLength(2);
  });

  it('GIVEN apps.connections.open fails for a while THEN reconnecting keeps trying until it works', async () => {
    const x = await startHarness({ transport: 'socket' });
    h = x;
    x.fake.fail('apps.connections.open', { error: 'internal_error' }, 3);
    x.fake.socket.dropAll();
    await x.fake.waitFor(() => x.fake.socket.connections >= 2, 5000, 'a new connection');
    expect(x.fake.callsTo('apps.connections.open').length).toBeGreaterThanOrEqual(5);
  });

  it("GIVEN the app is stopped while a reconnect waits for Slack's hello THEN it stops cleanly", async () => {
    const x = await startHarness({ transport: 'socket' });
    x.fake.socket.hello = false;
    x.fake.socket.dropAll();
    await x.fake.waitFor(() => x.fake.callsTo('apps.connections.open').length >= 2, 5000, 'a reconnect');
    await eventually(() => x.fake.socket.open.size === 1, 5000, 'the socket to open');
    const rejections = await unhandledDuring(() => x.stop());
    expect(rejections).toEqual([]);
    expect(x.fake.socket.open.size).toBe(0);
  });

  it('GIVEN the app is stopped while apps.connections.open hangs THEN it stops cleanly and stays stopped', async () => {
    const x = await startHarness({ transport: 'socket' });
    x.fake.fail('apps.connections.open', { delayMs: 800 });
    x.fake.socket.dropAll();
    await x.fake.waitFor(() => x.fake.callsTo('apps.connections.open').length >= 2, 5000, 'a reconnect');
    const rejections = await unhandledDuring(() => x.stop());
    expect(rejections).toEqual([]);
    await pause(1000);
    expect(x.fake.socket.open.size).toBe(0);
  });
});
