import { describe, expect, inject, it } from 'vitest';
import { buildChannelSummary } from '../../../src/app/summary/build.js';
import {
  type Clock,
  createSummaryScheduler,
  type SchedulerDeps,
} from '../../../src/app/summary/scheduler.js';
import type { Reply } from '../../../src/core/reply/model.js';
import type { ChannelRef, CrashStore, SettingsPatch } from '../../../src/store/types.js';
import { backends } from '../../store/backends.js';
import type { Backend, FreshDatabase } from '../../store/contract.js';
import { channelA, makeDiagnosis, meta } from '../../store/fixtures.js';

const MIN = 60_000;

class FakeClock implements Clock {
  constructor(private t: number) {}
  now = () => new Date(this.t);
  set(iso: string) {
    this.t = Date.parse(iso);
  }
  advance(ms: number) {
    this.t += ms;
  }
  sleep = async (ms: number) => {
    this.t += ms;
  };
}

interface Post {
  channel: string;
  title: string;
  key: string;
  at: string;
}

interface Harness {
  db: FreshDatabase;
  clock: FakeClock;
  posts: Post[];
  /** A scheduler instance with its own store connection, as a separate process would have. */
  instance(owner: string, extra?: Partial<SchedulerDeps>): Promise<ReturnType<typeof createSummaryScheduler>>;
  store: CrashStore;
  close(): Promise<void>;
}

async function harness(backend: Backend, start: string): Promise<Harness> {
  const db = await backend.fresh();
  const clock = new FakeClock(Date.parse(start));
  const posts: Post[] = [];
  const stores: CrashStore[] = [];
  const open = async () => {
    const s = await db.open();
    stores.push(s);
    return s;
  };
  const store = await open();
  return {
    db,
    clock,
    posts,
    store,
    async instance(owner, extra = {}) {
      const s = await open();
      return createSummaryScheduler({
        store: s,
        clock,
        owner,
        defaultTimeZone: 'UTC',
        build: (c, week, tz) => buildChannelSummary({ store: s }, c, week, tz),
        post: async (c: ChannelRef, reply: Reply, key: string) => {
          posts.push({ channel: c.channel, title: reply.title, key, at: clock.now().toISOString() });
        },
        ...extra,
      });
    },
    async close() {
      for (const s of stores) await s.close();
      await db.dispose();
    },
  };
}

const berlinMonday: SettingsPatch = { summary: true, timeZone: 'Europe/Berlin', weekday: 1, time: '09:00' };

