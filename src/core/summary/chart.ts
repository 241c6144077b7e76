// The weekly chart as an SVG string: crashes per cause per day as stacked bars on an axis
// that fits the busiest day, this week's total beside last week's, and a legend table
// below with every named cause in full (wrapped, never cut), its count and last week's.
// Built purely; the app turns it into a PNG. Text uses the DejaVu Sans family, which the
// PNG renderer loads from the package it ships with.
import { type ChartSeries, niceAxis, OTHER_COLOR, pickSeries, SERIES_COLORS } from './chart-series.js';
import { change } from './reply.js';
import type { WeeklySummary } from './types.js';

export { causeTotals, pickSeries } from './chart-series.js';

export interface ChartOptions {
  titleOf?: (causeId: string) => string;
  width?: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const CHART_FONT = 'DejaVu Sans';
/** DejaVu Sans is wide: an upper bound of its mean advance, in ems, for wrapping. */
const EM = 0.6;

export function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The series drawn, "other" last when it is a block (kept for callers that list them). */
export function chartSeries(summary: WeeklySummary): string[] {
  const s = pickSeries(summary);
  return s.folded.length ? [...s.named, 'other'] : s.named;
}

/** Words wrapped into lines of at most `width` pixels at `size` px. */
export function wrap(text: string, width: number, size: number): string[] {
  const max = Math.max(8, Math.floor(width / (size * EM)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= max || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

interface Stack {
  date: string;
  values: number[];
  other: number;
  total: number;
}

function stacks(summary: WeeklySummary, s: ChartSeries): Stack[] {
  const named = new Set(s.named);
  return summary.days.map((day) => {
    const values = s.named.map((c) => day.counts[c] ?? 0);
    const other = Object.entries(day.counts).reduce((sum, [c, n]) => sum + (named.has(c) ? 0 : n), 0);
    return { date: day.date, values, other, total: values.reduce((a, b) => a + b, 0) + other };
  });
}

export function summaryChartSvg(summary: WeeklySummary, opts: ChartOptions = {}): string {
  const W = opts.width ?? 1280;
  const titleOf = opts.titleOf ?? ((id: string) => id);
  const series = pickSeries(summary);
  const days = stacks(summary, series);
  const plot = { x: 80, y: 130, w: W - 380, h: 380 };
  const axis = niceAxis(
    Math.max(0, ...days.map((d) => (series.otherBlock ? d.total : Math.max(d.total - d.other, d.other)))),
  );
  const y = (v: number) => plot.y + plot.h - (v / axis.top) * plot.h;
  const slot = plot.w / 7;
  const out: string[] = [
    text(plot.x, 56, `Crashes per cause per day, ${summary.week}`, { size: 30, weight: 'bold' }),
    text(
      plot.x,
      92,
      `${summary.crashes} ${summary.crashes === 1 ? 'crash' : 'crashes'} this week, ${summary.previousCrashes} last week (${change(summary.crashes, summary.previousCrashes)})`,
      { size: 20, fill: '#444' },
    ),
  ];
  for (let v = 0; v <= axis.top; v += axis.step) {
    const gy = y(v).toFixed(1);
    out.push(`<line x1="${plot.x}" x2="${plot.x + plot.w}" y1="${gy}" y2="${gy}" stroke="#e4e4e4"/>`);
    out.push(
      text(plot.x - 12, Number(gy), String(v), { size: 18, fill: '#555', anchor: 'end', middle: true }),
    );
  }
  days.forEach((d, i) => {
    out.push(...bar(d, i, series, { plot, slot, y }));
  });
  if (summary.crashes === 0)
    out.push(
      text(plot.x + plot.w / 2, plot.y + plot.h / 2, 'No crashes this week', {
        size: 28,
        fill: '#777',
        anchor: 'middle',
      }),
    );
  out.push(
    `<line x1="${plot.x}" x2="${plot.x + plot.w}" y1="${plot.y + plot.h}" y2="${plot.y + plot.h}" stroke="#333"/>`,
  );
  out.push(...weekTotals(summary, { x: plot.x + plot.w + 70, y: plot.y, h: plot.h }));
  const legend = legendTable(summary, series, titleOf, {
    x: plot.x,
    y: plot.y + plot.h + 80,
    w: W - plot.x - 40,
  });
  out.push(...legend.parts);
  const H = Math.ceil(legend.bottom + 30);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="${CHART_FONT}">`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    ...out,
    '</svg>',
  ].join('\n');
}

function bar(
  d: Stack,
  i: number,
  s: ChartSeries,
  g: { plot: { x: number; y: number; h: number }; slot: number; y: (v: number) => number },
): string[] {
  const out: string[] = [];
  const bx = g.plot.x + g.slot * i + g.slot * 0.2;
  const width = (g.slot * 0.6).toFixed(1);
  let acc = 0;
  const block = (cause: string, v: number, fill: string) => {
    if (v === 0) return;
    const top = g.y(acc + v);
    out.push(
      `<rect class="bar" data-cause="${escapeXml(cause)}" data-count="${v}" x="${bx.toFixed(1)}" y="${top.toFixed(1)}" width="${width}" height="${(g.y(acc) - top).toFixed(1)}" fill="${fill}" stroke="#ffffff" stroke-width="1"/>`,
    );
    acc += v;
  };
  d.values.forEach((v, k) => {
    block(s.named[k] ?? '', v, SERIES_COLORS[k] ?? OTHER_COLOR);
  });
  if (s.otherBlock) block('other', d.other, OTHER_COLOR);
  let labelTop = g.y(acc);
  if (!s.otherBlock && d.other > 0) {
    // A long tail is drawn beside the stack, not in it, so it never buries the named causes.
    const top = g.y(d.other);
    out.push(
      `<rect class="bar" data-cause="other" data-count="${d.other}" x="${(bx + g.slot * 0.6 + 3).toFixed(1)}" y="${top.toFixed(1)}" width="${(g.slot * 0.14).toFixed(1)}" height="${(g.y(0) - top).toFixed(1)}" fill="${OTHER_COLOR}" stroke="#8c8c8c" stroke-dasharray="3 2"/>`,
    );
    labelTop = Math.min(labelTop, top);
  }
  const cx = bx + g.slot * 0.3;
  const label = `${WEEKDAYS[new Date(`${d.date}T00:00:00Z`).getUTCDay()]} ${d.date.slice(8)}`;
  out.push(text(cx, g.plot.y + g.plot.h + 32, label, { size: 18, fill: '#333', anchor: 'middle' }));
  if (d.total > 0)
    out.push(text(cx, labelTop - 8, String(d.total), { size: 16, fill: '#333', anchor: 'middle' }));
  return out;
}

/** Last week's total and this week's, side by side on their own scale. */
function weekTotals(summary: WeeklySummary, at: { x: number; y: number; h: number }): string[] {
  const top = niceAxis(Math.max(summary.crashes, summary.previousCrashes)).top;
  const out = [text(at.x + 85, at.y - 14, 'Week totals', { size: 18, weight: 'bold', anchor: 'middle' })];
  const bars: [string, number, string][] = [
    ['Last week', summary.previousCrashes, '#BDBDBD'],
    ['This week', summary.crashes, '#404040'],
  ];
  bars.forEach(([label, n, fill], i) => {
    const bx = at.x + i * 100;
    const h = (n / top) * at.h;
    const by = at.y + at.h - h;
    out.push(
      `<rect class="total" data-week="${label}" data-count="${n}" x="${bx}" y="${by.toFixed(1)}" width="70" height="${h.toFixed(1)}" fill="${fill}"/>`,
    );
    out.push(text(bx + 35, by - 8, String(n), { size: 18, weight: 'bold', anchor: 'middle' }));
    out.push(text(bx + 35, at.y + at.h + 32, label, { size: 16, fill: '#333', anchor: 'middle' }));
  });
  out.push(
    `<line x1="${at.x - 10}" x2="${at.x + 170}" y1="${at.y + at.h}" y2="${at.y + at.h}" stroke="#333"/>`,
  );
  return out;
}

/** Every drawn series with its full name (wrapped), this week's count and last week's. */
function legendTable(
  summary: WeeklySummary,
  s: ChartSeries,
  titleOf: (id: string) => string,
  at: { x: number; y: number; w: number },
): { parts: string[]; bottom: number } {
  const previous = new Map(summary.causes.map((c) => [c.cause, c.previous]));
  const count = new Map(summary.causes.map((c) => [c.cause, c.count]));
  const numbers = { week: at.x + at.w - 200, last: at.x + at.w - 40 };
  const nameWidth = numbers.week - at.x - 120;
  const parts = [
    text(at.x, at.y, 'Cause', { size: 16, fill: '#555', weight: 'bold' }),
    text(numbers.week, at.y, 'This week', { size: 16, fill: '#555', weight: 'bold', anchor: 'end' }),
    text(numbers.last, at.y, 'Last week', { size: 16, fill: '#555', weight: 'bold', anchor: 'end' }),
  ];
  let rowY = at.y + 14;
  const row = (name: string, fill: string, week: number, last: number | null, stroke = '') => {
    const lines = wrap(name, nameWidth, 18);
    parts.push(`<rect x="${at.x}" y="${rowY + 6}" width="22" height="22" fill="${fill}"${stroke}/>`);
    lines.forEach((l, i) => {
      parts.push(text(at.x + 34, rowY + 24 + i * 22, l, { size: 18 }));
    });
    parts.push(text(numbers.week, rowY + 24, String(week), { size: 18, anchor: 'end' }));
    if (last !== null)
      parts.push(text(numbers.last, rowY + 24, String(last), { size: 18, fill: '#555', anchor: 'end' }));
    rowY += 12 + lines.length * 22;
  };
  s.named.forEach((c, k) => {
    row(titleOf(c), SERIES_COLORS[k] ?? OTHER_COLOR, count.get(c) ?? 0, previous.get(c) ?? 0);
  });
  if (s.folded.length) {
    const week = s.folded.reduce((n, c) => n + (count.get(c) ?? 0), 0);
    const last = s.folded.reduce((n, c) => n + (previous.get(c) ?? 0), 0);
    const how = s.otherBlock ? '' : ', the narrow bar beside each day';
    row(
      `Other causes (${s.folded.length}${how})`,
      OTHER_COLOR,
      week,
      last,
      s.otherBlock ? '' : ' stroke="#8c8c8c" stroke-dasharray="3 2"',
    );
  }
  return { parts, bottom: rowY };
}

function text(
  x: number,
  y: number,
  content: string,
  o: { size: number; fill?: string; weight?: string; anchor?: 'end' | 'middle'; middle?: boolean },
): string {
  const attrs = [
    `x="${Number(x.toFixed(1))}"`,
    `y="${Number(y.toFixed(1))}"`,
    `font-size="${o.size}"`,
    `fill="${o.fill ?? '#222'}"`,
    o.weight ? `font-weight="${o.weight}"` : '',
    o.anchor ? `text-anchor="${o.anchor}"` : '',
    o.middle ? 'dominant-baseline="middle"' : '',
  ].filter(Boolean);
  return `<text ${attrs.join(' ')}>${escapeXml(content)}</text>`;
}
