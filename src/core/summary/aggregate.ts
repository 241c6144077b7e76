// The weekly summary, computed purely from a channel's records: counts this week and
// last, distinct crashes, people, top causes with their change, new and recurring
// crashes, frameworks, feedback, and per-day counts for the chart.
import { dayBoundaries, previousWeekKey, weekDates, weekRange } from '../schedule.js';
import type { CauseCount, CrashGroup, SummaryRecord, SummarySource, WeeklySummary } from './types.js';

export const SUMMARY_LIST_LIMIT = 5;

export function summarizeWeek(source: SummarySource, week: string, timeZone: string): WeeklySummary {
  const bounds = dayBoundaries(week, timeZone).map((d) => d.getTime());
  const start = bounds[0] ?? 0;
  const end = bounds[7] ?? 0;
  const previousStart = weekRange(previousWeekKey(week), timeZone).start.getTime();
  const current = source.records.filter((r) => r.at >= start && r.at < end);
  const previous = source.records.filter((r) => r.at >= previousStart && r.at < start);
  const groups = groupByFingerprint(current, source.firstSeen);
  const byCount = (a: CrashGroup, b: CrashGroup) =>
    b.count - a.count || a.fingerprint.localeCompare(b.fingerprint);
  const { fixed, wrong } = source.feedback;
  const causes = causeCounts(current, previous);
  return {
    week,
    timeZone,
    crashes: current.length,
    previousCrashes: previous.length,
    distinctCrashes: groups.length,
    people: new Set(current.map((r) => r.userHash)).size,
    topCauses: causes.slice(0, SUMMARY_LIST_LIMIT),
    causes,
    newCrashes: groups
      .filter((g) => g.firstSeen >= start)
      .sort(byCount)
      .slice(0, SUMMARY_LIST_LIMIT),
    recurring: groups
      .filter((g) => g.firstSeen < start)
      .sort(byCount)
      .slice(0, SUMMARY_LIST_LIMIT),
    frameworks: [...tally(current.map((r) => r.framework ?? 'unknown'))]
      .map(([framework, count]) => ({ framework, count }))
      .sort((a, b) => b.count - a.count || a.framework.localeCompare(b.framework)),
    feedback: { fixed, wrong, helpfulRate: fixed + wrong > 0 ? fixed / (fixed + wrong) : null },
    days: weekDates(week).map((date, i) => ({
      date,
      counts: Object.fromEntries(
        tally(
          current
            .filter((r) => r.at >= (bounds[i] ?? 0) && r.at < (bounds[i + 1] ?? 0))
            .map((r) => r.topCause),
        ),
      ),
    })),
  };
}

function tally(keys: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
}

function causeCounts(current: readonly SummaryRecord[], previous: readonly SummaryRecord[]): CauseCount[] {
  const now = tally(current.map((r) => r.topCause));
  const before = tally(previous.map((r) => r.topCause));
  return [...now]
    .map(([cause, count]) => ({ cause, count, previous: before.get(cause) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.cause.localeCompare(b.cause));
}

function groupByFingerprint(
  records: readonly SummaryRecord[],
  firstSeen: Readonly<Record<string, number>>,
): CrashGroup[] {
  const groups = new Map<string, { g: CrashGroup; people: Set<string> }>();
  for (const r of records) {
    let entry = groups.get(r.fingerprint);
    if (!entry) {
      const g: CrashGroup = {
        fingerprint: r.fingerprint,
        cause: r.topCause,
        signature: r.signature,
        count: 0,
        people: 0,
        firstSeen: firstSeen[r.fingerprint] ?? r.at,
      };
      entry = { g, people: new Set() };
      groups.set(r.fingerprint, entry);
    }
    entry.g.count++;
    entry.people.add(r.userHash);
    entry.g.signature ??= r.signature;
    entry.g.firstSeen = Math.min(entry.g.firstSeen, r.at);
  }
  return [...groups.values()].map(({ g, people }) => ({ ...g, people: people.size }));
}
