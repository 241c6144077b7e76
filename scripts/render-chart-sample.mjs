// Renders the weekly chart of a sample week (30 causes, a long tail, 11 crashes on the
// busiest day, last week for comparison) to a PNG, for docs/ and for looking at the chart.
//   npm run build && node scripts/render-chart-sample.mjs docs/summary-chart.png [DIST]
// DIST is the built package to render with (default: this checkout's dist/), so the same
// sample can be drawn by another build for a before/after comparison.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [out = 'summary-chart.png', distArg = 'dist'] = process.argv.slice(2);
const dist = pathToFileURL(`${resolve(distArg)}/`).href;
const { summarizeWeek } = await import(`${dist}core/summary/aggregate.js`);
const { summaryChartSvg } = await import(`${dist}core/summary/chart.js`);
const { renderChartPng } = await import(`${dist}app/summary/png.js`);
const { loadKnowledge } = await import(`${dist}knowledge/load.js`);

const loaded = loadKnowledge(resolve(distArg, '..', 'knowledge'));
if (!loaded.ok) throw new Error('knowledge base has problems');
const ids = [...loaded.kb.causes.keys()];
const titleOf = (id) => loaded.kb.causes.get(id)?.title ?? id;

// A week shaped like a busy team's: a few causes most days, a long tail of one-offs.
const weights = [9, 7, 6, 5, 4, 3, 3, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
const order = [
  'gpu-oom',
  'host-oom',
  'cudnn-version-mismatch',
  'native-crash-windows',
  'nccl-error',
  'dataloader-worker-crash',
  'cuda-version-mismatch',
  'device-side-assert',
  'missing-cuda-library',
  'driver-too-old',
  'gpu-not-detected',
  'segfault',
  ...ids,
].filter((id, i, all) => ids.includes(id) && all.indexOf(id) === i);
const causes = order.slice(0, weights.length);
const day = (d, h) => Date.UTC(2026, 10, 16 + d, h, 0, 0);
let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const records = [];
const add = (at, cause, i) =>
  records.push({
    at,
    fingerprint: `fp1:${cause}:${i % 3}`,
    topCause: cause,
    userHash: `u${i % 9}`,
    framework: 'pytorch',
    signature: null,
  });
let n = 0;
causes.forEach((cause, c) => {
  for (let k = 0; k < weights[c]; k++) add(day(Math.floor(random() * 7), 9 + (k % 8)), cause, n++);
});
// Last week: a little busier.
causes.forEach((cause, c) => {
  for (let k = 0; k < weights[c] + (c % 4 === 0 ? 1 : 0); k++)
    add(day(-7 + Math.floor(random() * 7), 10), cause, n++);
});
const firstSeen = {};
for (const r of records) firstSeen[r.fingerprint] = Math.min(firstSeen[r.fingerprint] ?? r.at, r.at);
const summary = summarizeWeek({ records, firstSeen, feedback: { fixed: 4, wrong: 1 } }, '2026-W47', 'UTC');
writeFileSync(out, renderChartPng(summaryChartSvg(summary, { titleOf })));
const busiest = Math.max(...summary.days.map((d) => Object.values(d.counts).reduce((a, b) => a + b, 0)));
console.log(
  `${out}: ${summary.crashes} crashes (${summary.previousCrashes} last week), ${causes.length} causes, busiest day ${busiest}`,
);
