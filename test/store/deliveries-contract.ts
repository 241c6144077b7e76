// The inbox and its claims (DeliveryClaimsPort), the same suite on every store: taken ->
// answered, leases that run out and are taken over exactly once, hand-backs, give-ups,
// and races between instances on one database.
import { describe, expect, it } from 'vitest';
import type { CrashStore, DeliveryTake } from '../../src/store/types.js';
import { type Backend, withStore } from './contract.js';

const T0 = Date.UTC(2026, 10, 18, 10, 0, 0);
const at = (s: number) => new Date(T0 + s * 1000);
const LEASE = 30_000;
const KEEP = 3600_000;

const take = (key: string, owner: string, s: number, extra: Partial<DeliveryTake> = {}): DeliveryTake => ({
  key,
  owner,
  now: at(s),
  leaseMs: LEASE,
  keepMs: KEEP,
  platform: 'slack',
  payload: JSON.stringify({ key, text: `event ${key}` }),
  ...extra,
});

const sweep = (s: CrashStore, owner: string, sec: number, o: { platforms?: string[]; limit?: number } = {}) =>
  s.takeOverExpired({
    owner,
    now: at(sec),
    leaseMs: LEASE,
    platforms: o.platforms ?? ['slack', 'discord'],
    limit: o.limit ?? 100,
    maxAttempts: 3,
  });

