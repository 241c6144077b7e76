import { describe, expect, it } from 'vitest';
import { summarizeWeek } from '../../../src/core/summary/aggregate.js';
import { chartSeries, escapeXml, pickSeries, summaryChartSvg } from '../../../src/core/summary/chart.js';
import { niceAxis } from '../../../src/core/summary/chart-series.js';
import { rec, source } from './records.js';

const WEEK = '2026-W47';
const bars = (svg: string) =>
  [
    ...svg.matchAll(
      /<rect class="bar" data-cause="([^"]*)" data-count="(\d+)" x="[^"]*" y="([^"]*)" width="[^"]*" height="([^"]*)"/g,
    ),
  ].map((m) => ({ cause: m[1], count: Number(m[2]), y: Number(m[3]), height: Number(m[4]) }));

describe('summaryChartSvg', () => {
  it('GIVEN crashes on two days THEN there is one bar per day and cause, with heights proportional to counts', () => {
    const s = summarizeWeek(
      source([
        rec('2026-11-16T10:00:00Z', 'gpu-oom'),
        rec('2026-11-16T11:00:00Z', 'gpu-oom'),
        rec('2026-11-16T12:00:00Z', 'segfault'),
        rec('2026-11-18T10:00:00Z', 'gpu-oom'),
      ]),
      WEEK,
      'UTC',
    );
    const b = bars(summaryChartSvg(s));
    expect(b.map((x) => [x.cause, x.count])).toEqual([
      ['gpu-oom', 2],
      ['segfault', 1],
      ['gpu-oom', 1],
    ]);
    const [two, one] = [b[0]?.height ?? 0, b[1]?.height ?? 0];
    expect(two).toBeCloseTo(2 * one, 0);
  });

  it('GIVEN cause titles with markup THEN the legend shows them escaped', () => {
    const s = summarizeWeek(source([rec('2026-11-16T10:00:00Z', 'gpu-oom')]), WEEK, 'UTC');
    const svg = summaryChartSvg(s, { titleOf: () => 'GPU <out> of "memory" & more' });
    expect(svg).toContain('GPU &#60;out&#62; of &#34;memory&#34; &#38; more');
    expect(svg).not.toContain('<out>');
  });

  it('GIVEN an empty week THEN the chart says so and draws no bars', () => {
    const svg = summaryChartSvg(summarizeWeek(source([]), WEEK, 'UTC'));
    expect(svg).toContain('No crashes this week');
    expect(bars(svg)).toEqual([]);
  });

  it('GIVEN the seven days THEN they are labelled with weekday and day of month', () => {
    const svg = summaryChartSvg(summarizeWeek(source([]), WEEK, 'UTC'));
    for (const label of ['Mon 16', 'Tue 17', 'Wed 18', 'Thu 19', 'Fri 20', 'Sat 21', 'Sun 22'])
      expect(svg).toContain(`>${label}<`);
  });
});

const texts = (svg: string) => [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1] ?? '');
const totals = (svg: string) =>
  [...svg.matchAll(/<rect class="total" data-week="([^"]*)" data-count="(\d+)"/g)].map((m) => [
    m[1],
    Number(m[2]),
  ]);
const axisTicks = (svg: string) =>
  [...svg.matchAll(/<text [^>]*text-anchor="end" dominant-baseline="middle">(\d+)<\/text>/g)].map((m) =>
    Number(m[1]),
  );

/** `n` causes on one day, cause i with counts[i] crashes. */
function week(counts: readonly number[], day = '2026-11-17T10:00:00Z') {
  return summarizeWeek(
    source(counts.flatMap((n, i) => Array.from({ length: n }, () => rec(day, `c${i}`)))),
    WEEK,
    'UTC',
  );
}

