import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayBoundaries,
  isoWeekKey,
  latestRun,
  nextRun,
  nextWeekKey,
  parseWeekKey,
  previousWeekKey,
  runTimeOfWeek,
  scheduleProblems,
  type WeeklySchedule,
  weekRange,
  zonedTime,
} from '../../src/core/schedule.js';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;
const berlinMonday9: WeeklySchedule = { weekday: 1, time: '09:00', timeZone: 'Europe/Berlin' };

describe('isoWeekKey', () => {
  it.each([
    ['2026-01-01T12:00:00Z', 'UTC', '2026-W01'],
    ['2027-01-01T12:00:00Z', 'UTC', '2026-W53'],
    ['2024-12-30T12:00:00Z', 'UTC', '2025-W01'],
    ['2026-11-22T23:30:00Z', 'UTC', '2026-W47'],
    ['2026-11-22T23:30:00Z', 'Europe/Berlin', '2026-W48'],
    ['2026-11-23T05:00:00Z', 'America/Los_Angeles', '2026-W47'],
    ['2026-11-22T12:00:00Z', 'Pacific/Auckland', '2026-W48'],
  ])('GIVEN %s in %s THEN the week is %s', (instant, tz, key) => {
    expect(isoWeekKey(at(instant), tz)).toBe(key);
  });
});

describe('parseWeekKey', () => {
  it.each([
    ['2026-W47', true],
    ['2026-W53', true],
    ['2025-W53', false],
    ['2026-W00', false],
    ['2026-47', false],
    ['26-W01', false],
  ])('GIVEN %s THEN ok is %s', (key, ok) => {
    expect(parseWeekKey(key).ok).toBe(ok);
  });

  it('GIVEN a malformed key THEN the problem has a stable code', () => {
    expect(parseWeekKey('next week')).toMatchObject({ ok: false, problem: { code: 'BAD_WEEK_KEY' } });
  });
});

describe('week arithmetic', () => {
  it.each([
    ['2027-W01', '2026-W53'],
    ['2026-W01', '2025-W52'],
    ['2026-W48', '2026-W47'],
  ])('GIVEN %s THEN the previous week is %s and back again', (key, prev) => {
    expect(previousWeekKey(key)).toBe(prev);
    expect(nextWeekKey(prev)).toBe(key);
  });
});

