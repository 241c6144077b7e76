import { afterEach, describe, expect, it } from 'vitest';
import { headerOf, waitForPosts, waitForResponse } from './expect.js';
import { type Harness, startHarness, type Transport } from './harness.js';
import { OOM_LOG } from './logs.js';
import { newTs, shortcut } from './payloads.js';

describe.each<Transport>(['http', 'socket'])('the "Diagnose crash" shortcut over %s', (transport) => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it("GIVEN the shortcut on a message holding a log THEN the diagnosis is posted in that message's thread", async () => {
    h = await startHarness({ transport });
    const ts = newTs();
    await h.interaction(shortcut({ message: { text: OOM_LOG, ts }, responseUrl: h.fake.responseUrl() }));
    const [post] = await waitForPosts(h.fake, ts);
    expect(headerOf(post!.args.blocks)).toMatch(/^Likely cause: GPU out of memory/);
  });

  it('GIVEN the shortcut on a message with a log file THEN the file is read', async () => {
    h = await startHarness({ transport });
    const ts = newTs();
    const file = h.fake.hostFile({ name: 'job-1234.out', content: OOM_LOG });
    await h.interaction(
      shortcut({ message: { text: '', ts, files: [file] }, responseUrl: h.fake.responseUrl() }),
    );
    const [post] = await waitForPosts(h.fake, ts);
    expect(headerOf(post!.args.blocks)).toMatch(/^Likely cause: GPU out of memory/);
  });

  it('GIVEN the shortcut in a private channel the bot is not in THEN the diagnosis is shown ephemerally', async () => {
    h = await startHarness({ transport });
    h.fake.notInChannel.add('G0PRIV');
    h.fake.privateChannels.add('G0PRIV');
    await h.interaction(
      shortcut({
        message: { text: OOM_LOG, ts: newTs() },
        channel: 'G0PRIV',
        responseUrl: h.fake.responseUrl(),
      }),
    );
    const body = await waitForResponse(h.fake);
    expect(body.response_type).toBe('ephemeral');
    expect(headerOf(body.blocks)).toMatch(/^Likely cause: GPU out of memory/);
    expect(h.fake.callsTo('chat.postMessage').every((c) => !c.result?.ok)).toBe(true);
  });

  it('GIVEN the shortcut on a message with nothing to read THEN the person is told so', async () => {
    h = await startHarness({ transport });
    await h.interaction(shortcut({ message: { text: ' ', ts: newTs() }, responseUrl: h.fake.responseUrl() }));
    const body = await waitForResponse(h.fake);
    expect(headerOf(body.blocks)).toBe('Nothing to diagnose');
  });
});