export function deliveriesContract(backend: Backend): void {
  describe(`CrashStore on ${backend.name}: the inbox (taken -> answered, leases)`, () => {
    it('GIVEN an event taken THEN others are held until it is answered, then it is answered for keepMs, and its payload is gone', async () => {
      await withStore(backend, async (s, db) => {
        expect(await s.takeDelivery(take('slack:event:Ev1', 'a', 0))).toBe('taken');
        expect(await s.takeDelivery(take('slack:event:Ev1', 'b', 1))).toBe('held');
        // The same handling asking again (a statement retried after a lost connection) still has it.
        expect(await s.takeDelivery(take('slack:event:Ev1', 'a', 2))).toBe('taken');
        expect(await s.pendingDeliveries()).toBe(1);
        expect(await db.dump()).toContain('event slack:event:Ev1');
        expect(await s.answerDelivery('slack:event:Ev1', 'a', at(3), KEEP)).toBe(true);
        expect(await s.pendingDeliveries()).toBe(0);
        expect(await s.takeDelivery(take('slack:event:Ev1', 'b', 4))).toBe('answered');
        expect(await s.takeDelivery(take('slack:event:Ev1', 'a', 5))).toBe('answered');
        // Answering again changes nothing; nothing of the event is kept, and no key in clear.
        expect(await s.answerDelivery('slack:event:Ev1', 'a', at(6), KEEP)).toBe(false);
        const dump = await db.dump();
        expect(dump).not.toContain('event slack:event:Ev1');
        expect(dump).not.toContain('Ev1');
        // Once the key's keeping is over, a new delivery of it is a new event.
        expect(await s.takeDelivery(take('slack:event:Ev1', 'c', 3 + KEEP / 1000))).toBe('taken');
      });
    });

    it('GIVEN a taker that died THEN its lease runs out, one sweeper takes the event over with its payload, and the dead taker cannot answer it', async () => {
      await withStore(backend, async (s) => {
        await s.takeDelivery(take('slack:event:Ev2', 'dead', 0));
        expect((await sweep(s, 'live', 29)).taken).toEqual([]);
        const swept = await sweep(s, 'live', 30);
        expect(swept.taken).toEqual([
          {
            payload: JSON.stringify({ key: 'slack:event:Ev2', text: 'event slack:event:Ev2' }),
            attempts: 2,
            since: at(0),
          },
        ]);
        // A second sweep (another instance) finds nothing: the lease is live again.
        expect((await sweep(s, 'other', 31)).taken).toEqual([]);
        // The sweeper's handling takes it under the same owner; others are held.
        expect(await s.takeDelivery(take('slack:event:Ev2', 'live', 31))).toBe('taken');
        expect(await s.takeDelivery(take('slack:event:Ev2', 'retry', 31))).toBe('held');
        expect(await s.answerDelivery('slack:event:Ev2', 'dead', at(32), KEEP)).toBe(false);
        expect(await s.answerDelivery('slack:event:Ev2', 'live', at(32), KEEP)).toBe(true);
        expect(await s.takeDelivery(take('slack:event:Ev2', 'retry', 33))).toBe('answered');
      });
    });

    it('GIVEN a lease renewed THEN it is not taken over while the taker works, and a lost lease is reported', async () => {
      await withStore(backend, async (s) => {
        await s.takeDelivery(take('k1', 'a', 0));
        await s.takeDelivery(take('k2', 'a', 0));
        expect(await s.renewDeliveries(['k1', 'k2'], 'a', at(20), LEASE)).toEqual([]);
        expect((await sweep(s, 'b', 45)).taken).toEqual([]);
        expect(await s.takeDelivery(take('k1', 'b', 46))).toBe('held');
        // Past the renewed lease another takes k1 over; the renewal then reports it lost.
        expect((await sweep(s, 'b', 50)).taken).toHaveLength(2);
        expect(await s.renewDeliveries(['k1', 'k2'], 'a', at(51), LEASE)).toEqual(['k1', 'k2']);
      });
    });

    it('GIVEN events handed back on a stop THEN a sweeper takes them at once, without waiting for the lease', async () => {
      await withStore(backend, async (s) => {
        await s.takeDelivery(take('k1', 'stopping', 0));
        await s.takeDelivery(take('k2', 'stopping', 0));
        await s.takeDelivery(take('k3', 'someone-else', 0));
        expect(await s.releaseDeliveries(['k1', 'k2', 'k3'], 'stopping', at(1))).toBe(2);
        const swept = await sweep(s, 'restarted', 1);
        expect(swept.taken.map((t) => JSON.parse(t.payload).key).sort()).toEqual(['k1', 'k2']);
      });
    });

    it('GIVEN events of two platforms THEN a sweeper takes over only those of the platforms it runs, oldest first, up to its limit', async () => {
      await withStore(backend, async (s) => {
        await s.takeDelivery(take('d1', 'x', 2, { platform: 'discord' }));
        await s.takeDelivery(take('s1', 'x', 1));
        await s.takeDelivery(take('s2', 'x', 0));
        await s.takeDelivery(take('s3', 'x', 3));
        const swept = await sweep(s, 'slack-only', 100, { platforms: ['slack'], limit: 2 });
        expect(swept.taken.map((t) => JSON.parse(t.payload).key)).toEqual(['s2', 's1']);
        expect((await sweep(s, 'discord-only', 100, { platforms: ['discord'] })).taken).toHaveLength(1);
      });
    });

    it('GIVEN an event that fails every time THEN it is given up after maxAttempts, not retried for ever', async () => {
      await withStore(backend, async (s) => {
        await s.takeDelivery(take('poison', 'a', 0));
        expect((await sweep(s, 'b', 30)).taken[0]?.attempts).toBe(2);
        expect((await sweep(s, 'c', 60)).taken[0]?.attempts).toBe(3);
        const last = await sweep(s, 'd', 90);
        expect(last).toEqual({ taken: [], gaveUp: 1 });
        expect(await s.pendingDeliveries()).toBe(0);
        expect(await s.takeDelivery(take('poison', 'e', 91))).toBe('answered');
      });
    });

    it('GIVEN three instances and 30 events, one of them dying with its events taken THEN every event is taken over and answered exactly once', async () => {
      await withStore(backend, async (s, db) => {
        const others = [await db.open(), await db.open()];
        const stores = [s, ...others];
        try {
          const keys = Array.from({ length: 30 }, (_, i) => `discord:message:${i}`);
          // Every instance sees every event (Discord's gateway); each races to take it.
          const takes = await Promise.all(
            keys.flatMap((key) =>
              stores.map(async (store, i) => ({
                key,
                i,
                state: await store.takeDelivery(take(key, `instance-${i}`, 0, { platform: 'discord' })),
              })),
            ),
          );
          const winners = takes.filter((t) => t.state === 'taken');
          expect(winners.map((w) => w.key).sort()).toEqual([...keys].sort());
          // Instance 0 dies before answering; the others answer theirs.
          const answered = new Map<string, number>();
          for (const w of winners.filter((w) => w.i !== 0)) {
            if (await stores[w.i]!.answerDelivery(w.key, `instance-${w.i}`, at(1), KEEP))
              answered.set(w.key, (answered.get(w.key) ?? 0) + 1);
          }
          // Both survivors sweep at once when the lease runs out.
          const sweeps = await Promise.all(
            [1, 2].map(async (i) => ({ i, r: await sweep(stores[i]!, `sweeper-${i}`, 31) })),
          );
          for (const { i, r } of sweeps)
            for (const t of r.taken) {
              const key = JSON.parse(t.payload).key as string;
              expect(
                await stores[i]!.takeDelivery(take(key, `sweeper-${i}`, 31, { platform: 'discord' })),
              ).toBe('taken');
              if (await stores[i]!.answerDelivery(key, `sweeper-${i}`, at(32), KEEP))
                answered.set(key, (answered.get(key) ?? 0) + 1);
            }
          expect(sweeps.flatMap((x) => x.r.taken)).toHaveLength(winners.filter((w) => w.i === 0).length);
          expect([...answered.keys()].sort()).toEqual([...keys].sort());
          expect([...answered.values()].every((n) => n === 1)).toBe(true);
          expect(await s.pendingDeliveries()).toBe(0);
        } finally {
          for (const o of others) await o.close();
        }
      });
    });
  });
}
