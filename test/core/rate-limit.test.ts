import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/core/rate-limit.js';

describe('RateLimiter', () => {
  it('GIVEN 3 per 10 s THEN the 4th is refused once politely, then quietly, and the window frees it again', () => {
    const l = new RateLimiter({ max: 3, windowMs: 10_000 });
    const t = [0, 1000, 2000, 3000, 4000, 9999, 10_001];
    expect(t.map((ms) => l.take('u', ms))).toEqual([
      'ok',
      'ok',
      'ok',
      'refused-first',
      'refused',
      'refused',
      'ok',
    ]);
  });

  it('GIVEN two keys THEN each has its own budget', () => {
    const l = new RateLimiter({ max: 1, windowMs: 1000 });
    expect([l.take('a', 0), l.take('b', 0), l.take('a', 1)]).toEqual(['ok', 'ok', 'refused-first']);
  });

  it('GIVEN a refusal THEN retryAfterSeconds says when the oldest request leaves the window', () => {
    const l = new RateLimiter({ max: 2, windowMs: 60_000 });
    l.take('u', 0);
    l.take('u', 30_000);
    l.take('u', 40_000);
    expect(l.retryAfterSeconds('u', 40_000)).toBe(20);
  });

  it('GIVEN max 0 THEN nothing is limited', () => {
    const l = new RateLimiter({ max: 0, windowMs: 60_000 });
    expect(Array.from({ length: 100 }, () => l.take('u', 0)).every((x) => x === 'ok')).toBe(true);
  });

  it('GIVEN a flood of distinct keys THEN memory stays bounded and old keys start afresh', () => {
    const l = new RateLimiter({ max: 1, windowMs: 60_000 }, 100);
    for (let i = 0; i < 10_000; i++) l.take(`k${i}`, 0);
    expect(l.take('k0', 1)).toBe('ok');
    expect(l.take('k9999', 1)).toBe('refused-first');
  });
});