describe('the series the chart draws in colour', () => {
  it('GIVEN ten causes or fewer THEN every one is named and there is no "other"', () => {
    expect(chartSeries(week([9, 8, 7, 6, 5, 4, 3, 2, 1, 1]))).toEqual([
      'c0',
      'c1',
      'c2',
      'c3',
      'c4',
      'c5',
      'c6',
      'c7',
      'c8',
      'c9',
    ]);
  });

  it('GIVEN a short tail THEN as few series as keep "other" from being the biggest block of the day', () => {
    const s = week([12, 6, 4, 3, 1, 1, 1, 1, 1, 1, 1, 1]);
    const series = pickSeries(s);
    expect(series.named).toEqual(['c0', 'c1', 'c2']);
    expect(series.otherBlock).toBe(true);
    const other = bars(summaryChartSvg(s)).find((b) => b.cause === 'other');
    // 3 + 8 folded crashes, no bigger than the day's biggest named block (12)
    expect(other?.count).toBe(11);
  });

  it('GIVEN a tail too long for any palette THEN "other" is a narrow bar beside the stack, never a block of it', () => {
    const s = week([3, 2, 2, ...Array.from({ length: 27 }, () => 1)]);
    const series = pickSeries(s);
    expect(series.named).toHaveLength(10);
    expect(series.otherBlock).toBe(false);
    const svg = summaryChartSvg(s);
    const stacked = bars(svg).filter((b) => b.cause !== 'other');
    const other = bars(svg).find((b) => b.cause === 'other');
    expect(other?.count).toBe(20);
    // the stack is only the named causes; the day's total is still written over it
    expect(stacked.reduce((n, b) => n + b.count, 0)).toBe(14);
    expect(texts(svg)).toContain('34');
  });
});

describe('reading the chart at a glance', () => {
  it('GIVEN a busiest day of 11 THEN the axis ends at 12, not 20', () => {
    const ticks = axisTicks(summaryChartSvg(week([5, 4, 2])));
    expect(Math.max(...ticks)).toBe(12);
    expect(ticks).toEqual([0, 2, 4, 6, 8, 10, 12]);
  });

  it.each([
    [0, 1],
    [1, 1],
    [5, 5],
    [7, 8],
    [11, 12],
    [23, 25],
    [140, 150],
  ])('GIVEN a largest value of %i THEN the axis tops at %i', (max, top) => {
    expect(niceAxis(max).top).toBe(top);
  });

  it('GIVEN long cause names THEN the legend shows each in full, wrapped rather than cut', () => {
    const long =
      'Host RAM exhausted (OOM killer) while the DataLoader workers each held their own copy of the dataset';
    const svg = summaryChartSvg(week([3, 2]), {
      titleOf: (id) => (id === 'c0' ? long : 'GPU out of memory'),
    });
    expect(svg).not.toContain('…');
    const lines = texts(svg);
    const first = lines.findIndex((t) => long.startsWith(t) && t.length > 0);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(lines.slice(first, first + 3).join(' ')).toContain(long);
  });

  it("GIVEN last week THEN its total is drawn beside this week's and said in the subtitle", () => {
    const s = summarizeWeek(
      source([
        rec('2026-11-10T10:00:00Z', 'gpu-oom'),
        rec('2026-11-11T10:00:00Z', 'gpu-oom'),
        rec('2026-11-11T11:00:00Z', 'segfault'),
        rec('2026-11-17T10:00:00Z', 'gpu-oom'),
      ]),
      WEEK,
      'UTC',
    );
    const svg = summaryChartSvg(s);
    expect(totals(svg)).toEqual([
      ['Last week', 3],
      ['This week', 1],
    ]);
    expect(texts(svg)).toContain('1 crash this week, 3 last week (−2)');
  });
});

describe('escapeXml', () => {
  it.each([
    ['a<b', 'a&#60;b'],
    ["it's", 'it&#39;s'],
    ['plain', 'plain'],
  ])('GIVEN %s THEN it becomes %s', (input, output) => {
    expect(escapeXml(input)).toBe(output);
  });
});
