// What a PostgreSQL failure means for a retry: table tests on the classification and on
// which statements may run twice.
import { describe, expect, it } from 'vitest';
import { backoffMs, classify, harmlessTwice, RolledBack } from '../../src/store/pg-retry.js';

const server = (code: string) => Object.assign(new Error('server said no'), { code, severity: 'FATAL' });
const socket = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

describe('classify', () => {
  it.each([
    ['a refused connection while connecting', socket('ECONNREFUSED'), 'connect', 'retry'],
    ['a server starting up (57P03)', server('57P03'), 'connect', 'retry'],
    ['an admin shutdown answering a statement (57P01)', server('57P01'), 'query', 'retry'],
    ['a crash shutdown answering a statement (57P02)', server('57P02'), 'query', 'retry'],
    ['a connection failure SQLSTATE (08006)', server('08006'), 'query', 'retry'],
    ['a client already known dead', new Error('Client was closed and is not queryable'), 'query', 'retry'],
    [
      'a socket closing under a statement',
      new Error('Connection terminated unexpectedly'),
      'query',
      'unknown-outcome',
    ],
    ['a reset socket under a statement', socket('ECONNRESET'), 'query', 'unknown-outcome'],
    ['a transaction cut off before COMMIT', new RolledBack(new Error('x')), 'query', 'retry'],
    ['a unique violation (23505)', Object.assign(server('23505'), { severity: 'ERROR' }), 'query', 'fatal'],
    ['a syntax error (42601)', Object.assign(server('42601'), { severity: 'ERROR' }), 'query', 'fatal'],
    ['a bad password (28P01)', server('28P01'), 'connect', 'fatal'],
    ['a plain bug', new TypeError('x is undefined'), 'query', 'fatal'],
  ] as const)('GIVEN %s THEN it is %s', (_what, error, phase, expected) => {
    expect(classify(error, phase)).toBe(expected);
  });
});

describe('harmlessTwice', () => {
  it.each([
    ['SELECT id FROM crash_records WHERE id = ?', true],
    ['  select 1', true],
    ['DELETE FROM crash_records WHERE id = ?', true],
    ['UPDATE weekly_posts SET done_at = ? WHERE owner = ?', true],
    ['INSERT INTO feedback (a) VALUES (?) ON CONFLICT (a) DO UPDATE SET a = excluded.a', true],
    ['INSERT INTO crash_records (a) VALUES (?) RETURNING id', false],
    [
      'INSERT INTO rate_counters (key, count) VALUES (?, 1) ON CONFLICT (key) DO UPDATE SET count = rate_counters.count + 1',
      false,
    ],
    ['UPDATE deliveries SET owner = ?, attempts = attempts + 1 WHERE key = ?', false],
    ['UPDATE t SET a = ?, total=total-1 WHERE id = ?', false],
    ['INSERT INTO t (a) VALUES (?) ON CONFLICT (a) DO UPDATE SET claim = excluded.claim', true],
    ['CREATE TABLE t (a INTEGER)', false],
  ])('GIVEN %s THEN %s', (sql, expected) => {
    expect(harmlessTwice(sql)).toBe(expected);
  });
});

describe('backoffMs', () => {
  it('GIVEN successive retries THEN the wait doubles from 50 ms and stays at or under 1 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(backoffMs)).toEqual([50, 100, 200, 400, 800, 1000, 1000]);
  });
});
