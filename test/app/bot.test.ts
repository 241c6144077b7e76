import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Bot, createBot } from '../../src/app/bot.js';
import type { ChannelRef, CrashStore } from '../../src/app/ports.js';
import type { KnowledgeBase } from '../../src/core/knowledge.js';
import { loadKnowledge } from '../../src/knowledge/load.js';
import { openStore } from '../../src/store/open.js';

const CHANNEL: ChannelRef = { platform: 'slack', workspace: 'T1', channel: 'C1' };
const OOM =
  'Traceback (most recent call last):\n  File "t.py", line 3\ntorch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB';

let kb: KnowledgeBase;
const stores: CrashStore[] = [];
beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error('knowledge');
  kb = r.kb;
});
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

async function bot(
  overrides: Partial<Parameters<typeof createBot>[0]> = {},
): Promise<{ bot: Bot; store: CrashStore }> {
  const opened = await openStore({
    store: { kind: 'sqlite', path: join(mkdtempSync(join(tmpdir(), 'crashbot-bot-')), 'db.sqlite') },
    userSalt: 'salt',
    storeRawLogs: false,
  });
  if (!opened.ok) throw opened.error;
  stores.push(opened.store);
  const b = createBot({
    kb,
    store: opened.store,
    now: () => new Date('2026-11-18T10:00:00Z'),
    timezone: 'UTC',
    maxLogBytes: 1 << 20,
    ...overrides,
  });
  return { bot: b, store: opened.store };
}

describe('bot.handleMessage', () => {
  it('GIVEN a mention with a log THEN a reply with the cause, a record, feedback buttons and the seen-count footer', async () => {
    const { bot: b } = await bot();
    const first = await b.handleMessage({ channel: CHANNEL, userId: 'U1', text: OOM, mode: 'mention' });
    const second = await b.handleMessage({ channel: CHANNEL, userId: 'U2', text: OOM, mode: 'mention' });
    expect(first.kind).toBe('reply');
    if (first.kind !== 'reply' || second.kind !== 'reply') return;
    expect(first.reply.title).toMatch(/GPU out of memory/);
    expect(first.recordId).not.toBeNull();
    expect(first.reply.actions?.map((a) => a.id)).toEqual(['feedback-fixed', 'feedback-wrong']);
    expect(second.reply.footer).toBe('Seen 2 times in this channel this week.');
  });

  it('GIVEN listening off THEN a pasted crash without a mention is ignored; GIVEN it on THEN it is answered', async () => {
    const { bot: b } = await bot();
    expect(await b.handleMessage({ channel: CHANNEL, userId: 'U1', text: OOM, mode: 'listen' })).toEqual({
      kind: 'ignore',
      reason: 'listening-off',
    });
    await b.handleCommand(CHANNEL, 'U1', 'listen on');
    expect((await b.handleMessage({ channel: CHANNEL, userId: 'U1', text: OOM, mode: 'listen' })).kind).toBe(
      'reply',
    );
  });

  it('GIVEN listening on and ordinary talk THEN nothing is said', async () => {
    const { bot: b } = await bot();
    await b.handleCommand(CHANNEL, 'U1', 'listen on');
    const out = await b.handleMessage({
      channel: CHANNEL,
      userId: 'U1',
      text: 'we might OOM with batch 64, should we try 32?',
      mode: 'listen',
    });
    expect(out).toEqual({ kind: 'ignore', reason: 'not-a-crash' });
  });

  it('GIVEN the store failing THEN the diagnosis is still returned, without a record', async () => {
    const { bot: b, store } = await bot();
    const broken: CrashStore = {
      ...store,
      recordDiagnosis: async () => Promise.reject(new Error('disk full')),
    } as CrashStore;
    const warnings: string[] = [];
    const b2 = createBot({
      kb,
      store: broken,
      now: () => new Date(),
      timezone: 'UTC',
      maxLogBytes: 1 << 20,
      logger: { warn: (m) => warnings.push(m) },
    });
    const out = await b2.handleMessage({ channel: CHANNEL, userId: 'U1', text: OOM, mode: 'mention' });
    expect(out.kind).toBe('reply');
    if (out.kind === 'reply') expect(out.recordId).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(b).toBeDefined();
  });

  it('GIVEN a log over the size cap THEN a polite notice, no diagnosis', async () => {
    const { bot: b } = await bot({ maxLogBytes: 100 });
    const out = await b.handleMessage({
      channel: CHANNEL,
      userId: 'U1',
      text: OOM.repeat(10),
      mode: 'mention',
    });
    expect(out.kind === 'reply' && out.reply.kind).toBe('notice');
  });
});