for (const backend of backends(inject('pgUrl'))) {
  describe(`weekly summary scheduler on ${backend.name}`, () => {
    it('GIVEN Monday 09:00 in Berlin THEN it posts last week once, at 09:00 local, and never again that week', async () => {
      const h = await harness(backend, '2026-11-23T07:59:00Z');
      try {
        await h.store.updateSettings(channelA, berlinMonday, new Date('2026-11-20T00:00:00Z'));
        await h.store.recordDiagnosis(
          makeDiagnosis({ cause: 'gpu-oom', evidence: ['CUDA out of memory'] }),
          meta(channelA, '2026-11-18T10:00:00Z'),
        );
        const a = await h.instance('a');
        expect((await a.tick())[0]).toMatchObject({ week: '2026-W46', action: 'not-due' });
        h.clock.set('2026-11-23T08:00:00Z');
        expect((await a.tick())[0]).toMatchObject({ week: '2026-W47', action: 'posted' });
        for (const at of ['2026-11-23T08:01:00Z', '2026-11-25T12:00:00Z', '2026-11-30T07:59:00Z']) {
          h.clock.set(at);
          expect((await a.tick())[0]?.action).toBe('done');
        }
        expect(h.posts).toEqual([
          {
            channel: 'C0001',
            title: 'Crash summary 2026-W47: 1 crash, 1 distinct crash',
            key: 'crashbot-summary:slack:T0001:C0001:2026-W47',
            at: '2026-11-23T08:00:00.000Z',
          },
        ]);
      } finally {
        await h.close();
      }
    });

    it('GIVEN a restart after the post THEN the new instance does not post again', async () => {
      const h = await harness(backend, '2026-11-23T08:00:00Z');
      try {
        await h.store.updateSettings(channelA, berlinMonday, new Date('2026-11-01T00:00:00Z'));
        await (await h.instance('before-restart')).tick();
        h.clock.advance(5 * MIN);
        expect((await (await h.instance('after-restart')).tick())[0]?.action).toBe('done');
        expect(h.posts).toHaveLength(1);
      } finally {
        await h.close();
      }
    });

    it('GIVEN downtime over the Monday run THEN the missed run is caught up once on start', async () => {
      const h = await harness(backend, '2026-11-25T15:42:00Z');
      try {
        await h.store.updateSettings(channelA, berlinMonday, new Date('2026-11-01T00:00:00Z'));
        const a = await h.instance('a');
        expect((await a.tick())[0]).toMatchObject({ week: '2026-W47', action: 'posted' });
        h.clock.advance(MIN);
        expect((await a.tick())[0]?.action).toBe('done');
        expect(h.posts.map((p) => [p.title, p.at])).toEqual([
          ['Crash summary 2026-W47: no crashes', '2026-11-25T15:42:00.000Z'],
        ]);
      } finally {
        await h.close();
      }
    });

    it("GIVEN a channel that opted in after this week's run THEN that run is not caught up, and the next one posts", async () => {
      const h = await harness(backend, '2026-11-25T12:00:00Z');
      try {
        await h.store.updateSettings(channelA, berlinMonday, new Date('2026-11-25T11:00:00Z'));
        const a = await h.instance('a');
        expect((await a.tick())[0]?.action).toBe('not-due');
        h.clock.set('2026-11-30T08:00:00Z');
        expect((await a.tick())[0]).toMatchObject({ week: '2026-W48', action: 'posted' });
      } finally {
        await h.close();
      }
    });

    it.each([
      ['skip', 'skipped-empty', 0],
      ['note', 'posted', 1],
    ] as const)(
      'GIVEN an empty week and emptyWeek=%s THEN the action is %s with %i posts',
      async (emptyWeek, action, count) => {
        const h = await harness(backend, '2026-11-23T08:00:00Z');
        try {
          await h.store.updateSettings(
            channelA,
            { ...berlinMonday, emptyWeek },
            new Date('2026-11-01T00:00:00Z'),
          );
          expect((await (await h.instance('a')).tick())[0]?.action).toBe(action);
          expect(h.posts).toHaveLength(count);
          expect((await (await h.instance('b')).tick())[0]?.action).toBe('done');
        } finally {
          await h.close();
        }
      },
    );

    it('GIVEN an instance that dies mid-post THEN the other holds off for the lease, then posts exactly once with the same key', async () => {
      const h = await harness(backend, '2026-11-23T08:00:00Z');
      try {
        await h.store.updateSettings(channelA, berlinMonday, new Date('2026-11-01T00:00:00Z'));
        let reached = false;
        const dying = await h.instance('dying', {
          post: () => {
            reached = true;
            return new Promise<void>(() => {});
          },
        });
        void dying.tick();
        await expect.poll(() => reached).toBe(true);
        const b = await h.instance('b');
        h.clock.advance(MIN);
        expect((await b.tick())[0]?.action).toBe('held');
        h.clock.advance(9 * MIN);
        expect((await b.tick())[0]?.action).toBe('posted');
        h.clock.advance(MIN);
        expect((await b.tick())[0]?.action).toBe('done');
        expect(h.posts.map((p) => [p.key, p.at])).toEqual([
          ['crashbot-summary:slack:T0001:C0001:2026-W47', '2026-11-23T08:10:00.000Z'],
        ]);
      } finally {
        await h.close();
      }
    });

    it('GIVEN a post that fails THEN it is retried after the retry delay and posted once', async () => {
      const h = await harness(backend, '2026-11-23T08:00:00Z');
      try {
        await h.store.updateSettings(channelA, berlinMonday, new Date('2026-11-01T00:00:00Z'));
        let fail = true;
        const a = await h.instance('a', {
          retryMs: 5 * MIN,
          post: async (c, reply, key) => {
            if (fail) throw new Error('platform said 503');
            h.posts.push({ channel: c.channel, title: reply.title, key, at: h.clock.now().toISOString() });
          },
        });
        expect((await a.tick())[0]?.action).toBe('failed');
        fail = false;
        h.clock.advance(4 * MIN);
        expect((await a.tick())[0]?.action).toBe('held');
        h.clock.advance(MIN);
        expect((await a.tick())[0]?.action).toBe('posted');
        expect(h.posts.map((p) => p.at)).toEqual(['2026-11-23T08:05:00.000Z']);
      } finally {
        await h.close();
      }
    });

    it('GIVEN two instances racing on one database for 10 channels THEN each channel gets exactly one post', async () => {
      const h = await harness(backend, '2026-11-23T08:00:00Z');
      try {
        const channels = Array.from({ length: 10 }, (_, i) => ({ ...channelA, channel: `C${i}` }));
        for (const c of channels)
          await h.store.updateSettings(c, berlinMonday, new Date('2026-11-01T00:00:00Z'));
        const [a, b] = [await h.instance('a'), await h.instance('b')];
        for (let i = 0; i < 3; i++) {
          await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
          h.clock.advance(MIN);
        }
        expect(h.posts.map((p) => p.channel).sort()).toEqual(channels.map((c) => c.channel).sort());
      } finally {
        await h.close();
      }
    });

    it.each([
      [
        'Monday 09:00 New York across the March DST change',
        { summary: true, timeZone: 'America/New_York', weekday: 1, time: '09:00' } as SettingsPatch,
        '2026-03-01T00:00:00Z',
        '2026-03-17T00:00:00Z',
        [
          ['2026-W09', '2026-03-02T14:00:00.000Z'],
          ['2026-W10', '2026-03-09T13:00:00.000Z'],
          ['2026-W11', '2026-03-16T13:00:00.000Z'],
        ],
      ],
      [
        'Sunday 02:30 Berlin, a time the spring-forward Sunday skips',
        { summary: true, timeZone: 'Europe/Berlin', weekday: 7, time: '02:30' } as SettingsPatch,
        '2026-03-21T00:00:00Z',
        '2026-04-06T00:00:00Z',
        [
          ['2026-W11', '2026-03-22T01:30:00.000Z'],
          ['2026-W12', '2026-03-29T01:30:00.000Z'],
          ['2026-W13', '2026-04-05T00:30:00.000Z'],
        ],
      ],
    ])(
      'GIVEN %s THEN a tick every 30 minutes posts once per week at the local time',
      async (_name, patch, from, to, expected) => {
        const h = await harness(backend, from);
        try {
          await h.store.updateSettings(channelA, patch, new Date(from));
          const a = await h.instance('a');
          const weeks: string[] = [];
          while (h.clock.now().getTime() < Date.parse(to)) {
            for (const e of await a.tick()) if (e.action === 'posted') weeks.push(e.week);
            h.clock.advance(30 * MIN);
          }
          expect(weeks.map((w, i) => [w, h.posts[i]?.at])).toEqual(expected);
        } finally {
          await h.close();
        }
      },
    );

    it('GIVEN the run loop on a fake clock THEN it ticks every interval until aborted and posts once', async () => {
      const h = await harness(backend, '2026-11-23T07:55:00Z');
      try {
        await h.store.updateSettings(channelA, berlinMonday, new Date('2026-11-20T00:00:00Z'));
        const stop = new AbortController();
        let sleeps = 0;
        const a = await h.instance('a', {
          intervalMs: MIN,
          clock: {
            now: h.clock.now,
            sleep: async (ms) => {
              h.clock.advance(ms);
              if (++sleeps === 30) stop.abort();
            },
          },
        });
        await a.run(stop.signal);
        expect(sleeps).toBe(30);
        expect(h.posts.map((p) => p.at)).toEqual(['2026-11-23T08:00:00.000Z']);
      } finally {
        await h.close();
      }
    });
  });
}
