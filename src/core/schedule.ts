// Weekly schedule arithmetic in a channel's time zone: ISO week keys (2026-W47), week
// boundaries, and when the weekly post runs. Pure: every function takes `now` or a
// week key; time zones come from Intl, so DST changes are handled by the tz database.

/** ISO weekday: 1 = Monday ... 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface WeeklySchedule {
  weekday: IsoWeekday;
  /** Local wall-clock time, `HH:MM` (24 h). */
  time: string;
  /** IANA time zone, e.g. `Europe/Berlin`. */
  timeZone: string;
}

/** A run: due `at`, in week `runWeek`, posting `summaryWeek` (the complete week before). */
export interface ScheduledRun {
  at: Date;
  runWeek: string;
  summaryWeek: string;
}

export type ScheduleProblem = {
  code: 'BAD_WEEK_KEY' | 'BAD_TIME' | 'BAD_TIME_ZONE' | 'BAD_WEEKDAY';
  message: string;
};

const DAY_MS = 86_400_000;
const WEEK_KEY = /^(\d{4})-W(\d{2})$/;
const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

type CivilDate = { y: number; m: number; d: number };

/** Checks a schedule's fields; returns every problem. */
export function scheduleProblems(s: WeeklySchedule): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  if (!Number.isInteger(s.weekday) || s.weekday < 1 || s.weekday > 7)
    problems.push({ code: 'BAD_WEEKDAY', message: 'weekday must be 1 (Monday) to 7 (Sunday)' });
  if (!HHMM.test(s.time)) problems.push({ code: 'BAD_TIME', message: 'time must be HH:MM (24-hour)' });
  if (!isTimeZone(s.timeZone))
    problems.push({ code: 'BAD_TIME_ZONE', message: `unknown time zone ${s.timeZone}` });
  return problems;
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz !== '';
  } catch {
    return false;
  }
}

/** The ISO week (`2026-W47`) that `at` falls in, on the calendar of `timeZone`. */
export function isoWeekKey(at: Date, timeZone: string): string {
  return weekKeyOfDate(localDate(at, timeZone));
}

/** `2026-W47` -> year and week, or a problem when the key is malformed or the week does not exist. */
export function parseWeekKey(
  key: string,
): { ok: true; year: number; week: number } | { ok: false; problem: ScheduleProblem } {
  const m = WEEK_KEY.exec(key);
  const year = Number(m?.[1]);
  const week = Number(m?.[2]);
  if (!m || week < 1 || week > weeksInYear(year))
    return {
      ok: false,
      problem: { code: 'BAD_WEEK_KEY', message: `${key} is not an ISO week such as 2026-W47` },
    };
  return { ok: true, year, week };
}

/** The instants a week starts (Monday 00:00 local) and ends (the next Monday 00:00 local). */
export function weekRange(key: string, timeZone: string): { start: Date; end: Date } {
  const monday = mondayOf(key);
  const zone = zoneOf(timeZone);
  return { start: zone.at(monday, 0, 0), end: zone.at(addDays(monday, 7), 0, 0) };
}

/** The eight local midnights bounding the seven days of a week (DST days are 23 or 25 hours long). */
export function dayBoundaries(key: string, timeZone: string): Date[] {
  const monday = mondayOf(key);
  const zone = zoneOf(timeZone);
  return Array.from({ length: 8 }, (_, i) => zone.at(addDays(monday, i), 0, 0));
}

/** The week's seven local dates, Monday first, as YYYY-MM-DD. */
export function weekDates(key: string): string[] {
  const monday = mondayOf(key);
  return Array.from({ length: 7 }, (_, i) => {
    const d = addDays(monday, i);
    return `${d.y}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`;
  });
}

export function previousWeekKey(key: string): string {
  return weekKeyOfDate(addDays(mondayOf(key), -7));
}

export function nextWeekKey(key: string): string {
  return weekKeyOfDate(addDays(mondayOf(key), 7));
}

/** When the weekly post of week `key` is due. */
export function runTimeOfWeek(key: string, s: WeeklySchedule): Date {
  const [hh = 0, mm = 0] = s.time.split(':').map(Number);
  return zonedTime(addDays(mondayOf(key), s.weekday - 1), hh, mm, s.timeZone);
}

