import { describe, expect, it } from 'vitest';
import { summarizeWeek } from '../../../src/core/summary/aggregate.js';
import { rec, source } from './records.js';

// 2026-W47 in Europe/Berlin runs from 2026-11-15T23:00Z to 2026-11-22T23:00Z.
const WEEK = '2026-W47';
const TZ = 'Europe/Berlin';

describe('summarizeWeek', () => {
  it.each([
    ['the first local minute of the week', '2026-11-15T23:00:00Z', 1, 0],
    ['the last minute before it, Sunday night local', '2026-11-15T22:59:00Z', 0, 1],
    ['Sunday 23:30 UTC, already next Monday in Berlin', '2026-11-22T23:30:00Z', 0, 0],
    ['a crash two weeks back', '2026-11-05T12:00:00Z', 0, 0],
  ])('GIVEN a crash at %s THEN this week counts %i and last week %i', (_name, at, now, before) => {
    const s = summarizeWeek(source([rec(at, 'gpu-oom')]), WEEK, TZ);
    expect([s.crashes, s.previousCrashes]).toEqual([now, before]);
  });

  it('GIVEN a mixed week THEN counts, people, causes, new and recurring crashes, frameworks and feedback are right', () => {
    const oldOom = rec('2026-10-01T10:00:00Z', 'gpu-oom', 'u1', { signature: 'CUDA out of memory' });
    const records = [
      rec('2026-11-10T10:00:00Z', 'gpu-oom', 'u1', { signature: 'CUDA out of memory' }),
      rec('2026-11-11T10:00:00Z', 'segfault', 'u2'),
      rec('2026-11-11T11:00:00Z', 'segfault', 'u2'),
      rec('2026-11-16T10:00:00Z', 'gpu-oom', 'u1', { signature: 'CUDA out of memory' }),
      rec('2026-11-17T10:00:00Z', 'gpu-oom', 'u2', { signature: 'CUDA out of memory' }),
      rec('2026-11-17T12:00:00Z', 'gpu-oom', 'u3', { signature: 'CUDA out of memory' }),
      rec('2026-11-18T10:00:00Z', 'cudnn-version-mismatch', 'u3', {
        signature: 'Loaded runtime CuDNN library: 8.0.4',
        framework: 'tensorflow',
      }),
      rec('2026-11-22T22:00:00Z', 'segfault', 'u4', { framework: null }),
    ];
    const src = source(records, { feedback: { fixed: 3, wrong: 1 } });
    const s = summarizeWeek(
      { ...src, firstSeen: { ...src.firstSeen, [oldOom.fingerprint]: oldOom.at } },
      WEEK,
      TZ,
    );
    expect(s).toMatchObject({
      crashes: 5,
      previousCrashes: 3,
      distinctCrashes: 3,
      people: 4,
      topCauses: [
        { cause: 'gpu-oom', count: 3, previous: 1 },
        { cause: 'cudnn-version-mismatch', count: 1, previous: 0 },
        { cause: 'segfault', count: 1, previous: 2 },
      ],
      frameworks: [
        { framework: 'pytorch', count: 3 },
        { framework: 'tensorflow', count: 1 },
        { framework: 'unknown', count: 1 },
      ],
      feedback: { fixed: 3, wrong: 1, helpfulRate: 0.75 },
    });
    expect(s.newCrashes.map((g) => [g.cause, g.count, g.people])).toEqual([['cudnn-version-mismatch', 1, 1]]);
    expect(s.recurring.map((g) => [g.cause, g.count, g.people, new Date(g.firstSeen).toISOString()])).toEqual(
      [
        ['gpu-oom', 3, 3, '2026-10-01T10:00:00.000Z'],
        ['segfault', 1, 1, '2026-11-11T10:00:00.000Z'],
      ],
    );
    expect(s.days.map((d) => d.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(s.days.map((d) => d.counts)).toEqual([
      { 'gpu-oom': 1 },
      { 'gpu-oom': 2 },
      { 'cudnn-version-mismatch': 1 },
      {},
      {},
      {},
      { segfault: 1 },
    ]);
  });

  it('GIVEN a DST week THEN a crash on the short Sunday lands on Sunday', () => {
    // 2026-W13 in Berlin: Sunday 2026-03-29 is 23 hours long (00:00 CET = 2026-03-28T23:00Z).
    const s = summarizeWeek(
      source([rec('2026-03-29T21:30:00Z', 'gpu-oom'), rec('2026-03-28T22:59:00Z', 'gpu-oom')]),
      '2026-W13',
      TZ,
    );
    expect(s.days.map((d) => d.counts['gpu-oom'] ?? 0)).toEqual([0, 0, 0, 0, 0, 1, 1]);
  });

  it('GIVEN no votes and no crashes THEN the rate is null and every list is empty', () => {
    const s = summarizeWeek(source([]), WEEK, TZ);
    expect(s).toMatchObject({
      crashes: 0,
      distinctCrashes: 0,
      people: 0,
      topCauses: [],
      newCrashes: [],
      recurring: [],
      frameworks: [],
    });
    expect(s.feedback.helpfulRate).toBeNull();
  });

  it('GIVEN more than five causes THEN the top five are kept, most frequent first', () => {
    const causes = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const records = causes.flatMap((c, i) =>
      Array.from({ length: 7 - i }, () => rec('2026-11-17T10:00:00Z', c)),
    );
    expect(summarizeWeek(source(records), WEEK, TZ).topCauses.map((c) => c.cause)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
  });
});
