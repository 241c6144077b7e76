// A channel's weekly summary from the store: the records of the week and the one
// before, aggregated purely, rendered as a Reply, with the chart as SVG and PNG.

import type { Reply } from '../../core/reply/model.js';
import { previousWeekKey, weekRange } from '../../core/schedule.js';
import { summarizeWeek } from '../../core/summary/aggregate.js';
import { summaryChartSvg } from '../../core/summary/chart.js';
import { emptyWeekReply, summaryReply } from '../../core/summary/reply.js';
import type { WeeklySummary } from '../../core/summary/types.js';
import type { ChannelRef, SummarySourcePort } from './ports.js';

export interface SummaryDeps {
  store: SummarySourcePort;
  /** Cause id -> title, from the knowledge base. */
  titleOf?: (causeId: string) => string;
  /** SVG -> PNG; without it the reply carries no chart image. */
  chartPng?: (svg: string) => Uint8Array;
}

export interface BuiltSummary {
  summary: WeeklySummary;
  /** True when the week had no crashes; the reply is then the one-line note. */
  empty: boolean;
  svg: string;
  reply: Reply;
}

export async function buildChannelSummary(
  deps: SummaryDeps,
  channel: ChannelRef,
  week: string,
  timeZone: string,
): Promise<BuiltSummary> {
  const range = weekRange(week, timeZone);
  const previousStart = weekRange(previousWeekKey(week), timeZone).start;
  const source = await deps.store.summarySource(channel, {
    previousStart,
    start: range.start,
    end: range.end,
  });
  const summary = summarizeWeek(source, week, timeZone);
  const titleOf = deps.titleOf ?? ((id: string) => id);
  const svg = summaryChartSvg(summary, { titleOf });
  if (summary.crashes === 0) return { summary, empty: true, svg, reply: emptyWeekReply(week, timeZone) };
  const chart = deps.chartPng
    ? {
        name: `crashes-${week}.png`,
        mime: 'image/png',
        data: deps.chartPng(svg),
        alt: `Crashes per cause per day in ${week}`,
      }
    : undefined;
  return {
    summary,
    empty: false,
    svg,
    reply: summaryReply(summary, { titleOf, ...(chart ? { chart } : {}) }),
  };
}
