import { afterEach, describe, expect, it } from 'vitest';
import { eventually, headerOf, posts, waitForPosts } from './expect.js';
import type { Fault } from './fake/fake-slack.mjs';
import { type Harness, startHarness, type Transport } from './harness.js';
import { OOM_LOG } from './logs.js';
import { CHANNEL, mention, TEAM } from './payloads.js';

describe.each<Transport>(['http', 'socket'])('Web API failures over %s', (transport) => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it.each<[string, Fault, number]>([
    ['a 429 with Retry-After', { status: 429, retryAfter: 0 }, 2],
    ['two 429s in a row', { status: 429, retryAfter: 0 }, 3],
    ['an HTTP 503', { status: 503 }, 2],
    ['a request slower than the timeout', { delayMs: 2_500 }, 2],
  ])(
    'GIVEN %s on chat.postMessage THEN the post is retried and the diagnosis arrives',
    async (_name, fault, calls) => {
      h = await startHarness({ transport });
      h.fake.fail('chat.postMessage', fault, calls - 1);
      const ev = mention({ text: OOM_LOG });
      await h.event(ev);
      const [post] = await waitForPosts(h.fake, ev.ts, 1, 8000);
      expect(headerOf(post!.args.blocks)).toMatch(/^Likely cause: GPU out of memory/);
      expect(h.fake.callsTo('chat.postMessage').filter((c) => c.args.thread_ts === ev.ts)).toHaveLength(
        calls,
      );
    },
  );

  it('GIVEN Slack refuses the blocks THEN the diagnosis is posted as plain text', async () => {
    h = await startHarness({ transport });
    h.fake.fail('chat.postMessage', { error: 'invalid_blocks' });
    const ev = mention({ text: OOM_LOG });
    await h.event(ev);
    const [post] = await waitForPosts(h.fake, ev.ts);
    expect(post!.args.blocks).toBeUndefined();
    expect(post!.args.text).toMatch(/^```/);
    expect(post!.args.text).toContain('Likely cause: GPU out of memory');
  });

  it('GIVEN a public channel the bot is not in THEN it joins and posts', async () => {
    h = await startHarness({ transport });
    h.fake.notInChannel.add(CHANNEL);
    const ev = mention({ text: OOM_LOG });
    await h.event(ev);
    await waitForPosts(h.fake, ev.ts);
    expect(h.fake.callsTo('conversations.join')).toHaveLength(1);
  });

  it('GIVEN Slack keeps failing THEN the failure is logged, the diagnosis stays recorded and the app goes on', async () => {
    h = await startHarness({ transport });
    // The WebClient's own retries (2 in these tests) are the only ones: three calls, all failing.
    h.fake.fail('chat.postMessage', { status: 500 }, 3);
    const lost = mention({ text: OOM_LOG });
    await h.event(lost);
    await eventually(
      () => h.logs.join('').includes('could not post a reply'),
      8000,
      'the failure in the log',
    );
    expect(h.logs.join('')).toContain('GPU out of memory');
    const summary = await h.bot.summary({ platform: 'slack', workspace: TEAM, channel: CHANNEL });
    expect(summary.empty).toBe(false);

    const next = mention({ text: OOM_LOG });
    await h.event(next);
    await waitForPosts(h.fake, next.ts);
    expect(posts(h.fake, lost.ts)).toHaveLength(0);
    expect(h.fake.callsTo('chat.postMessage').filter((c) => c.args.thread_ts === lost.ts)).toHaveLength(3);
  });

  it('GIVEN internal_error (Slack may have posted it already) THEN it is not tried again, and logged', async () => {
    h = await startHarness({ transport });
    h.fake.fail('chat.postMessage', { error: 'internal_error' }, 1);
    const ev = mention({ text: OOM_LOG });
    await h.event(ev);
    await eventually(
      () => h.logs.join('').includes('could not post a reply'),
      5000,
      'the failure in the log',
    );
    expect(h.fake.callsTo('chat.postMessage').filter((c) => c.args.thread_ts === ev.ts)).toHaveLength(1);
  });
});