describe('bot.handleCommand and feedback', () => {
  it('GIVEN /crash with a code THEN the decoded answer, public only when asked', async () => {
    const { bot: b } = await bot();
    const quiet = await b.handleCommand(CHANNEL, 'U1', '-1073740791');
    const loud = await b.handleCommand(CHANNEL, 'U1', '137 public');
    expect(quiet.reply.title).toContain('STATUS_STACK_BUFFER_OVERRUN');
    expect(quiet.public).toBe(false);
    expect(loud.reply.title).toContain('SIGKILL');
    expect(loud.public).toBe(true);
  });

  it('GIVEN "summary on friday 17:00" THEN the settings change and the reply says when', async () => {
    const { bot: b, store } = await bot();
    const r = await b.handleCommand(CHANNEL, 'U1', 'summary on friday 17:00 Europe/Berlin');
    expect(r.reply.blocks[0]).toMatchObject({
      type: 'text',
      text: expect.stringContaining('Friday at 17:00 (Europe/Berlin)'),
    });
    expect(await store.getSettings(CHANNEL)).toMatchObject({
      summary: true,
      weekday: 5,
      time: '17:00',
      timeZone: 'Europe/Berlin',
    });
  });

  it('GIVEN feedback on a recorded reply THEN it is stored and counted in the summary', async () => {
    const { bot: b } = await bot();
    const out = await b.handleMessage({ channel: CHANNEL, userId: 'U1', text: OOM, mode: 'mention' });
    if (out.kind !== 'reply' || out.recordId === null) throw new Error('no record');
    const thanks = await b.handleFeedback(out.recordId, CHANNEL, 'U1', 'fixed');
    expect(thanks.title).toMatch(/fixed/);
    const summary = await b.summary(CHANNEL);
    expect(summary.empty).toBe(false);
    expect(JSON.stringify(summary.reply)).toMatch(/helpful/i);
  });

  it('GIVEN feedback on an unknown record THEN a polite notice, not a crash', async () => {
    const { bot: b } = await bot();
    expect((await b.handleFeedback(999_999, CHANNEL, 'U1', 'wrong')).title).toMatch(/no longer on record/);
  });
});

describe('bot.handleMessage on edits', () => {
  it('GIVEN a diagnosed message edited twice THEN it still counts as one crash', async () => {
    const { bot: b, store } = await bot();
    const link = 'https://discord.com/channels/1/2/3';
    await b.handleMessage({ channel: CHANNEL, userId: 'U1', text: OOM, mode: 'mention', link });
    await b.handleMessage({ channel: CHANNEL, userId: 'U1', text: `${OOM}\n`, mode: 'edit', link });
    const last = await b.handleMessage({
      channel: CHANNEL,
      userId: 'U1',
      text: OOM,
      mode: 'listen',
      edited: true,
      link,
    });
    expect(last.kind).toBe('ignore');
    const again = await b.handleMessage({ channel: CHANNEL, userId: 'U1', text: OOM, mode: 'edit', link });
    if (again.kind !== 'reply' || !again.diagnosis) throw new Error('no reply');
    expect(again.reply.footer).toBe('First time this crash was seen in this channel this week.');
    expect(
      await store.countSimilar(CHANNEL, again.diagnosis.fingerprint, new Date('2026-11-16T00:00:00Z')),
    ).toBe(1);
  });
});

