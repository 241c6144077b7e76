// The shared use cases, without any policy about who is answered when (that is the
// conversation pipeline's, tested in test/app/conversation): diagnose, keep a record,
// answer commands, take feedback, build a summary.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Bot, createBot } from '../../src/app/bot.js';
import { parseCrashCommand } from '../../src/app/crash-command.js';
import type { ChannelRef, CrashStore } from '../../src/app/ports.js';
import type { KnowledgeBase } from '../../src/core/knowledge.js';
import type { Diagnosis } from '../../src/core/types.js';
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

function diagnosed(b: Bot, text = OOM): { reply: Parameters<Bot['keep']>[0]; diagnosis: Diagnosis } {
  const out = b.diagnose(text, 'mention');
  if (out.kind !== 'reply') throw new Error(`expected a diagnosis, got ${out.kind}`);
  return out;
}

describe('bot.diagnose and bot.keep', () => {
  it('GIVEN a log THEN a reply with the cause; kept THEN a record, feedback buttons and the seen-count footer', async () => {
    const { bot: b } = await bot();
    const first = diagnosed(b);
    expect(first.reply.title).toMatch(/GPU out of memory/);
    const kept1 = await b.keep(first.reply, first.diagnosis, { channel: CHANNEL, userId: 'U1' });
    const kept2 = await b.keep(first.reply, first.diagnosis, { channel: CHANNEL, userId: 'U2' });
    expect(kept1.recordId).not.toBeNull();
    expect(kept1.reply.actions?.map((a) => a.id)).toEqual(['feedback-fixed', 'feedback-wrong']);
    expect(kept2.reply.footer).toBe('Seen 2 times in this channel this week.');
  });

  it.each([
    ['ordinary talk, listened', 'we might OOM with batch 64, should we try 32?', 'listen', 'not-a-crash'],
    ['nothing at all', '  ', 'mention', 'empty'],
  ] as const)('GIVEN %s THEN quiet (%s)', (_name, text, mode, reason) => {
    return bot().then(({ bot: b }) => expect(b.diagnose(text, mode)).toEqual({ kind: 'ignore', reason }));
  });

  it('GIVEN ordinary text THEN an answer, but nothing kept', async () => {
    const { bot: b } = await bot();
    const out = diagnosed(b, 'hello there');
    expect((await b.keep(out.reply, out.diagnosis, { channel: CHANNEL, userId: 'U1' })).recordId).toBeNull();
  });

  it('GIVEN the store failing THEN the reply comes back without a record, and why', async () => {
    const { bot: b, store } = await bot();
    store.recordDiagnosis = async () => Promise.reject(new Error('disk full'));
    const out = diagnosed(b);
    expect(await b.keep(out.reply, out.diagnosis, { channel: CHANNEL, userId: 'U1' })).toMatchObject({
      recordId: null,
      error: 'disk full',
    });
  });

  it('GIVEN a log over the size cap THEN a polite notice, no diagnosis', async () => {
    const { bot: b } = await bot({ maxLogBytes: 100 });
    expect(b.diagnose(OOM.repeat(10), 'mention')).toMatchObject({
      kind: 'too-large',
      reply: { kind: 'notice' },
    });
  });

  it('GIVEN a diagnosed message edited twice THEN it still counts as one crash', async () => {
    const { bot: b, store } = await bot();
    const link = 'https://discord.com/channels/1/2/3';
    const out = diagnosed(b);
    await b.keep(out.reply, out.diagnosis, { channel: CHANNEL, userId: 'U1', link });
    await b.keep(out.reply, out.diagnosis, { channel: CHANNEL, userId: 'U1', link, edited: true });
    const last = await b.keep(out.reply, out.diagnosis, {
      channel: CHANNEL,
      userId: 'U1',
      link,
      edited: true,
    });
    expect(last.reply.footer).toBe('First time this crash was seen in this channel this week.');
    expect(
      await store.countSimilar(CHANNEL, out.diagnosis.fingerprint, new Date('2026-11-16T00:00:00Z')),
    ).toBe(1);
  });

  it('GIVEN a paste holding a token THEN the record keeps its signature, never the text or the token', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'crashbot-bot-')), 'db.sqlite');
    const opened = await openStore({ store: { kind: 'sqlite', path }, userSalt: 'salt' });
    if (!opened.ok) throw opened.error;
    stores.push(opened.store);
    const b = createBot({
      kb,
      store: opened.store,
      now: () => new Date(),
      timezone: 'UTC',
      maxLogBytes: 1 << 20,
    });
    const text = `HF_TOKEN=hf_abcdefghijklmnopqrstuvwxyzABCDEFGH\nthe first line of my paste\n${OOM}`;
    const out = diagnosed(b, text);
    const kept = await b.keep(out.reply, out.diagnosis, { channel: CHANNEL, userId: 'U1' });
    const record = await opened.store.getRecord(kept.recordId ?? 0);
    expect(record?.signature).toContain('CUDA out of memory');
    const row = JSON.stringify(record);
    expect(row).not.toContain('hf_abcdefghijklmnopqrstuvwxyzABCDEFGH');
    expect(row).not.toContain('the first line of my paste');
    await opened.store.close();
    stores.pop();
    const bytes = readFileSync(path).toString('latin1');
    expect(bytes).not.toContain('the first line of my paste');
  });
});

describe('bot.handleCommand and feedback', () => {
  it('GIVEN /crash with a code THEN the decoded answer, public only when asked', async () => {
    const { bot: b } = await bot();
    const quiet = await b.handleCommand(CHANNEL, parseCrashCommand('-1073740791'));
    const loud = await b.handleCommand(CHANNEL, parseCrashCommand('137 public'));
    expect(quiet.reply.title).toContain('STATUS_STACK_BUFFER_OVERRUN');
    expect(quiet.public).toBe(false);
    expect(loud.reply.title).toContain('SIGKILL');
    expect(loud.public).toBe(true);
  });

  it('GIVEN "summary on friday 17:00" THEN the settings change and the reply says when', async () => {
    const { bot: b, store } = await bot();
    const r = await b.handleCommand(CHANNEL, parseCrashCommand('summary on friday 17:00 Europe/Berlin'));
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

  it('GIVEN /crash summary THEN this week, privately', async () => {
    const { bot: b } = await bot();
    const r = await b.handleCommand(CHANNEL, parseCrashCommand('summary'));
    expect(r.public).toBe(false);
    expect(r.reply.kind).toBe('summary');
  });

  it('GIVEN feedback on a recorded reply THEN it is stored and counted in the summary', async () => {
    const { bot: b } = await bot();
    const out = diagnosed(b);
    const kept = await b.keep(out.reply, out.diagnosis, { channel: CHANNEL, userId: 'U1' });
    if (kept.recordId === null) throw new Error('no record');
    const thanks = await b.handleFeedback(kept.recordId, CHANNEL, 'U1', 'fixed');
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
