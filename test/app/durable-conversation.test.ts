// The pipeline made durable (src/app/inbox/durable-conversation.ts), with a stand-in
// pipeline that claims its event and then works for a while: the surface's handler
// resolves once the event is kept (so Slack's 200 waits for the store, not the answer),
// and an event left by a dead instance is replayed through the same surface's handler.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClaimPort } from '../../src/app/conversation/claims.js';
import type { Conversation } from '../../src/app/conversation/conversation.js';
import type { Incoming } from '../../src/app/conversation/incoming.js';
import type { Surface } from '../../src/app/conversation/ports.js';
import { durableConversation } from '../../src/app/inbox/durable-conversation.js';
import { silentLogger } from '../../src/app/logger.js';
import { createSqlStore } from '../../src/store/sql-store.js';
import { openSqliteDb } from '../../src/store/sqlite-db.js';
import type { CrashStore } from '../../src/store/types.js';

const dirs: string[] = [];
const stores: CrashStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function store(path?: string): Promise<{ store: CrashStore; path: string }> {
  const file = path ?? join(mkdtempSync(join(tmpdir(), 'crashbot-durable-')), 'crashbot.sqlite');
  if (!path) dirs.push(join(file, '..'));
  const s = await createSqlStore(openSqliteDb(file), { userSalt: 'test-salt' });
  stores.push(s);
  return { store: s, path: file };
}

const message = (id: string): Incoming => ({
  kind: 'message',
  id,
  place: { platform: 'slack', workspace: 'T1', channel: 'C1' },
  user: 'U1',
  message: id,
  text: 'CUDA out of memory',
  attachments: [],
  mode: 'mention',
});

/** A pipeline that claims the event, then works `workMs`, then marks it answered; records what it answered. */
function standIn(workMs: number, answered: string[]) {
  return (claims: ClaimPort): Conversation => ({
    attach: () => async (x) => {
      if ((await claims.take(`delivery:${x.id}`, new Date(), 3600_000, x)) !== 'taken') return;
      await new Promise((r) => setTimeout(r, workMs));
      answered.push(x.id);
      await claims.answered(`delivery:${x.id}`, new Date());
    },
    drain: async () => {},
    index: {} as Conversation['index'],
  });
}

const surface = { info: { platform: 'slack' } } as Surface;

describe('GIVEN the durable conversation', () => {
  it('GIVEN an event THEN the handler resolves once it is kept, before the answer, and the answer follows', async () => {
    const { store: s } = await store();
    const answered: string[] = [];
    const { conversation } = durableConversation(standIn(400, answered), {
      store: s,
      platforms: ['slack'],
      log: silentLogger,
    });
    const handle = conversation.attach(surface);
    const started = Date.now();
    await handle(message('Ev1'));
    expect(Date.now() - started).toBeLessThan(300);
    expect(await s.pendingDeliveries()).toBe(1);
    expect(answered).toEqual([]);
    await new Promise((r) => setTimeout(r, 600));
    expect(answered).toEqual(['Ev1']);
    expect(await s.pendingDeliveries()).toBe(0);
  });

  it('GIVEN an event a dead instance kept THEN the next instance answers it through its surface, after the lease', async () => {
    const first = await store();
    const dead = durableConversation(standIn(60_000, []), {
      store: first.store,
      platforms: ['slack'],
      log: silentLogger,
    });
    await dead.conversation.attach(surface)(message('Ev2'));
    const second = await store(first.path);
    const answered: string[] = [];
    let now = Date.now();
    const live = durableConversation(standIn(0, answered), {
      store: second.store,
      platforms: ['slack'],
      log: silentLogger,
      now: () => new Date(now),
    });
    live.conversation.attach(surface);
    expect(await live.inbox.sweep()).toBe(0);
    now += 31_000;
    expect(await live.inbox.sweep()).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(answered).toEqual(['Ev2']);
  });
});