/** The first run strictly after `now`. */
export function nextRun(now: Date, s: WeeklySchedule): ScheduledRun {
  const week = isoWeekKey(now, s.timeZone);
  const here = runTimeOfWeek(week, s);
  return here > now ? run(here, week) : run(runTimeOfWeek(nextWeekKey(week), s), nextWeekKey(week));
}

/** The most recent run at or before `now`: the one to post, or to catch up after downtime. */
export function latestRun(now: Date, s: WeeklySchedule): ScheduledRun {
  const week = isoWeekKey(now, s.timeZone);
  const here = runTimeOfWeek(week, s);
  return here <= now ? run(here, week) : run(runTimeOfWeek(previousWeekKey(week), s), previousWeekKey(week));
}

function run(at: Date, runWeek: string): ScheduledRun {
  return { at, runWeek, summaryWeek: previousWeekKey(runWeek) };
}

/**
 * The instant a local wall-clock time happens in `timeZone`. A time skipped by a DST
 * change moves forward by the gap (02:30 -> 03:30); a repeated time takes the first.
 */
export function zonedTime(date: CivilDate, hh: number, mm: number, timeZone: string): Date {
  return zoneOf(timeZone).at(date, hh, mm);
}

interface Zone {
  wallMs(t: number): number;
  at(date: CivilDate, hh: number, mm: number): Date;
}

/** Building an Intl.DateTimeFormat is the costly part: one per time zone, kept (a few dozen at most). */
const zones = new Map<string, Zone>();
const MAX_ZONES = 64;

function zoneOf(timeZone: string): Zone {
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = makeZone(timeZone);
    if (zones.size >= MAX_ZONES) zones.delete(zones.keys().next().value as string);
    zones.set(timeZone, zone);
  }
  return zone;
}

/** Wall-clock readings kept per time zone. */
const WALLS_KEPT = 1024;

function makeZone(timeZone: string): Zone {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  // formatToParts is slow (tens of microseconds), and every diagnosis stored asks for the
  // same instants again (its week's bounds).
  const walls = new Map<number, number>();
  const wallMs = (t: number) => {
    const known = walls.get(t);
    if (known !== undefined) return known;
    const parts = format.formatToParts(new Date(t));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
    if (walls.size >= WALLS_KEPT) walls.clear();
    walls.set(t, wall);
    return wall;
  };
  const offsetAt = (t: number) => wallMs(t) - Math.floor(t / 60_000) * 60_000;
  return {
    wallMs,
    at(date, hh, mm) {
      const wall = Date.UTC(date.y, date.m - 1, date.d, hh, mm);
      const t1 = wall - offsetAt(wall);
      const t2 = wall - offsetAt(t1);
      const t3 = wall - offsetAt(t1 - 3 * 3_600_000);
      const hits = [t1, t2, t3].filter((t) => wallMs(t) === wall);
      return new Date(hits.length ? Math.min(...hits) : Math.max(t1, t2, t3));
    },
  };
}

function localDate(at: Date, timeZone: string): CivilDate {
  const d = new Date(zoneOf(timeZone).wallMs(at.getTime()));
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}

function weekKeyOfDate(date: CivilDate): string {
  const t = Date.UTC(date.y, date.m - 1, date.d);
  const dow = ((new Date(t).getUTCDay() + 6) % 7) + 1;
  const thursday = new Date(t + (4 - dow) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

function weeksInYear(year: number): number {
  return weekKeyOfDate({ y: year, m: 12, d: 28 }).endsWith('53') ? 53 : 52;
}

function mondayOf(key: string): CivilDate {
  const parsed = parseWeekKey(key);
  if (!parsed.ok) throw new RangeError(parsed.problem.message);
  const jan4 = Date.UTC(parsed.year, 0, 4);
  const dow = ((new Date(jan4).getUTCDay() + 6) % 7) + 1;
  return civil(jan4 + ((parsed.week - 1) * 7 - (dow - 1)) * DAY_MS);
}

function addDays(date: CivilDate, days: number): CivilDate {
  return civil(Date.UTC(date.y, date.m - 1, date.d) + days * DAY_MS);
}

function civil(t: number): CivilDate {
  const d = new Date(t);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}
