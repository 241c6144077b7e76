// The one store suite: every CrashStore implementation must pass it unchanged.
import { describe, expect, it } from 'vitest';
import { sameCrash } from '../../src/app/bot.js';
import { earlierFingerprint } from '../../src/core/fingerprint.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import type { SqlStoreOptions } from '../../src/store/sql-store.js';
import type { CrashStore } from '../../src/store/types.js';
import { plantedLogs } from '../fixtures/secrets/planted.js';
import { channelA, channelB, makeDiagnosis, meta } from './fixtures.js';

export interface FreshDatabase {
  /** How the app would be configured to reach this database. */
  config: { store: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string } };
  /** Opens a store instance (its own connection or pool) on this database. */
  open(options?: SqlStoreOptions): Promise<CrashStore>;
  /** Every byte of text the database holds, for the secrets check. */
  dump(): Promise<string>;
  /** Runs SQL on its own connection, as an older version or an operator would. */
  exec(sql: string): Promise<void>;
  dispose(): Promise<void>;
}

export interface Backend {
  name: string;
  fresh(): Promise<FreshDatabase>;
}

/** Runs `fn` with a store on a fresh database, then closes and disposes everything. */
export async function withStore(
  backend: Backend,
  fn: (s: CrashStore, db: FreshDatabase) => Promise<void>,
  options?: SqlStoreOptions,
) {
  const db = await backend.fresh();
  const store = await db.open(options);
  try {
    await fn(store, db);
  } finally {
    await store.close();
    await db.dispose();
  }
}

const oom = makeDiagnosis({
  cause: 'gpu-oom',
  evidence: [
    'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 5.80 GiB total capacity)',
  ],
  framework: 'pytorch',
  versions: { torch: '2.1.0+cu118' },
});
const segv = makeDiagnosis({
  cause: 'segfault',
  evidence: ['Segmentation fault (core dumped)'],
  exit: { name: 'SIGSEGV', platform: 'posix', unsigned: 139 },
});

