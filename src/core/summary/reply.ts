// The weekly summary as a Reply (kind 'summary'), rendered by every front end like a
// diagnosis. Signatures are already redacted; they are shown as code.
import type { Reply, ReplyBlock, ReplyFile } from '../reply/model.js';
import type { CrashGroup, WeeklySummary } from './types.js';

export interface SummaryReplyOptions {
  titleOf?: (causeId: string) => string;
  /** The chart image, when the front end can upload one. */
  chart?: ReplyFile;
}

export function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? '±0' : 'new';
  const d = now - before;
  return d === 0 ? '±0' : d > 0 ? `+${d}` : `−${-d}`;
}

export function localDate(epochMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(epochMs);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function groupText(g: CrashGroup, titleOf: (id: string) => string): string {
  const label = g.signature ? `\`${g.signature.replace(/`/g, "'")}\`` : titleOf(g.cause);
  return g.signature ? `${label} (${titleOf(g.cause)})` : label;
}

export function summaryReply(s: WeeklySummary, opts: SummaryReplyOptions = {}): Reply {
  const titleOf = opts.titleOf ?? ((id: string) => id);
  const fb = s.feedback;
  const helpful =
    fb.helpfulRate === null
      ? 'no votes'
      : `${Math.round(fb.helpfulRate * 100)}% (${fb.fixed} fixed it, ${fb.wrong} wrong)`;
  const blocks: ReplyBlock[] = [
    {
      type: 'fields',
      fields: [
        {
          label: 'Crashes',
          value: `${s.crashes} (${change(s.crashes, s.previousCrashes)} vs last week's ${s.previousCrashes})`,
        },
        { label: 'Distinct crashes', value: String(s.distinctCrashes) },
        { label: 'People affected', value: String(s.people) },
        { label: 'Replies marked helpful', value: helpful },
      ],
    },
    {
      type: 'list',
      title: 'Top causes',
      items: s.topCauses.map((c) => ({
        text: `${titleOf(c.cause)}: ${c.count}`,
        detail: `${change(c.count, c.previous)} vs last week`,
      })),
    },
  ];
  if (s.newCrashes.length)
    blocks.push({
      type: 'list',
      title: 'New this week',
      items: s.newCrashes.map((g) => ({
        text: groupText(g, titleOf),
        detail: `${plural(g.count, 'time')}, ${plural(g.people, 'person', 'people')}`,
      })),
    });
  if (s.recurring.length)
    blocks.push({
      type: 'list',
      title: 'Keeps coming back',
      items: s.recurring.map((g) => ({
        text: groupText(g, titleOf),
        detail: `${plural(g.count, 'time')} this week, first seen ${localDate(g.firstSeen, s.timeZone)}`,
      })),
    });
  if (s.frameworks.length)
    blocks.push({
      type: 'fields',
      title: 'Frameworks',
      fields: s.frameworks.map((f) => ({ label: f.framework, value: String(f.count) })),
    });
  const first = s.days[0]?.date ?? '';
  const last = s.days[6]?.date ?? '';
  return {
    kind: 'summary',
    title: `Crash summary ${s.week}: ${plural(s.crashes, 'crash', 'crashes')}, ${plural(s.distinctCrashes, 'distinct crash', 'distinct crashes')}`,
    blocks,
    footer: `Week ${s.week}, ${first} to ${last} (${s.timeZone})`,
    ...(opts.chart ? { files: [opts.chart] } : {}),
  };
}

/** The one-line post for a week without crashes (when the channel wants one). */
export function emptyWeekReply(week: string, timeZone: string): Reply {
  return {
    kind: 'summary',
    title: `Crash summary ${week}: no crashes`,
    blocks: [{ type: 'text', text: `No crashes were reported in this channel in ${week} (${timeZone}).` }],
  };
}
