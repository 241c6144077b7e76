import { describe, expect, it } from 'vitest';
import { renderChartPng } from '../../../src/app/summary/png.js';
import { summarizeWeek } from '../../../src/core/summary/aggregate.js';
import { summaryChartSvg } from '../../../src/core/summary/chart.js';
import { rec, source } from '../../core/summary/records.js';
import { darkPixels, decodePng } from './png-decode.js';

const textOnly = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100">
<rect width="400" height="100" fill="#fff"/>
<text x="10" y="60" font-family="DejaVu Sans" font-size="40" fill="#000">crashbot W47</text></svg>`;

describe('renderChartPng', () => {
  it.each([
    ['the bundled font', undefined, true],
    ['no font at all', [] as string[], false],
  ])('GIVEN text rendered with %s THEN text shows: %s', (_name, fontFiles, shows) => {
    const img = decodePng(renderChartPng(textOnly, fontFiles ? { fontFiles } : {}));
    expect(darkPixels(img) > 500).toBe(shows);
  });

  it('GIVEN a week of crashes THEN the chart PNG is 1280 wide with its title, week totals and legend drawn', () => {
    const s = summarizeWeek(
      source([
        rec('2026-11-16T10:00:00Z', 'gpu-oom'),
        rec('2026-11-17T10:00:00Z', 'segfault'),
        rec('2026-11-17T11:00:00Z', 'segfault'),
      ]),
      '2026-W47',
      'UTC',
    );
    const img = decodePng(renderChartPng(summaryChartSvg(s, { titleOf: (id) => id.toUpperCase() })));
    expect(img.width).toBe(1280);
    expect(img.height).toBeGreaterThan(600);
    expect(img.height).toBeLessThan(1100);
    // the title, this week's total bar beside last week's, and the legend's rows
    expect(darkPixels(img, { x: 80, y: 25, w: 600, h: 45 })).toBeGreaterThan(1000);
    expect(darkPixels(img, { x: 960, y: 100, w: 280, h: 420 })).toBeGreaterThan(2000);
    expect(darkPixels(img, { x: 80, y: 590, w: 800, h: 80 })).toBeGreaterThan(200);
  });

  it('GIVEN a width THEN the PNG is scaled to it', () => {
    const svg = summaryChartSvg(summarizeWeek(source([]), '2026-W47', 'UTC'));
    expect(decodePng(renderChartPng(svg, { width: 640 })).width).toBe(640);
  });
});
