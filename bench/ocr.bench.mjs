#!/usr/bin/env node
// Screenshots: every generated screenshot (scripts/render-screenshots.mjs: one fixture per
// cause, six looks) read with OCR and diagnosed, against the same lines as text. Prints, per
// screenshot, the top cause from the image and from the text and the OCR character error
// rate; then the share that agree, seconds per image (median, p95), a 1920x1080 screenshot's
// time, and peak RSS with the worker loaded.
import { readFileSync } from 'node:fs';
import { diagnoseImage } from '../dist/app/image-diagnosis.js';
import { diagnoseText } from '../dist/core/diagnose.js';
import { loadKnowledge } from '../dist/knowledge/load.js';
import { createOcrEngine } from '../dist/ocr/engine.js';
import { fixtureTail, renderScreenshot, screenshotCases } from '../scripts/render-screenshots.mjs';

const kb = loadKnowledge();
if (!kb.ok) throw new Error('knowledge/ has problems');
const engine = createOcrEngine({ workers: 1, queue: 100, timeoutMs: 120_000, maxPixels: 25_000_000 });
const limits = { maxBytes: 10 * 2 ** 20, maxPixels: 25_000_000 };
const only = process.env.OCR_BENCH_ONLY;

function cer(truth, read) {
  const a = truth.replace(/\s+/g, ' ').trim();
  const b = read.replace(/\s+/g, ' ').trim();
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length] / Math.max(1, a.length);
}

const rows = [];
const times = [];
let agree = 0;
// Warm-up: the worker's start (model load) is not part of an image's time.
await engine.read('png', renderScreenshot(['warm up'], 'terminal-light'));
for (const c of screenshotCases().filter((x) => !only || x.cause.includes(only))) {
  const lines = fixtureTail(c.file);
  const png = renderScreenshot(lines, c.theme);
  const text = diagnoseText(lines.join('\n'), kb.kb).causes[0]?.id ?? 'none';
  const t = performance.now();
  const out = await diagnoseImage({ kb: kb.kb, ocr: engine, limits }, png);
  times.push((performance.now() - t) / 1000);
  const image = out.ok ? (out.diagnosis.causes[0]?.id ?? 'none') : `(${out.code})`;
  const rate = out.ok ? cer(lines.join('\n'), out.text) : 1;
  if (image === text) agree++;
  rows.push(
    `${image === text ? 'same' : 'DIFF'}  ${c.theme.padEnd(15)} ${c.cause.padEnd(28)} text: ${text.padEnd(26)} image: ${image.padEnd(26)} CER ${(rate * 100).toFixed(1)}%`,
  );
}
console.log(rows.join('\n'));
times.sort((a, b) => a - b);
const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
console.log(
  `screenshots: ${agree} of ${rows.length} give the text's top cause (${((agree / rows.length) * 100).toFixed(0)}%); ` +
    `seconds per image: median ${q(0.5).toFixed(2)}, p95 ${q(0.95).toFixed(2)}`,
);
// A full-HD screenshot of a terminal: 1920x1080 with 50 lines of a real-shaped log.
const hdLines = fixtureTail(screenshotCases().find((c) => c.cause === 'gpu-oom').file, 50);
const hd = renderScreenshot(
  [...hdLines, ...Array(Math.max(0, 56 - hdLines.length)).fill('')],
  'terminal-dark',
);
const t0 = performance.now();
await diagnoseImage({ kb: kb.kb, ocr: engine, limits }, hd);
const status = readFileSync('/proc/self/status', 'utf8');
console.log(
  `1920-wide screenshot (${hd.length} bytes): ${((performance.now() - t0) / 1000).toFixed(2)} s; ` +
    `peak RSS with the worker loaded ${(Number(/VmHWM:\s+(\d+)/.exec(status)[1]) / 1024).toFixed(0)} MB`,
);
await engine.close();