describe('weekRange and dayBoundaries', () => {
  it.each([
    ['2026-W47', 'UTC', '2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z', 168],
    ['2026-W47', 'Europe/Berlin', '2026-11-15T23:00:00.000Z', '2026-11-22T23:00:00.000Z', 168],
    ['2026-W13', 'Europe/Berlin', '2026-03-22T23:00:00.000Z', '2026-03-29T22:00:00.000Z', 167],
    ['2026-W43', 'Europe/Berlin', '2026-10-18T22:00:00.000Z', '2026-10-25T23:00:00.000Z', 169],
    ['2026-W10', 'America/New_York', '2026-03-02T05:00:00.000Z', '2026-03-09T04:00:00.000Z', 167],
  ])('GIVEN week %s in %s THEN it runs from %s to %s (%i hours)', (key, tz, start, end, hours) => {
    const r = weekRange(key, tz);
    expect(r.start.toISOString()).toBe(start);
    expect(r.end.toISOString()).toBe(end);
    expect((r.end.getTime() - r.start.getTime()) / HOUR).toBe(hours);
  });

  it.each([
    ['2026-W13', 'Europe/Berlin', [24, 24, 24, 24, 24, 24, 23]],
    ['2026-W43', 'Europe/Berlin', [24, 24, 24, 24, 24, 24, 25]],
    ['2026-W47', 'Asia/Kolkata', [24, 24, 24, 24, 24, 24, 24]],
  ])('GIVEN week %s in %s THEN its local days last %j hours', (key, tz, hours) => {
    const b = dayBoundaries(key, tz);
    expect(b.slice(1).map((t, i) => (t.getTime() - (b[i] as Date).getTime()) / HOUR)).toEqual(hours);
  });

  it('GIVEN any instant and zone THEN its week range contains it', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/New_York',
      'Australia/Sydney',
      'Asia/Kathmandu',
      'America/Santiago',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        fc.constantFrom(...zones),
        (t, tz) => {
          const r = weekRange(isoWeekKey(new Date(t), tz), tz);
          expect(r.start.getTime()).toBeLessThanOrEqual(t);
          expect(r.end.getTime()).toBeGreaterThan(t);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('zonedTime across DST changes', () => {
  it.each([
    ['a normal time', { y: 2026, m: 3, d: 28 }, 2, 30, '2026-03-28T01:30:00.000Z'],
    [
      'a time skipped by spring-forward moves forward by the gap',
      { y: 2026, m: 3, d: 29 },
      2,
      30,
      '2026-03-29T01:30:00.000Z',
    ],
    [
      'a time repeated by fall-back takes the first',
      { y: 2026, m: 10, d: 25 },
      2,
      30,
      '2026-10-25T00:30:00.000Z',
    ],
  ])('GIVEN %s in Europe/Berlin THEN the instant is %s', (_name, date, hh, mm, iso) => {
    expect(zonedTime(date, hh, mm, 'Europe/Berlin').toISOString()).toBe(iso);
  });
});

describe('runs', () => {
  it.each([
    ['winter', '2026-W47', '2026-11-16T08:00:00.000Z'],
    ['summer', '2026-W27', '2026-06-29T07:00:00.000Z'],
    ['the Monday after spring-forward', '2026-W14', '2026-03-30T07:00:00.000Z'],
    ['the Monday after fall-back', '2026-W44', '2026-10-26T08:00:00.000Z'],
  ])('GIVEN Monday 09:00 Berlin in %s (%s) THEN the run is at %s', (_name, key, iso) => {
    expect(runTimeOfWeek(key, berlinMonday9).toISOString()).toBe(iso);
  });

  it.each([
    [
      'just before the run',
      '2026-11-16T07:59:59Z',
      '2026-11-09T08:00:00.000Z',
      '2026-W45',
      '2026-11-16T08:00:00.000Z',
    ],
    [
      'exactly at the run',
      '2026-11-16T08:00:00Z',
      '2026-11-16T08:00:00.000Z',
      '2026-W46',
      '2026-11-23T08:00:00.000Z',
    ],
    [
      'days after the run (catch-up)',
      '2026-11-20T10:00:00Z',
      '2026-11-16T08:00:00.000Z',
      '2026-W46',
      '2026-11-23T08:00:00.000Z',
    ],
    [
      'Sunday night UTC, already Monday in Berlin',
      '2026-11-22T23:30:00Z',
      '2026-11-16T08:00:00.000Z',
      '2026-W46',
      '2026-11-23T08:00:00.000Z',
    ],
  ])(
    'GIVEN now is %s THEN the latest run, its summary week and the next run are right',
    (_name, now, latest, week, next) => {
      const l = latestRun(at(now), berlinMonday9);
      expect(l.at.toISOString()).toBe(latest);
      expect(l.summaryWeek).toBe(week);
      expect(nextRun(at(now), berlinMonday9).at.toISOString()).toBe(next);
    },
  );

  it('GIVEN a Sunday 02:30 schedule THEN the spring-forward week still gets exactly one run, an hour late', () => {
    const s: WeeklySchedule = { weekday: 7, time: '02:30', timeZone: 'Europe/Berlin' };
    expect(runTimeOfWeek('2026-W13', s).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(nextRun(at('2026-03-29T00:00:00Z'), s).at.toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
});

describe('scheduleProblems', () => {
  it.each([
    [{ weekday: 1, time: '09:00', timeZone: 'Europe/Berlin' }, []],
    [{ weekday: 8, time: '09:00', timeZone: 'UTC' }, ['BAD_WEEKDAY']],
    [{ weekday: 1, time: '9:00', timeZone: 'UTC' }, ['BAD_TIME']],
    [{ weekday: 1, time: '24:00', timeZone: 'Mars/Olympus' }, ['BAD_TIME', 'BAD_TIME_ZONE']],
  ])('GIVEN %j THEN the problems are %j', (s, codes) => {
    expect(scheduleProblems(s as WeeklySchedule).map((p) => p.code)).toEqual(codes);
  });
});
