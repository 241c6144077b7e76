// The conversations the bot answered (ThreadStorePort), the same suite on every store:
// found by the thread's key or an alias, replaced when kept again, gone when expired,
// shared by instances, and no key stored in clear.
import { describe, expect, it } from 'vitest';
import { type Backend, withStore } from './contract.js';

const T0 = Date.UTC(2026, 10, 18, 10, 0, 0);
const at = (s: number) => new Date(T0 + s * 1000);
const HOUR = 3600;

export function threadsContract(backend: Backend): void {
  describe(`CrashStore on ${backend.name}: conversations`, () => {
    it('GIVEN a kept conversation THEN it is found by its key and by each alias, and by nothing else', async () => {
      await withStore(backend, async (s) => {
        await s.keepThread({
          thread: 'slack/T1/C1/1700000000.000100',
          state: '{"n":1}',
          aliases: ['slack/T1/C1/1700000000.000200', 'slack/T1/C1/1700000000.000300'],
          now: at(0),
          until: at(HOUR),
        });
        for (const key of ['slack/T1/C1/1700000000.000100', 'slack/T1/C1/1700000000.000300'])
          expect((await s.findThread(key, at(60)))?.state).toBe('{"n":1}');
        const a = await s.findThread('slack/T1/C1/1700000000.000100', at(60));
        const b = await s.findThread('slack/T1/C1/1700000000.000200', at(60));
        expect(a?.thread).toBe(b?.thread);
        expect(await s.findThread('slack/T1/C1/1700000000.000999', at(60))).toBeNull();
        expect(await s.findThread('slack/T1/C2/1700000000.000100', at(60))).toBeNull();
      });
    });

    it('GIVEN a conversation kept again THEN the new state replaces the old, new aliases join, and its time is extended', async () => {
      await withStore(backend, async (s) => {
        const keep = (state: string, aliases: string[], now: number) =>
          s.keepThread({ thread: 'discord/G1/C1/M1', state, aliases, now: at(now), until: at(now + HOUR) });
        await keep('{"n":1}', ['discord/G1/C1/A1'], 0);
        await keep('{"n":2}', ['discord/G1/C1/A1', 'discord/G1/C1/A2'], 1800);
        expect((await s.findThread('discord/G1/C1/M1', at(3000)))?.state).toBe('{"n":2}');
        expect((await s.findThread('discord/G1/C1/A2', at(3000)))?.state).toBe('{"n":2}');
        // Past the first keep's hour, within the second's.
        expect((await s.findThread('discord/G1/C1/A1', at(HOUR + 60)))?.state).toBe('{"n":2}');
      });
    });

    it('GIVEN a conversation past its time THEN it is not found, and it is pruned: no key in clear, only hashes', async () => {
      await withStore(backend, async (s, db) => {
        await s.keepThread({
          thread: 'slack/T1/C1/THREAD-PRUNE',
          state: 'EXPIRED-STATE',
          aliases: ['slack/T1/C1/ALIAS-PRUNE'],
          now: at(0),
          until: at(60),
        });
        expect(await db.dump()).not.toMatch(/THREAD-PRUNE|ALIAS-PRUNE/);
        expect(await s.findThread('slack/T1/C1/THREAD-PRUNE', at(61))).toBeNull();
        expect(await s.findThread('slack/T1/C1/ALIAS-PRUNE', at(61))).toBeNull();
        // A day on, keeping another one deletes what expired.
        await s.keepThread({
          thread: 'slack/T1/C1/LATER',
          state: 'LATER-STATE',
          aliases: [],
          now: at(24 * HOUR),
          until: at(25 * HOUR),
        });
        const dump = await db.dump();
        expect(dump).not.toContain('EXPIRED-STATE');
        expect(dump).toContain('LATER-STATE');
      });
    });

    it('GIVEN two instances on one database THEN a conversation kept by one is found by the other', async () => {
      const db = await backend.fresh();
      const one = await db.open();
      const two = await db.open();
      try {
        await one.keepThread({
          thread: 'k',
          state: '{"n":1}',
          aliases: ['alias'],
          now: at(0),
          until: at(HOUR),
        });
        expect((await two.findThread('alias', at(1)))?.state).toBe('{"n":1}');
      } finally {
        await one.close();
        await two.close();
        await db.dispose();
      }
    });
  });
}