export function storeContract(backend: Backend): void {
  describe(`CrashStore on ${backend.name}: records`, () => {
    it('GIVEN a diagnosis THEN the stored record holds what summaries need, not the paste', async () => {
      await withStore(backend, async (s) => {
        const saved = await s.recordDiagnosis(
          oom,
          meta(channelA, '2026-11-17T10:00:00Z', 'U42', {
            messageLink: 'https://x.slack.com/archives/C0001/p1',
          }),
        );
        const back = await s.getRecord(saved.id);
        expect(back).toEqual(saved);
        expect(back).toMatchObject({
          channel: channelA,
          at: new Date('2026-11-17T10:00:00Z'),
          fingerprint: oom.fingerprint,
          topCause: 'gpu-oom',
          causeIds: ['gpu-oom'],
          confidence: 0.9,
          framework: 'pytorch',
          exitCode: null,
          versions: { torch: '2.1.0+cu118' },
          messageLink: 'https://x.slack.com/archives/C0001/p1',
          signature:
            'RuntimeError: CUDA out of memory. Tried to allocate <mem> (GPU #; <mem> total capacity)',
        });
        expect(back?.userHash).toMatch(/^[0-9a-f]{32}$/);
        expect(back?.userHash).not.toContain('U42');
      });
    });

    it('GIVEN a database where an older version kept pasted logs THEN they are emptied at start, their text gone from the database', async () => {
      const db = await backend.fresh();
      try {
        const s = await db.open();
        await s.recordDiagnosis(oom, meta(channelA, '2026-11-17T10:00:00Z', 'U7'));
        await s.close();
        // What CRASHBOT_STORE_RAW_LOGS=true left: a pasted log per record (long: overflow pages).
        const pasted = `my-private-training-run ${'epoch 1 loss 2.13 '.repeat(800)}`;
        const step = MIGRATIONS.findIndex((m) =>
          m({ id: '', bigint: '', real: '' }).some((q) => q.includes('SET raw_log = NULL')),
        );
        expect(step).toBeGreaterThan(0);
        await db.exec(`UPDATE crash_records SET raw_log = '${pasted}'`);
        await db.exec(`DELETE FROM schema_migrations WHERE version = ${step + 1}`);
        const kept = async () => (await db.dump()).includes('my-private-training-run');
        expect(await kept()).toBe(true);

        const again = await db.open();
        await again.close();
        expect(await kept()).toBe(false);
      } finally {
        await db.dispose();
      }
    });

    it('GIVEN two instances on one database THEN they hash a user alike and migrate once', async () => {
      const db = await backend.fresh();
      const [one, two] = [await db.open(), await db.open()];
      try {
        const a = await one.recordDiagnosis(oom, meta(channelA, '2026-11-17T10:00:00Z', 'U7'));
        const b = await two.recordDiagnosis(oom, meta(channelA, '2026-11-17T11:00:00Z', 'U7'));
        const c = await two.recordDiagnosis(oom, meta(channelA, '2026-11-17T11:00:00Z', 'U8'));
        expect(a.userHash).toBe(b.userHash);
        expect(c.userHash).not.toBe(a.userHash);
      } finally {
        await one.close();
        await two.close();
        await db.dispose();
      }
    });

    it('GIVEN a configured salt THEN user hashes depend on it', async () => {
      const hashes: string[] = [];
      for (const userSalt of ['salt-one', 'salt-two']) {
        await withStore(
          backend,
          async (s) => {
            hashes.push(
              (await s.recordDiagnosis(oom, meta(channelA, '2026-11-17T10:00:00Z', 'U7'))).userHash,
            );
          },
          { userSalt },
        );
      }
      expect(hashes[0]).not.toBe(hashes[1]);
    });

    it('GIVEN crashes in two channels THEN countSimilar counts this channel, this fingerprint, since the given time', async () => {
      await withStore(backend, async (s) => {
        for (const at of ['2026-11-09T10:00:00Z', '2026-11-16T10:00:00Z', '2026-11-18T10:00:00Z'])
          await s.recordDiagnosis(oom, meta(channelA, at));
        await s.recordDiagnosis(segv, meta(channelA, '2026-11-18T10:00:00Z'));
        await s.recordDiagnosis(oom, meta(channelB, '2026-11-18T10:00:00Z'));
        expect(await s.countSimilar(channelA, oom.fingerprint, new Date('2026-11-16T00:00:00Z'))).toBe(2);
        expect(await s.countSimilar(channelA, oom.fingerprint, new Date('2026-01-01T00:00:00Z'))).toBe(3);
        expect(await s.countSimilar(channelB, oom.fingerprint, new Date('2026-11-16T00:00:00Z'))).toBe(1);
        expect(await s.countSimilar(channelA, 'fp1:none:0', new Date(0))).toBe(0);
      });
    });

    it('GIVEN records kept under fp1 before the upgrade THEN the same crash under fp2 is counted and summarised with them, not regrouped', async () => {
      // PyTorch's OOM line is longer than fp1's cut: fp1 and fp2 hash it differently.
      const long = makeDiagnosis({
        cause: 'gpu-oom',
        evidence: [
          `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. ${'GPU 0 has a total capacity of 23.65 GiB of which 1.19 GiB is free. '.repeat(8)}`,
        ],
      });
      const v1 = earlierFingerprint(long);
      expect(v1.slice(4)).not.toBe(long.fingerprint.slice(4));
      await withStore(backend, async (s) => {
        const kept = await s.recordDiagnosis(long, meta(channelA, '2026-11-17T10:00:00Z'));
        expect(kept.earlierFingerprint).toBe(v1);
        // Two records written by a release before fp2: only fp1, no earlier fingerprint.
        const { id: _id, ...row } = kept;
        const old = { ...row, fingerprint: v1, earlierFingerprint: null };
        await s.insertRecords([
          { ...old, at: new Date('2026-10-01T10:00:00Z') },
          { ...old, at: new Date('2026-11-16T09:00:00Z') },
        ]);
        const since = new Date('2026-11-16T00:00:00Z');
        expect(await s.countSimilar(channelA, long.fingerprint, since)).toBe(1);
        expect(await s.countSimilar(channelA, sameCrash(long), since)).toBe(2);
        const src = await s.summarySource(channelA, {
          previousStart: new Date('2026-11-09T00:00:00Z'),
          start: since,
          end: new Date('2026-11-23T00:00:00Z'),
        });
        expect(src.records.map((r) => r.fingerprint)).toEqual([long.fingerprint, long.fingerprint]);
        expect(src.firstSeen).toEqual({ [long.fingerprint]: Date.parse('2026-10-01T10:00:00Z') });
      });
    });

    it('GIVEN "Fixed it" votes THEN lastFixed gives the latest on this crash in this channel, with its link', async () => {
      await withStore(backend, async (s) => {
        const at = (iso: string) => new Date(iso);
        const vote = (
          recordId: number,
          userId: string,
          verdict: 'fixed' | 'wrong',
          when: string,
          channel = channelA,
        ) => s.addFeedback({ recordId, channel, userId, verdict, at: at(when) });
        expect(await s.lastFixed(channelA, oom.fingerprint)).toBeNull();
        const early = await s.recordDiagnosis(
          oom,
          meta(channelA, '2026-11-02T10:00:00Z', 'U1', { messageLink: 'L1' }),
        );
        const late = await s.recordDiagnosis(
          oom,
          meta(channelA, '2026-11-09T10:00:00Z', 'U1', { messageLink: 'L2' }),
        );
        const wrong = await s.recordDiagnosis(
          oom,
          meta(channelA, '2026-11-10T10:00:00Z', 'U1', { messageLink: 'L3' }),
        );
        const other = await s.recordDiagnosis(
          segv,
          meta(channelA, '2026-11-11T10:00:00Z', 'U1', { messageLink: 'L4' }),
        );
        const elsewhere = await s.recordDiagnosis(
          oom,
          meta(channelB, '2026-11-12T10:00:00Z', 'U1', { messageLink: 'L5' }),
        );
        await vote(early.id, 'U2', 'fixed', '2026-11-03T10:00:00Z');
        await vote(late.id, 'U2', 'fixed', '2026-11-09T12:00:00Z');
        await vote(wrong.id, 'U2', 'wrong', '2026-11-10T12:00:00Z');
        await vote(other.id, 'U2', 'fixed', '2026-11-11T12:00:00Z');
        await vote(elsewhere.id, 'U2', 'fixed', '2026-11-12T12:00:00Z', channelB);
        expect(await s.lastFixed(channelA, [oom.fingerprint, 'fp1:gpu-oom:0'])).toEqual({
          at: at('2026-11-09T12:00:00Z'),
          link: 'L2',
        });
        expect(await s.lastFixed(channelB, oom.fingerprint)).toEqual({
          at: at('2026-11-12T12:00:00Z'),
          link: 'L5',
        });
      });
    });

    it('GIVEN history, two weeks and feedback THEN summarySource returns both weeks, first-seen times and votes', async () => {
      await withStore(backend, async (s) => {
        await s.recordDiagnosis(oom, meta(channelA, '2026-10-01T10:00:00Z'));
        await s.recordDiagnosis(segv, meta(channelA, '2026-11-10T10:00:00Z'));
        const r1 = await s.recordDiagnosis(oom, meta(channelA, '2026-11-17T10:00:00Z', 'U1'));
        const r2 = await s.recordDiagnosis(segv, meta(channelA, '2026-11-18T10:00:00Z', 'U2'));
        await s.recordDiagnosis(oom, meta(channelB, '2026-11-18T10:00:00Z'));
        await s.recordDiagnosis(oom, meta(channelA, '2026-11-23T00:00:00Z'));
        await s.addFeedback({
          recordId: r1.id,
          channel: channelA,
          userId: 'U1',
          verdict: 'fixed',
          at: new Date('2026-11-17T11:00:00Z'),
        });
        await s.addFeedback({
          recordId: r2.id,
          channel: channelA,
          userId: 'U1',
          verdict: 'wrong',
          at: new Date('2026-11-18T11:00:00Z'),
        });
        await s.addFeedback({
          recordId: r2.id,
          channel: channelA,
          userId: 'U2',
          verdict: 'fixed',
          at: new Date('2026-11-18T11:00:00Z'),
        });
        const src = await s.summarySource(channelA, {
          previousStart: new Date('2026-11-09T00:00:00Z'),
          start: new Date('2026-11-16T00:00:00Z'),
          end: new Date('2026-11-23T00:00:00Z'),
        });
        expect(src.records.map((r) => [new Date(r.at).toISOString(), r.topCause]).sort()).toEqual([
          ['2026-11-10T10:00:00.000Z', 'segfault'],
          ['2026-11-17T10:00:00.000Z', 'gpu-oom'],
          ['2026-11-18T10:00:00.000Z', 'segfault'],
        ]);
        expect(src.firstSeen).toEqual({
          [oom.fingerprint]: Date.parse('2026-10-01T10:00:00Z'),
          [segv.fingerprint]: Date.parse('2026-11-10T10:00:00Z'),
        });
        expect(src.feedback).toEqual({ fixed: 2, wrong: 1 });
      });
    });

    it('GIVEN feedback votes THEN a user re-voting replaces the vote and an unknown record is a coded result', async () => {
      await withStore(backend, async (s) => {
        const r = await s.recordDiagnosis(oom, meta(channelA, '2026-11-17T10:00:00Z'));
        const vote = (userId: string, verdict: 'fixed' | 'wrong', recordId = r.id) =>
          s.addFeedback({
            recordId,
            channel: channelA,
            userId,
            verdict,
            at: new Date('2026-11-17T12:00:00Z'),
          });
        expect(await vote('U1', 'wrong')).toEqual({ ok: true });
        expect(await vote('U1', 'fixed')).toEqual({ ok: true });
        expect(await vote('U1', 'fixed', r.id + 1000)).toEqual({ ok: false, code: 'UNKNOWN_RECORD' });
        const src = await s.summarySource(channelA, {
          previousStart: new Date('2026-11-09T00:00:00Z'),
          start: new Date('2026-11-16T00:00:00Z'),
          end: new Date('2026-11-23T00:00:00Z'),
        });
        expect(src.feedback).toEqual({ fixed: 1, wrong: 0 });
      });
    });

    it('GIVEN records and settings in several places THEN findChannels finds a channel id on every platform', async () => {
      await withStore(backend, async (s) => {
        const elsewhere = { ...channelA, workspace: 'T0002' };
        await s.recordDiagnosis(oom, meta(channelA, '2026-11-17T10:00:00Z'));
        await s.recordDiagnosis(oom, meta(channelA, '2026-11-17T11:00:00Z'));
        await s.updateSettings(elsewhere, { summary: true }, new Date('2026-11-17T00:00:00Z'));
        const found = await s.findChannels('C0001');
        expect(found.map((c) => c.workspace).sort()).toEqual(['T0001', 'T0002']);
        expect(await s.findChannels('nope')).toEqual([]);
      });
    });

    it('GIVEN an edited message THEN its new record replaces the earlier one (and its votes) instead of adding a crash', async () => {
      await withStore(backend, async (s) => {
        const link = 'https://example.slack.com/archives/C1/p1700000000000100';
        const first = await s.recordDiagnosis(oom, {
          ...meta(channelA, '2026-11-17T10:00:00Z', 'U1'),
          messageLink: link,
        });
        await s.addFeedback({
          recordId: first.id,
          channel: channelA,
          userId: 'U2',
          verdict: 'wrong',
          at: new Date('2026-11-17T10:05:00Z'),
        });
        const other = await s.recordDiagnosis(oom, {
          ...meta(channelA, '2026-11-17T10:01:00Z', 'U3'),
          messageLink: `${link}9`,
        });
        const edited = await s.recordDiagnosis(oom, {
          ...meta(channelA, '2026-11-17T10:10:00Z', 'U1'),
          messageLink: link,
          replacesEarlier: true,
        });
        expect(await s.countSimilar(channelA, oom.fingerprint, new Date('2026-11-16T00:00:00Z'))).toBe(2);
        expect(await s.getRecord(first.id)).toBeNull();
        expect(await s.getRecord(other.id)).not.toBeNull();
        expect(await s.getRecord(edited.id)).toMatchObject({ messageLink: link });
      });
    });

    it('GIVEN bulk records THEN insertRecords stores them all', async () => {
      await withStore(backend, async (s) => {
        const one = await s.recordDiagnosis(oom, meta(channelA, '2026-11-17T10:00:00Z'));
        const { id: _id, ...row } = one;
        const rows = Array.from({ length: 1234 }, (_, i) => ({
          ...row,
          at: new Date(Date.parse('2026-11-17T00:00:00Z') + i * 1000),
        }));
        expect(await s.insertRecords(rows)).toBe(1234);
        expect(await s.countSimilar(channelA, oom.fingerprint, new Date(0))).toBe(1235);
      });
    });
  });

  describe(`CrashStore on ${backend.name}: settings`, () => {
    it('GIVEN an unknown channel THEN it has the defaults', async () => {
      await withStore(backend, async (s) => {
        expect(await s.getSettings(channelA)).toEqual({
          channel: channelA,
          listening: false,
          summary: false,
          weekday: 1,
          time: '09:00',
          timeZone: null,
          emptyWeek: 'note',
          summarySince: null,
        });
      });
    });

    it('GIVEN updates THEN they persist, switching the summary on records when, and bad values are coded problems', async () => {
      await withStore(backend, async (s) => {
        const on = await s.updateSettings(
          channelA,
          { summary: true, timeZone: 'Europe/Berlin', weekday: 5, time: '16:30' },
          new Date('2026-11-17T08:00:00Z'),
        );
        expect(on.ok).toBe(true);
        await s.updateSettings(
          channelA,
          { listening: true, emptyWeek: 'skip' },
          new Date('2026-11-18T08:00:00Z'),
        );
        expect(await s.getSettings(channelA)).toEqual({
          channel: channelA,
          listening: true,
          summary: true,
          weekday: 5,
          time: '16:30',
          timeZone: 'Europe/Berlin',
          emptyWeek: 'skip',
          summarySince: new Date('2026-11-17T08:00:00Z'),
        });
        const bad = await s.updateSettings(channelA, { time: '25:00', timeZone: 'Nowhere/City' }, new Date());
        expect(bad.ok ? [] : bad.problems.map((p) => p.code)).toEqual(['BAD_TIME', 'BAD_TIME_ZONE']);
        expect((await s.getSettings(channelA)).time).toBe('16:30');
        await s.updateSettings(channelB, { summary: true }, new Date('2026-11-17T08:00:00Z'));
        await s.updateSettings(
          { ...channelB, channel: 'off' },
          { listening: true },
          new Date('2026-11-17T08:00:00Z'),
        );
        expect((await s.listSummaryChannels()).map((c) => c.channel)).toEqual([channelB, channelA]);
      });
    });
  });

  describe(`CrashStore on ${backend.name}: weekly post claims`, () => {
    const req = (owner: string, now: string, extra = {}) => ({
      channel: channelA,
      week: '2026-W47',
      owner,
      now: new Date(now),
      leaseMs: 10 * 60_000,
      maxAttempts: 3,
      ...extra,
    });

    it('GIVEN a claim THEN others are held off until it is done, and then it stays done', async () => {
      await withStore(backend, async (s) => {
        expect(await s.claimWeeklyPost(req('a', '2026-11-23T08:00:00Z'))).toEqual({
          status: 'claimed',
          attempt: 1,
        });
        expect(await s.claimWeeklyPost(req('b', '2026-11-23T08:01:00Z'))).toEqual({
          status: 'held',
          owner: 'a',
          leaseUntil: new Date('2026-11-23T08:10:00Z'),
        });
        expect(
          await s.completeWeeklyPost(channelA, '2026-W47', 'a', 'posted', new Date('2026-11-23T08:02:00Z')),
        ).toBe(true);
        expect(await s.claimWeeklyPost(req('b', '2026-11-30T08:00:00Z'))).toEqual({
          status: 'done',
          outcome: 'posted',
          at: new Date('2026-11-23T08:02:00Z'),
        });
        expect(await s.claimWeeklyPost(req('b', '2026-11-30T08:00:00Z', { week: '2026-W48' }))).toEqual({
          status: 'claimed',
          attempt: 1,
        });
      });
    });

    it('GIVEN an owner that died mid-post THEN its lease runs out, another takes over, and the dead owner cannot complete', async () => {
      await withStore(backend, async (s) => {
        await s.claimWeeklyPost(req('a', '2026-11-23T08:00:00Z'));
        expect((await s.claimWeeklyPost(req('b', '2026-11-23T08:09:59Z'))).status).toBe('held');
        expect(await s.claimWeeklyPost(req('b', '2026-11-23T08:10:00Z'))).toEqual({
          status: 'claimed',
          attempt: 2,
        });
        expect(
          await s.completeWeeklyPost(channelA, '2026-W47', 'a', 'posted', new Date('2026-11-23T08:11:00Z')),
        ).toBe(false);
        expect(
          await s.completeWeeklyPost(channelA, '2026-W47', 'b', 'skipped', new Date('2026-11-23T08:11:00Z')),
        ).toBe(true);
        expect(await s.claimWeeklyPost(req('a', '2026-11-23T09:00:00Z'))).toMatchObject({
          status: 'done',
          outcome: 'skipped',
        });
      });
    });

    it('GIVEN failed posts THEN a released claim is retried after retryAt, and given up after maxAttempts', async () => {
      await withStore(backend, async (s) => {
        const t = (m: number) => new Date(Date.parse('2026-11-23T08:00:00Z') + m * 60_000).toISOString();
        expect(await s.claimWeeklyPost(req('a', t(0)))).toEqual({ status: 'claimed', attempt: 1 });
        expect(await s.releaseWeeklyPost(channelA, '2026-W47', 'a', new Date(t(5)))).toBe(true);
        expect((await s.claimWeeklyPost(req('a', t(4)))).status).toBe('held');
        expect(await s.claimWeeklyPost(req('a', t(5)))).toEqual({ status: 'claimed', attempt: 2 });
        await s.releaseWeeklyPost(channelA, '2026-W47', 'a', new Date(t(6)));
        expect(await s.claimWeeklyPost(req('b', t(6)))).toEqual({ status: 'claimed', attempt: 3 });
        await s.releaseWeeklyPost(channelA, '2026-W47', 'b', new Date(t(7)));
        expect(await s.claimWeeklyPost(req('a', t(8)))).toEqual({ status: 'gave-up', attempts: 3 });
      });
    });

    it('GIVEN two instances racing for 20 channels THEN each channel-week is claimed exactly once', async () => {
      const db = await backend.fresh();
      const instances = [await db.open(), await db.open()];
      try {
        const channels = Array.from({ length: 20 }, (_, i) => ({ ...channelA, channel: `C${i}` }));
        const attempts = channels.flatMap((channel) =>
          ['a', 'b', 'a', 'b'].map((owner, i) =>
            (instances[i % 2] as CrashStore)
              .claimWeeklyPost({ ...req(owner, '2026-11-23T08:00:00Z'), channel })
              .then((r) => ({ channel: channel.channel, r })),
          ),
        );
        const results = await Promise.all(attempts);
        for (const channel of channels) {
          const won = results.filter((x) => x.channel === channel.channel && x.r.status === 'claimed');
          expect(won).toHaveLength(1);
        }
      } finally {
        for (const s of instances) await s.close();
        await db.dispose();
      }
    });
  });

  describe(`CrashStore on ${backend.name}: deliveries and rate counters`, () => {
    const at = (s: number) => new Date(Date.UTC(2026, 10, 18, 10, 0, 0) + s * 1000);

    it('GIVEN a delivery claimed THEN a repeat is refused until the claim expires, and other keys are free', async () => {
      await withStore(backend, async (s) => {
        expect(await s.claimDelivery('slack:event:Ev1', at(0), 60_000)).toBe(true);
        expect(await s.claimDelivery('slack:event:Ev1', at(1), 60_000)).toBe(false);
        expect(await s.claimDelivery('slack:event:Ev2', at(1), 60_000)).toBe(true);
        expect(await s.claimDelivery('slack:event:Ev1', at(59), 60_000)).toBe(false);
        expect(await s.claimDelivery('slack:event:Ev1', at(60), 60_000)).toBe(true);
        expect(await s.claimDelivery('slack:event:Ev1', at(61), 60_000)).toBe(false);
      });
    });

    it('GIVEN two instances and 40 parallel claims of one key THEN exactly one wins', async () => {
      await withStore(backend, async (s, db) => {
        const other = await db.open();
        try {
          const claims = Array.from({ length: 40 }, (_, i) =>
            (i % 2 ? s : other).claimDelivery('discord:message:1', at(0), 60_000),
          );
          const won = await Promise.all(claims);
          expect(won.filter(Boolean)).toHaveLength(1);
          // And once it has expired, again exactly one.
          const again = await Promise.all(
            Array.from({ length: 40 }, (_, i) =>
              (i % 2 ? s : other).claimDelivery('discord:message:1', at(61), 60_000),
            ),
          );
          expect(again.filter(Boolean)).toHaveLength(1);
        } finally {
          await other.close();
        }
      });
    });

    it('GIVEN 3 per minute THEN the 4th gets the notice, later ones are refused, and the sliding window frees them', async () => {
      await withStore(backend, async (s) => {
        const limit = { max: 3, windowMs: 60_000 };
        const take = async (sec: number) => (await s.takeRate('u1', limit, at(sec))).verdict;
        expect([await take(0), await take(10), await take(20), await take(30), await take(40)]).toEqual([
          'ok',
          'ok',
          'ok',
          'notice',
          'refused',
        ]);
        // At 70 s the previous minute still weighs 3 * 50/60 = 2.5: one more gets through.
        expect([await take(70), await take(71)]).toEqual(['ok', 'notice']);
        // At 150 s the minute before counted 1 and weighs 0.5: the budget is back.
        expect([await take(150), await take(151)]).toEqual(['ok', 'ok']);
        expect((await s.takeRate('u2', limit, at(40))).verdict).toBe('ok');
      });
    });

    it('GIVEN the notice THEN it says how long until a request gets through', async () => {
      await withStore(backend, async (s) => {
        const limit = { max: 2, windowMs: 60_000 };
        await s.takeRate('u', limit, at(0));
        await s.takeRate('u', limit, at(5));
        expect(await s.takeRate('u', limit, at(20))).toEqual({ verdict: 'notice', retryAfterMs: 40_000 });
      });
    });

    it('GIVEN two instances and 30 parallel requests against 5 per minute THEN 5 are counted and one gets the notice', async () => {
      await withStore(backend, async (s, db) => {
        const other = await db.open();
        try {
          const limit = { max: 5, windowMs: 60_000 };
          const verdicts = await Promise.all(
            Array.from({ length: 30 }, (_, i) => (i % 2 ? s : other).takeRate('busy', limit, at(1))),
          );
          const count = (v: string) => verdicts.filter((t) => t.verdict === v).length;
          expect([count('ok'), count('notice'), count('refused')]).toEqual([5, 1, 24]);
        } finally {
          await other.close();
        }
      });
    });

    it('GIVEN max 0 THEN nothing is limited', async () => {
      await withStore(backend, async (s) => {
        const limit = { max: 0, windowMs: 60_000 };
        for (let i = 0; i < 20; i++) expect((await s.takeRate('u', limit, at(0))).verdict).toBe('ok');
      });
    });

    it('GIVEN expired claims and counters THEN they are pruned, and no key is stored in clear', async () => {
      await withStore(backend, async (s, db) => {
        for (let i = 0; i < 20; i++) await s.claimDelivery(`slack:event:EvPrune${i}`, at(0), 1000);
        await s.takeRate('slack/T1/C1/U-PRUNE', { max: 1, windowMs: 1000 }, at(0));
        expect(await db.dump()).not.toMatch(/EvPrune|U-PRUNE/);
        // An hour on, the next call deletes what expired; only the new claim is left.
        await s.claimDelivery('slack:event:EvLater', at(3600), 1000);
        const dump = await db.dump();
        const hashes = dump.match(/"key":"[A-Za-z0-9_-]{43}"/g) ?? [];
        expect(hashes).toHaveLength(1);
      });
    });
  });

  describe(`CrashStore on ${backend.name}: secrets`, () => {
    it('GIVEN the whole planted-secret corpus (50+ logs) quoted as evidence, versions and raw logs THEN no secret reaches the database', async () => {
      const logs = plantedLogs();
      expect(logs.length).toBeGreaterThanOrEqual(50);
      await withStore(backend, async (s, db) => {
        for (const [i, log] of logs.entries()) {
          const lines = log.text.split('\n').filter((l) => l.trim() !== '');
          const d = makeDiagnosis({
            cause: 'gpu-oom',
            evidence: lines,
            versions: { torch: '2.1.0', extra: lines[0] ?? '' },
          });
          const saved = await s.recordDiagnosis(
            d,
            meta(channelA, '2026-11-17T10:00:00Z', `U${i}`, {
              messageLink: `https://x.example/${lines[0]}`,
            }),
          );
          await s.addFeedback({
            recordId: saved.id,
            channel: channelA,
            userId: lines[0] ?? '',
            verdict: 'fixed',
            at: new Date('2026-11-17T11:00:00Z'),
          });
        }
        // The worst case: every single line quoted alone, so each one becomes a record's signature.
        for (const log of logs)
          for (const line of log.text.split('\n').filter((l) => l.trim() !== ''))
            await s.recordDiagnosis(
              makeDiagnosis({ cause: 'segfault', evidence: [line] }),
              meta(channelB, '2026-11-17T10:00:00Z'),
            );
        const dump = await db.dump();
        expect(dump).toContain('[REDACTED:');
        for (const log of logs) for (const secret of log.secrets) expect(dump).not.toContain(secret);
      });
    });
  });
}
