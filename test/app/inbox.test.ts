// The inbox over a real store (SQLite files, two instances on one file): an event taken
// and not answered, because its instance died or stopped, is answered exactly once by
// whichever instance sweeps it up; a stop waits for the events in hand within its bound
// and hands the rest back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createInbox, type Inbox } from '../../src/app/inbox/inbox.js';
import { parseInboxPayload, toInboxPayload } from '../../src/app/inbox/payload.js';
import { createSqlStore } from '../../src/store/sql-store.js';
import { openSqliteDb } from '../../src/store/sqlite-db.js';
import type { CrashStore } from '../../src/store/types.js';

interface Event {
  id: string;
  place: { platform: string; workspace: string; channel: string };
  text: string;
}

const event = (id: string, platform = 'slack'): Event => ({
  id,
  place: { platform, workspace: 'T1', channel: 'C1' },
  text: `crash ${id} with token xoxb-123456789012-123456789012-abcdefghijklmnopqrstuvwx`,
});

const dirs: string[] = [];
const stores: CrashStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function storesOnOneFile(n: number): Promise<CrashStore[]> {
  const dir = mkdtempSync(join(tmpdir(), 'crashbot-inbox-'));
  dirs.push(dir);
  const out: CrashStore[] = [];
  for (let i = 0; i < n; i++)
    out.push(await createSqlStore(openSqliteDb(join(dir, 'crashbot.sqlite')), { userSalt: 'test-salt' }));
  stores.push(...out);
  return out;
}

const silent = { warn: () => {} };

/** An instance: its inbox, and the events it answered (its "replies"). */
function instance(store: CrashStore, clock: { now: number }, platforms = ['slack']) {
  const replies: string[] = [];
  const handle = async (inbox: Inbox<Event>, e: Event) => {
    const state = await inbox.take(e.id, e);
    if (state !== 'taken') return;
    replies.push(e.id);
    await inbox.answered(e.id);
  };
  const inbox: Inbox<Event> = createInbox<Event>({
    store,
    platforms,
    replay: (e) => handle(inbox, e),
    log: silent,
    now: () => new Date(clock.now),
  });
  return { inbox, replies, handle: (e: Event) => handle(inbox, e) };
}

describe('GIVEN the inbox', () => {
  it('GIVEN an event taken by an instance that died THEN a live instance answers it once the lease runs out, and only then', async () => {
    const [a, b] = await storesOnOneFile(2);
    const clock = { now: Date.UTC(2026, 10, 18, 10) };
    const dead = instance(a!, clock);
    const live = instance(b!, clock);
    // The dead instance took two events and never answered.
    expect(await dead.inbox.take('e1', event('e1'))).toBe('taken');
    expect(await dead.inbox.take('e2', event('e2'))).toBe('taken');
    // A retry of e1 reaching the live instance is held, not answered twice.
    await live.handle(event('e1'));
    expect(live.replies).toEqual([]);
    expect(await live.inbox.sweep()).toBe(0);
    clock.now += 30_000;
    expect(await live.inbox.sweep()).toBe(2);
    await new Promise((r) => setTimeout(r, 50));
    expect(live.replies.sort()).toEqual(['e1', 'e2']);
    expect(await b!.pendingDeliveries()).toBe(0);
    // Later retries and sweeps change nothing.
    await live.handle(event('e1'));
    clock.now += 60_000;
    expect(await live.inbox.sweep()).toBe(0);
    expect(live.replies.sort()).toEqual(['e1', 'e2']);
  });

  it('GIVEN an instance stopping with events in hand THEN it waits within its bound, hands the rest back, and the next instance answers them at once', async () => {
    const [a, b] = await storesOnOneFile(2);
    const clock = { now: Date.UTC(2026, 10, 18, 10) };
    const stopping = instance(a!, clock);
    await stopping.inbox.take('slow', event('slow'));
    await stopping.inbox.take('quick', event('quick'));
    setTimeout(() => void stopping.inbox.answered('quick'), 20);
    const result = await stopping.inbox.stop(200);
    expect(result).toEqual({ finished: 1, handedBack: 1 });
    // No lease to wait for: the restarted instance's first sweep takes it.
    const restarted = instance(b!, clock);
    expect(await restarted.inbox.sweep()).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(restarted.replies).toEqual(['slow']);
  });

  it('GIVEN a stop with nothing in hand THEN it returns at once', async () => {
    const [a] = await storesOnOneFile(1);
    const started = Date.now();
    expect(await instance(a!, { now: Date.now() }).inbox.stop(5_000)).toEqual({ finished: 0, handedBack: 0 });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('GIVEN events of a platform this instance does not run THEN it leaves them to one that does', async () => {
    const [a, b] = await storesOnOneFile(2);
    const clock = { now: Date.UTC(2026, 10, 18, 10) };
    await instance(a!, clock, ['discord']).inbox.take('d1', event('d1', 'discord'));
    clock.now += 31_000;
    const slackOnly = instance(b!, clock, ['slack']);
    expect(await slackOnly.inbox.sweep()).toBe(0);
    const discord = instance(b!, clock, ['discord']);
    expect(await discord.inbox.sweep()).toBe(1);
  });

  it('GIVEN a store that fails THEN the event is handled anyway (a duplicate beats a loss)', async () => {
    const [a] = await storesOnOneFile(1);
    const warnings: string[] = [];
    const inbox = createInbox<Event>({
      store: { ...a!, takeDelivery: () => Promise.reject(new Error('database down')) },
      platforms: ['slack'],
      replay: async () => {},
      log: { warn: (m) => warnings.push(m) },
    });
    expect(await inbox.take('e1', event('e1'))).toBe('taken');
    expect(warnings).toEqual(['could not claim an event in the store; handling it']);
  });
});

describe('GIVEN an event kept in the inbox', () => {
  it('THEN its text is kept redacted, its ids as they are, and it reads back', () => {
    const kept = toInboxPayload('slack:event:Ev1', event('Ev1'));
    expect(kept).not.toContain('xoxb-123456789012');
    expect(kept).toContain('crash Ev1');
    const back = parseInboxPayload<Event>(kept);
    expect(back?.key).toBe('slack:event:Ev1');
    expect(back?.event.place).toEqual(event('Ev1').place);
    expect(back?.event.id).toBe('Ev1');
  });

  it.each(['', 'null', '{"v":2,"key":"k","event":{"place":{"platform":"slack"}}}', '{"v":1,"key":"k"}'])(
    'GIVEN %j THEN it is not read',
    (text) => {
      expect(parseInboxPayload(text)).toBeNull();
    },
  );
});
