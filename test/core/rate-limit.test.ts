import { describe, expect, it } from 'vitest';
import { allowance, rateWindow, retryAfterMs } from '../../src/core/rate-limit.js';

const minute = { max: 3, windowMs: 60_000 };

/** Replays the store's rule in memory: counts per fixed window, allowed while current < allowance. */
function replay(limit: typeof minute, times: number[]): string[] {
  const counts = new Map<number, number>();
  return times.map((t) => {
    const win = rateWindow(limit, t);
    const current = counts.get(win.start) ?? 0;
    if (current < allowance(limit, win, counts.get(win.previous) ?? 0)) {
      counts.set(win.start, current + 1);
      return 'ok';
    }
    return 'refused';
  });
}

describe('rate windows', () => {
  it.each([
    [0, { start: 0, previous: -60_000, previousWeight: 1 }],
    [15_000, { start: 0, previous: -60_000, previousWeight: 0.75 }],
    [60_000, { start: 60_000, previous: 0, previousWeight: 1 }],
    [119_999, { start: 60_000, previous: 0, previousWeight: 1 / 60_000 }],
  ])('GIVEN a minute window at %i ms THEN the windows are %j', (now, expected) => {
    const w = rateWindow(minute, now);
    expect(w.start).toBe(expected.start);
    expect(w.previous).toBe(expected.previous);
    expect(w.previousWeight).toBeCloseTo(expected.previousWeight, 9);
  });

  it.each([
    // previous count, ms into the window, allowance
    [0, 0, 3],
    [3, 0, 0],
    [3, 20_000, 1],
    [3, 40_000, 2],
    [2, 30_000, 2],
    [1, 59_999, 3],
  ])('GIVEN %i in the previous minute and %i ms into this one THEN %i may be counted', (prev, into, n) => {
    expect(allowance(minute, rateWindow(minute, 600_000 + into), prev)).toBe(n);
  });

  it('GIVEN 3 per 10 s THEN a burst is cut at 3 and the sliding window frees them gradually', () => {
    const l = { max: 3, windowMs: 10_000 };
    const t = [0, 1000, 2000, 3000, 9999, 10_001, 13_000, 14_000, 17_000, 30_000, 30_001, 30_002, 30_003];
    expect(replay(l, t)).toEqual([
      'ok',
      'ok',
      'ok',
      'refused',
      'refused',
      // At 10.001 s the first window weighs 2.9997 (< 3): one; at 13 s 2.1 + 1: none; at 14 s 1.8 + 1: one.
      'ok',
      'refused',
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      'refused',
    ]);
  });

  it('GIVEN steady requests THEN no sliding window holds more than twice the max, and the long-run rate is the limit', () => {
    const times = Array.from({ length: 2000 }, (_, i) => i * 97);
    const got = replay(minute, times);
    const taken = times.filter((_, i) => got[i] === 'ok');
    for (const t of taken)
      expect(taken.filter((u) => u > t - 60_000 && u <= t).length).toBeLessThanOrEqual(6);
    const minutes = (times.at(-1) ?? 0) / 60_000;
    expect(taken.length).toBeGreaterThanOrEqual(Math.floor(minutes * 3) - 3);
    expect(taken.length).toBeLessThanOrEqual(Math.ceil(minutes * 3) + 3);
  });

  it.each([
    // now, previous, current, expected ms
    [20_000, 0, 3, 40_000],
    [20_000, 3, 0, 0],
    [20_000, 3, 1, 1],
    [5_000, 6, 2, 45_001],
  ])('GIVEN a refusal at %i ms with %i then %i counted THEN it frees in %i ms', (now, prev, cur, ms) => {
    expect(retryAfterMs(minute, now, rateWindow(minute, now), prev, cur)).toBe(ms);
  });
});
