// The weekly chart as an SVG string: crashes per cause per day, stacked bars with a
// legend. Built purely; the app turns it into a PNG. Text uses the DejaVu Sans family,
// which the PNG renderer loads from the package it ships with.
import type { WeeklySummary } from './types.js';

export interface ChartOptions {
  titleOf?: (causeId: string) => string;
  width?: number;
  height?: number;
}

/** Colour-blind-safe (Okabe-Ito); the last one is "other". */
const COLORS = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#F0E442', '#999999'];
const MAX_SERIES = 7;
const colorOf = (series: string[], k: number) =>
  series[k] === 'other' ? '#999999' : (COLORS[k] ?? '#999999');
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const CHART_FONT = 'DejaVu Sans';

export function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The causes drawn as their own series (most crashes first), the rest folded into "other". */
export function chartSeries(summary: WeeklySummary): string[] {
  const totals = new Map<string, number>();
  for (const day of summary.days)
    for (const [c, n] of Object.entries(day.counts)) totals.set(c, (totals.get(c) ?? 0) + n);
  const ordered = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
  return ordered.length > MAX_SERIES ? [...ordered.slice(0, MAX_SERIES - 1), 'other'] : ordered;
}

function niceMax(n: number): number {
  if (n <= 5) return 5;
  const p = 10 ** Math.floor(Math.log10(n));
  return ([1, 2, 5, 10].map((m) => m * p).find((v) => v >= n) ?? 10 * p) as number;
}

export function summaryChartSvg(summary: WeeklySummary, opts: ChartOptions = {}): string {
  const W = opts.width ?? 1280;
  const H = opts.height ?? 720;
  const titleOf = opts.titleOf ?? ((id: string) => id);
  const plot = { x: 90, y: 100, w: W - 470, h: H - 190 };
  const series = chartSeries(summary);
  const named = new Set(series.filter((s) => s !== 'other'));
  const stacks = summary.days.map((day) => {
    const values = series.map((s) =>
      s === 'other'
        ? Object.entries(day.counts).reduce((sum, [c, n]) => sum + (named.has(c) ? 0 : n), 0)
        : (day.counts[s] ?? 0),
    );
    return { date: day.date, values, total: values.reduce((a, b) => a + b, 0) };
  });
  const max = niceMax(Math.max(0, ...stacks.map((s) => s.total)));
  const y = (v: number) => plot.y + plot.h - (v / max) * plot.h;
  const slot = plot.w / 7;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="${CHART_FONT}">`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    `<text x="${plot.x}" y="56" font-size="30" font-weight="bold" fill="#222">${escapeXml(`Crashes per cause per day, ${summary.week}`)}</text>`,
  ];
  for (let i = 0; i <= 5; i++) {
    const v = (max / 5) * i;
    const gy = y(v).toFixed(1);
    out.push(`<line x1="${plot.x}" x2="${plot.x + plot.w}" y1="${gy}" y2="${gy}" stroke="#dddddd"/>`);
    out.push(
      `<text x="${plot.x - 12}" y="${gy}" font-size="18" fill="#555" text-anchor="end" dominant-baseline="middle">${Number.isInteger(v) ? v : v.toFixed(1)}</text>`,
    );
  }
  stacks.forEach((s, i) => {
    const bx = plot.x + slot * i + slot * 0.2;
    let acc = 0;
    s.values.forEach((v, k) => {
      if (v === 0) return;
      const top = y(acc + v);
      out.push(
        `<rect class="bar" data-cause="${escapeXml(series[k] ?? '')}" data-count="${v}" x="${bx.toFixed(1)}" y="${top.toFixed(1)}" width="${(slot * 0.6).toFixed(1)}" height="${(y(acc) - top).toFixed(1)}" fill="${colorOf(series, k)}"/>`,
      );
      acc += v;
    });
    const label = `${WEEKDAYS[new Date(`${s.date}T00:00:00Z`).getUTCDay()]} ${s.date.slice(8)}`;
    out.push(
      `<text x="${(bx + slot * 0.3).toFixed(1)}" y="${plot.y + plot.h + 32}" font-size="18" fill="#333" text-anchor="middle">${label}</text>`,
    );
    if (s.total > 0)
      out.push(
        `<text x="${(bx + slot * 0.3).toFixed(1)}" y="${(y(s.total) - 8).toFixed(1)}" font-size="16" fill="#333" text-anchor="middle">${s.total}</text>`,
      );
  });
  if (series.length === 0)
    out.push(
      `<text x="${plot.x + plot.w / 2}" y="${plot.y + plot.h / 2}" font-size="28" fill="#777" text-anchor="middle">No crashes this week</text>`,
    );
  series.forEach((s, k) => {
    const ly = plot.y + 10 + k * 40;
    const name = s === 'other' ? 'Other causes' : titleOf(s);
    const short = name.length > 30 ? `${name.slice(0, 29)}…` : name;
    out.push(`<rect x="${W - 350}" y="${ly}" width="24" height="24" fill="${colorOf(series, k)}"/>`);
    out.push(`<text x="${W - 316}" y="${ly + 19}" font-size="18" fill="#222">${escapeXml(short)}</text>`);
  });
  out.push(
    `<line x1="${plot.x}" x2="${plot.x + plot.w}" y1="${plot.y + plot.h}" y2="${plot.y + plot.h}" stroke="#333"/>`,
  );
  out.push('</svg>');
  return out.join('\n');
}
