// Which causes the weekly chart draws in colour, and the y-axis it needs. The number of
// coloured series comes from the data: as few as keep "other causes" from being the
// biggest block of any day, so a long tail never hides the causes that matter.
import type { WeeklySummary } from './types.js';

/** Colour-blind-safe colours (Okabe-Ito, then Paul Tol's muted set), one per named series. */
export const SERIES_COLORS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#D55E00',
  '#CC79A7',
  '#56B4E9',
  '#882255',
  '#44AA99',
  '#999933',
  '#332288',
] as const;
export const OTHER_COLOR = '#C8C8C8';
/** Named series drawn at least, when there are that many causes. */
const MIN_NAMED = 3;

export interface ChartSeries {
  /** The causes drawn in colour, most crashes first. */
  named: string[];
  /** The causes folded into "other causes". */
  folded: string[];
  /**
   * Whether "other" is a block of each day's stack; false when even a full palette leaves it
   * the biggest block of some day: it is then a narrow bar beside each stack.
   */
  otherBlock: boolean;
}

export function causeTotals(summary: WeeklySummary): [string, number][] {
  const totals = new Map<string, number>();
  for (const day of summary.days)
    for (const [c, n] of Object.entries(day.counts)) totals.set(c, (totals.get(c) ?? 0) + n);
  return [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/**
 * The fewest named series (at least MIN_NAMED, at most one per colour) for which "other" is
 * no bigger than the biggest named block on every day. A single folded cause is named.
 */
export function pickSeries(summary: WeeklySummary): ChartSeries {
  const ordered = causeTotals(summary).map(([c]) => c);
  if (ordered.length <= SERIES_COLORS.length) return { named: ordered, folded: [], otherBlock: false };
  for (let k = MIN_NAMED; k < SERIES_COLORS.length; k++) {
    const named = ordered.slice(0, k);
    if (otherNeverBiggest(summary, new Set(named)))
      return { named, folded: ordered.slice(k), otherBlock: true };
  }
  const named = ordered.slice(0, SERIES_COLORS.length);
  return { named, folded: ordered.slice(SERIES_COLORS.length), otherBlock: false };
}

function otherNeverBiggest(summary: WeeklySummary, named: ReadonlySet<string>): boolean {
  return summary.days.every((day) => {
    let other = 0;
    let biggest = 0;
    for (const [c, n] of Object.entries(day.counts)) {
      if (named.has(c)) biggest = Math.max(biggest, n);
      else other += n;
    }
    return other <= biggest;
  });
}

/** An axis whose top is the first round number at or above the data: 12 for 11, not 20. */
export function niceAxis(max: number): { top: number; step: number } {
  if (max <= 0) return { top: 1, step: 1 };
  for (let p = 1; ; p *= 10) {
    for (const m of [1, 2, 5]) {
      const step = m * p;
      const top = Math.ceil(max / step) * step;
      if (top / step <= 6) return { top, step };
    }
  }
}
