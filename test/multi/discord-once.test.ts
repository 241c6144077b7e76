// Discord events handled once: an INTERACTION_CREATE delivered twice is answered once
// (discord.js itself drops a MESSAGE_CREATE it has cached; messages seen by several
// instances are covered by test/multi/instances.e2e.test.ts), and events whose
// snowflake is stamped more than five minutes ahead are refused. A real discord.js Client
// against the fake Discord; each test stops its front end (which drains the work in
// flight) before counting what was sent.
import { describe, expect, it } from 'vitest';
import { snowflakeTime } from '../../src/adapters/discord/stamps.js';
import { snowflake } from '../adapters/discord/fake/index.mjs';
import { type Harness, startHarness } from '../adapters/discord/harness.js';
import { PYTORCH_OOM } from '../adapters/discord/logs.js';

/** The gateway delivers in order: once a later message is answered, the events before it are in hand. */
async function sentinel(h: Harness): Promise<void> {
  const m = h.fake.postMessage({ mentionBot: true, content: PYTORCH_OOM });
  await h.replyTo(m.id);
}

describe('snowflake stamps', () => {
  it.each([
    ['175928847299117063', 1462015105796],
    ['0', 1420070400000],
    ['not-an-id', null],
    ['99999999999999999999999', null],
  ])('GIVEN id %s THEN its time is %s', (id, at) => {
    expect(snowflakeTime(id)).toBe(at);
  });
});

describe('GIVEN Discord delivers an event twice', () => {
  it('GIVEN one interaction dispatched twice THEN one answer', async () => {
    const h = await startHarness();
    const i = h.fake.slash('code', { code: '137' });
    h.fake.interact(i);
    await h.fake.rest.waitFor((c) => c.path.startsWith(`/interactions/${i.id}/`));
    h.fake.interact(i);
    await sentinel(h);
    await h.close();
    expect(h.fake.rest.calls.filter((c) => c.path.startsWith(`/interactions/${i.id}/`))).toHaveLength(1);
  });
});

describe('GIVEN an event stamped in the future', () => {
  it('GIVEN a message and an interaction stamped ten minutes ahead THEN neither is answered, and both are logged', async () => {
    const h = await startHarness();
    const ahead = Date.now() + 10 * 60_000;
    const m = h.fake.postMessage({ id: snowflake(ahead), mentionBot: true, content: PYTORCH_OOM });
    const i = h.fake.interact(h.fake.slash('code', { code: '137' }, { id: snowflake(ahead) }));
    // A message stamped now, after them, is answered: the rig works.
    const now = h.fake.postMessage({ mentionBot: true, content: PYTORCH_OOM });
    await h.replyTo(now.id);
    await h.close();
    expect(h.fake.rest.calls.filter((c) => c.body?.message_reference?.message_id === m.id)).toHaveLength(0);
    expect(h.fake.rest.calls.filter((c) => c.path.startsWith(`/interactions/${i.id}/`))).toHaveLength(0);
    const log = h.logs.join('');
    expect(log).toContain('refused a message stamped in the future');
    expect(log).toContain('refused an interaction stamped in the future');
  });
});
