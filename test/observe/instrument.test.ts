import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Bot, createBot } from '../../src/app/bot.js';
import type { ChannelRef, CrashStore } from '../../src/app/ports.js';
import type { KnowledgeBase } from '../../src/core/knowledge.js';
import { loadKnowledge } from '../../src/knowledge/load.js';
import { instrumentBot } from '../../src/observe/instrument.js';
import { createBotMetrics } from '../../src/observe/metrics.js';
import { openStore } from '../../src/store/open.js';
import { parseExposition, sample } from './parse-exposition.js';

const SLACK: ChannelRef = { platform: 'slack', workspace: 'T1', channel: 'C1' };
const DISCORD: ChannelRef = { platform: 'discord', workspace: 'G1', channel: '42' };
const OOM =
  'Traceback (most recent call last):\n  File "t.py", line 3\ntorch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB';
const probe = {
  rssBytes: () => 5e7,
  heapUsedBytes: () => 2e7,
  heapTotalBytes: () => 3e7,
  externalBytes: () => 4e6,
  uptimeSeconds: () => 12,
  startTimeSeconds: () => 1e9,
};

let kb: KnowledgeBase;
const cleanup: (() => Promise<void>)[] = [];
beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error('knowledge');
  kb = r.kb;
});
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

async function realBot(): Promise<{ bot: Bot; store: CrashStore }> {
  const dir = mkdtempSync(join(tmpdir(), 'crashbot-observe-'));
  const opened = await openStore({
    store: { kind: 'sqlite', path: join(dir, 'db.sqlite') },
    userSalt: 's',
    storeRawLogs: false,
  });
  if (!opened.ok) throw opened.error;
  cleanup.push(async () => {
    await opened.store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const bot = createBot({
    kb,
    store: opened.store,
    now: () => new Date(),
    timezone: 'UTC',
    maxLogBytes: 1 << 20,
  });
  return { bot, store: opened.store };
}

/** A clock that moves 40 ms per reading. */
function steppingClock(): () => number {
  let t = 0;
  return () => (t += 40);
}

describe('the measured bot', () => {
  it('GIVEN mentions, listening and commands THEN diagnoses by cause and mode, replies by platform, ignores by reason and latencies are counted', async () => {
    const { bot, store } = await realBot();
    const metrics = createBotMetrics(probe);
    const measured = instrumentBot(bot, metrics, steppingClock());
    await store.updateSettings(SLACK, { listening: true }, new Date());

    const a = await measured.handleMessage({ channel: SLACK, userId: 'U1', text: OOM, mode: 'mention' });
    await measured.handleMessage({ channel: DISCORD, userId: 'U2', text: OOM, mode: 'mention' });
    await measured.handleMessage({ channel: SLACK, userId: 'U3', text: 'lunch at noon?', mode: 'listen' });
    await measured.handleMessage({ channel: DISCORD, userId: 'U3', text: OOM, mode: 'listen' });
    await measured.handleMessage({ channel: SLACK, userId: 'U1', text: 'hello there', mode: 'mention' });
    await measured.handleCommand(SLACK, 'U1', '137');
    expect(a.kind).toBe('reply');

    const p = parseExposition(metrics.registry.render());
    expect(sample(p, 'crashbot_diagnoses_total', { cause: 'gpu-oom', mode: 'mention' })).toBe(2);
    expect(sample(p, 'crashbot_diagnoses_total', { cause: 'none', mode: 'mention' })).toBe(1);
    expect(sample(p, 'crashbot_ignored_total', { reason: 'not-a-crash' })).toBe(1);
    expect(sample(p, 'crashbot_ignored_total', { reason: 'listening-off' })).toBe(1);
    expect(sample(p, 'crashbot_replies_total', { platform: 'slack', kind: 'diagnosis' })).toBe(2);
    expect(sample(p, 'crashbot_replies_total', { platform: 'discord', kind: 'diagnosis' })).toBe(1);
    expect(sample(p, 'crashbot_replies_total', { platform: 'slack', kind: 'exit-code' })).toBe(1);
    expect(sample(p, 'crashbot_commands_total', { platform: 'slack' })).toBe(1);
    expect(sample(p, 'crashbot_message_handling_seconds_count', { kind: 'message' })).toBe(5);
    expect(sample(p, 'crashbot_message_handling_seconds_sum', { kind: 'message' })).toBeCloseTo(0.2, 10);
    expect(sample(p, 'crashbot_message_handling_seconds_bucket', { kind: 'message', le: '0.025' })).toBe(0);
    expect(sample(p, 'crashbot_message_handling_seconds_bucket', { kind: 'message', le: '0.05' })).toBe(5);
    expect(sample(p, 'crashbot_message_handling_seconds_count', { kind: 'command' })).toBe(1);
    expect(sample(p, 'process_resident_memory_bytes')).toBe(5e7);
    expect(sample(p, 'crashbot_uptime_seconds')).toBe(12);
    expect(sample(p, 'nodejs_heap_total_bytes')).toBe(3e7);
    expect(sample(p, 'nodejs_external_memory_bytes')).toBe(4e6);
  });

  it('GIVEN the bot throwing THEN the error passes through, counted as a handler error, and the time is still observed', async () => {
    const failing: Bot = {
      handleMessage: async () => {
        throw new Error('store exploded');
      },
      handleCommand: async () => {
        throw new Error('no');
      },
      handleFeedback: async () => {
        throw new Error('no');
      },
      summary: async () => {
        throw new Error('no');
      },
    };
    const metrics = createBotMetrics(probe);
    const measured = instrumentBot(failing, metrics, steppingClock());
    await expect(
      measured.handleMessage({ channel: SLACK, userId: 'U1', text: OOM, mode: 'mention' }),
    ).rejects.toThrow('store exploded');
    expect(metrics.errors.get({ kind: 'handler' })).toBe(1);
    expect(metrics.handling.count({ kind: 'message' })).toBe(1);
  });

  it('GIVEN feedback and a summary THEN they pass through; feedback replies are counted', async () => {
    const { bot } = await realBot();
    const metrics = createBotMetrics(probe);
    const measured = instrumentBot(bot, metrics);
    const r = await measured.handleMessage({ channel: SLACK, userId: 'U1', text: OOM, mode: 'mention' });
    if (r.kind !== 'reply' || r.recordId === null) throw new Error('expected a recorded reply');
    await measured.handleFeedback(r.recordId, SLACK, 'U1', 'fixed');
    expect(metrics.replies.get({ platform: 'slack', kind: 'notice' })).toBe(1);
    expect((await measured.summary(SLACK)).empty).toBe(false);
  });
});