describe('bot abuse limits', () => {
  const limits = {
    perUser: { max: 2, windowMs: 60_000 },
    perChannel: { max: 4, windowMs: 60_000 },
    listenCooldownMs: 30_000,
  };

  async function limitedBot() {
    let now = new Date('2026-11-18T10:00:00Z').getTime();
    const { bot: b } = await bot({ limits, now: () => new Date(now) });
    return { b, advance: (ms: number) => (now += ms) };
  }

  it('GIVEN one person over the limit THEN one polite notice, then silence, then answers again after the window', async () => {
    const { b, advance } = await limitedBot();
    const ask = () => b.handleMessage({ channel: CHANNEL, userId: 'U1', text: OOM, mode: 'mention' });
    const kinds = [];
    for (let i = 0; i < 4; i++) {
      const o = await ask();
      kinds.push(o.kind === 'reply' ? o.reply.kind : o.reason);
    }
    expect(kinds).toEqual(['diagnosis', 'diagnosis', 'notice', 'rate-limited']);
    advance(61_000);
    const again = await ask();
    expect(again.kind === 'reply' && again.reply.kind).toBe('diagnosis');
  });

  it('GIVEN a flood of pasted crashes in a listening channel THEN one unasked reply per cool-down, never a notice', async () => {
    const { b, advance } = await limitedBot();
    await b.handleCommand(CHANNEL, 'U1', 'listen on');
    const paste = (user: string) =>
      b.handleMessage({ channel: CHANNEL, userId: user, text: OOM, mode: 'listen' });
    const first = await paste('U1');
    const rest = await Promise.all(['U2', 'U3', 'U4'].map(paste));
    expect(first.kind).toBe('reply');
    expect(rest).toEqual(Array(3).fill({ kind: 'ignore', reason: 'cooldown' }));
    advance(31_000);
    expect((await paste('U5')).kind).toBe('reply');
  });

  it('GIVEN the channel over its limit THEN a mention from someone new gets the notice once', async () => {
    const { b } = await limitedBot();
    const outcomes = [];
    for (const u of ['U1', 'U2', 'U3', 'U4', 'U5', 'U6']) {
      const o = await b.handleMessage({ channel: CHANNEL, userId: u, text: OOM, mode: 'mention' });
      outcomes.push(o.kind === 'reply' ? o.reply.kind : o.reason);
    }
    expect(outcomes).toEqual(['diagnosis', 'diagnosis', 'diagnosis', 'diagnosis', 'notice', 'rate-limited']);
  });

  it('GIVEN two instances on one store THEN the limit and the one notice hold across them', async () => {
    const now = () => new Date('2026-11-18T10:00:00Z');
    const { bot: a, store } = await bot({ limits, now });
    const b = createBot({ kb, store, now, timezone: 'UTC', maxLogBytes: 1 << 20, limits });
    const kinds = [];
    for (const instance of [a, b, a, b, a]) {
      const o = await instance.handleMessage({ channel: CHANNEL, userId: 'U1', text: OOM, mode: 'mention' });
      kinds.push(o.kind === 'reply' ? o.reply.kind : o.reason);
    }
    expect(kinds).toEqual(['diagnosis', 'diagnosis', 'notice', 'rate-limited', 'rate-limited']);
  });

  it('GIVEN a flood of /crash commands THEN one private notice, then a short private refusal; help still works', async () => {
    const { b } = await limitedBot();
    const titles = [];
    for (let i = 0; i < 4; i++) titles.push((await b.handleCommand(CHANNEL, 'U1', '137')).reply.title);
    expect(titles.slice(0, 2).every((t) => /137/.test(t ?? ''))).toBe(true);
    expect(titles.slice(2)).toEqual(['That is a lot of commands in a short time', 'Still too many commands']);
    const help = await b.handleCommand(CHANNEL, 'U1', 'help');
    expect(help.reply.title).not.toMatch(/too many|a lot of/i);
    // Diagnoses have a budget of their own.
    const o = await b.handleMessage({ channel: CHANNEL, userId: 'U1', text: OOM, mode: 'mention' });
    expect(o.kind === 'reply' && o.reply.kind).toBe('diagnosis');
    const other = await b.handleCommand(CHANNEL, 'U2', '137');
    expect(other.public).toBe(false);
    expect(other.reply.title).toMatch(/137/);
  });

  it('GIVEN the store failing THEN limits let the diagnosis through and a warning is logged', async () => {
    const warnings: string[] = [];
    const { store } = await bot();
    const broken: CrashStore = {
      ...store,
      takeRate: () => Promise.reject(new Error('database down')),
      claimDelivery: () => Promise.reject(new Error('database down')),
    };
    const c = createBot({
      kb,
      store: broken,
      now: () => new Date(),
      timezone: 'UTC',
      maxLogBytes: 1 << 20,
      limits,
      logger: { warn: (m) => warnings.push(m) },
    });
    await c.handleCommand(CHANNEL, 'U1', 'listen on');
    const asked = await c.handleMessage({ channel: CHANNEL, userId: 'U1', text: OOM, mode: 'mention' });
    const unasked = await c.handleMessage({ channel: CHANNEL, userId: 'U1', text: OOM, mode: 'listen' });
    expect(asked.kind === 'reply' && asked.reply.kind).toBe('diagnosis');
    expect(unasked.kind === 'reply' && unasked.reply.kind).toBe('diagnosis');
    expect(warnings.filter((w) => /answering anyway/.test(w)).length).toBeGreaterThanOrEqual(3);
  });
});
