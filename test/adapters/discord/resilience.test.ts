// What goes wrong on a real Discord: rate limits, server errors, missing permissions,
// embeds refused, expired interactions, a store that fails, events discord.js cannot
// read, and a gateway that drops. The bot retries or reports, never crashes, and never
// loses a diagnosis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, logged } from '../../helpers/log-lines.js';
import { embedText, type Harness, startHarness } from './harness.js';
import { DEVICE_ASSERT, HOST_OOM, PYTORCH_OOM } from './logs.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

async function until(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const messagesPath = () => `/channels/${h.fake.world.channel}/messages`;
const postsFor = (id: string) =>
  h.fake.rest.calls.filter((c) => c.method === 'POST' && c.body?.message_reference?.message_id === id);

describe('GIVEN REST failures', () => {
  it.each([
    ['a 429 with retry-after', [{ status: 429, retryAfter: 0.2 }]],
    ['two 500s', [{ status: 500 }, { status: 500 }]],
    ['two 502s', [{ status: 502 }, { status: 502 }]],
  ])('GIVEN %s on the reply THEN discord.js retries it and it is posted once', async (_name, faults) => {
    h.fake.rest.fail({ method: 'POST', path: messagesPath() }, ...faults);
    const m = h.fake.postMessage({ mentionBot: true, content: PYTORCH_OOM });
    const reply = await h.replyTo(m.id, 15_000);
    expect(reply.body?.embeds?.[0]?.title).toMatch(/GPU out of memory/);
    expect(postsFor(m.id).map((c) => c.status)).toEqual([...faults.map((f) => f.status), 200]);
    expect(h.fake.messages().filter((x) => x.message_reference?.message_id === m.id)).toHaveLength(1);
  });

  it('GIVEN more 502s than discord.js retries THEN the reply is given up, logged, and not retried on top', async () => {
    const faults = Array.from({ length: 3 }, () => ({ status: 502 }));
    h.fake.rest.fail({ method: 'POST', path: messagesPath() }, ...faults);
    const lost = h.fake.postMessage({ mentionBot: true, content: HOST_OOM });
    await until(() => h.logs.join('').includes('could not post a reply'), 15_000);
    const next = h.fake.postMessage({ mentionBot: true, content: DEVICE_ASSERT });
    await h.replyTo(next.id);
    // discord.js's retries (2 in these tests) are the only ones: three tries.
    expect(postsFor(lost.id).map((c) => c.status)).toEqual([502, 502, 502]);
  });

  it('GIVEN Missing Permissions THEN the failure is logged with the fix, the diagnosis is kept, and the next message is answered', async () => {
    h.fake.rest.fail(
      { method: 'POST', path: messagesPath() },
      { status: 403, code: 50013, message: 'Missing Permissions' },
    );
    const denied = h.fake.postMessage({ mentionBot: true, content: HOST_OOM });
    const next = h.fake.postMessage({ mentionBot: true, content: DEVICE_ASSERT });
    await h.replyTo(next.id);
    expect(postsFor(denied.id).map((c) => c.status)).toEqual([403]);
    expect(logged(h.logs, 'could not post a reply')).toContainEqual(
      expect.objectContaining({ code: '50013', fix: expect.stringContaining('Embed Links') }),
    );
    const found = await h.store.summarySource(
      { platform: 'discord', workspace: h.fake.world.guild.id, channel: h.fake.world.channel },
      { previousStart: new Date(0), start: new Date(0), end: new Date(Date.now() + 60_000) },
    );
    expect(found.records.some((r) => r.topCause === 'host-oom')).toBe(true);
  });

  it('GIVEN Discord refuses the embeds THEN the reply goes out again as plain text', async () => {
    h.fake.rest.fail(
      { method: 'POST', path: messagesPath() },
      { status: 400, code: 50035, message: 'Invalid Form Body' },
    );
    const m = h.fake.postMessage({ mentionBot: true, content: PYTORCH_OOM });
    await h.fake.rest.waitFor((c) => c.status === 200 && c.body?.message_reference?.message_id === m.id);
    const [refused, plain] = postsFor(m.id);
    expect(refused?.status).toBe(400);
    expect(plain?.body).toMatchObject({ embeds: [], flags: 4 });
    expect(plain?.body?.content).toMatch(/^\*\*Likely cause: GPU out of memory/);
  });

  it('GIVEN an interaction Discord no longer takes THEN a public answer is posted in the channel instead', async () => {
    h.fake.rest.state.interactionWindowMs = -1;
    try {
      const since = performance.now();
      const target = h.fake.postMessage({ content: DEVICE_ASSERT });
      const i = h.fake.interact(h.fake.messageCommand(target));
      const posted = await h.fake.rest.waitFor(
        (c) =>
          c.at >= since &&
          c.method === 'POST' &&
          c.path === messagesPath() &&
          /device-side/i.test(embedText(c.body)),
      );
      expect(posted.status).toBe(200);
      expect(h.fake.rest.calls.find((c) => c.path.startsWith(`/interactions/${i.id}/`))?.status).toBe(404);
    } finally {
      h.fake.rest.state.interactionWindowMs = 3000;
    }
  });

  it('GIVEN the store fails to record THEN the diagnosis is still answered, without vote buttons', async () => {
    const record = h.store.recordDiagnosis;
    h.store.recordDiagnosis = async () => {
      throw new Error('database is locked');
    };
    try {
      const m = h.fake.postMessage({ mentionBot: true, content: PYTORCH_OOM });
      const reply = await h.replyTo(m.id);
      expect(reply.body?.embeds?.[0]?.title).toMatch(/GPU out of memory/);
      expect(reply.body?.components).toEqual([]);
    } finally {
      h.store.recordDiagnosis = record;
    }
  });
});

describe('GIVEN events discord.js cannot read', () => {
  it.each([
    [
      'a button interaction without its message',
      'INTERACTION_CREATE',
      () => ({ ...h.fake.buttonClick({}, 'crashbot:feedback-fixed:1'), message: null }),
    ],
    [
      'a message without an author',
      'MESSAGE_CREATE',
      () => ({ ...h.fake.postMessage({ content: 'x' }), id: '1999999999999999999', author: null }),
    ],
  ])('GIVEN %s THEN it is dropped and logged, and the bot goes on', async (_name, event, make) => {
    const before = h.logs.length;
    h.fake.gateway.dispatch(event, make());
    const m = h.fake.postMessage({ mentionBot: true, content: DEVICE_ASSERT });
    await h.replyTo(m.id);
    expect(
      entries(h.logs.slice(before)).filter((e) => e.msg === 'dropped a gateway event that could not be read'),
    ).toContainEqual(expect.objectContaining({ event }));
  });
});

describe('GIVEN the gateway connection is lost', () => {
  it.each([
    ['drops without a close frame', () => h.fake.gateway.drop()],
    ['closes with 4000 (unknown error)', () => h.fake.gateway.drop(4000)],
    ['asks the client to reconnect (op 7)', () => h.fake.gateway.requestReconnect()],
  ])(
    'GIVEN the connection %s THEN the session resumes and a message sent meanwhile is answered',
    async (_name, cut) => {
      const resumes = h.fake.gateway.resumes.length;
      cut();
      const m = h.fake.postMessage({ mentionBot: true, content: HOST_OOM });
      const reply = await h.replyTo(m.id, 15_000);
      expect(reply.body?.embeds?.[0]?.title).toMatch(/Host RAM/);
      await until(() => h.fake.gateway.resumes.length > resumes);
      expect(h.fake.gateway.resumes.length).toBe(resumes + 1);
      expect(h.fake.gateway.connected).toBe(true);
    },
  );

  it('GIVEN the session is invalidated THEN the client identifies again and goes on answering', async () => {
    const identifies = h.fake.gateway.identifies.length;
    const ready = h.fake.gateway.nextReady();
    h.fake.gateway.invalidateSession();
    await ready;
    const m = h.fake.postMessage({ mentionBot: true, content: PYTORCH_OOM });
    const reply = await h.replyTo(m.id, 15_000);
    expect(reply.body?.embeds?.[0]?.title).toMatch(/GPU out of memory/);
    expect(h.fake.gateway.identifies.length).toBe(identifies + 1);
  }, 30_000);
});
