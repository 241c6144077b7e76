import { describe, expect, it } from 'vitest';
import { summarizeWeek } from '../../../src/core/summary/aggregate.js';
import { chartSeries, escapeXml, summaryChartSvg } from '../../../src/core/summary/chart.js';
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

describe('chartSeries', () => {
  it.each([
    [3, ['c0', 'c1', 'c2']],
    [7, ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6']],
    [9, ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'other']],
  ])('GIVEN %i causes THEN the series are %j', (n, expected) => {
    const records = Array.from({ length: n }, (_, i) =>
      Array.from({ length: 20 - i }, () => rec('2026-11-17T10:00:00Z', `c${i}`)),
    ).flat();
    expect(chartSeries(summarizeWeek(source(records), WEEK, 'UTC'))).toEqual(expected);
  });

  it('GIVEN nine causes THEN the "other" bar holds the folded counts', () => {
    const records = Array.from({ length: 9 }, (_, i) => rec('2026-11-17T10:00:00Z', `c${i}`));
    const other = bars(summaryChartSvg(summarizeWeek(source(records), WEEK, 'UTC'))).find(
      (b) => b.cause === 'other',
    );
    expect(other?.count).toBe(3);
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
