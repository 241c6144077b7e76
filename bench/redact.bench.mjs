// Redaction benchmark. A 5 MB paste made of the fixture crash logs (with a planted secret
// every 200 lines, so the redactor has work to do), redacted whole, as a long log line
// quoted inside JSON (the escape view), and quoted the way a reply quotes: a handful of
// lines with their neighbours (redactLines). Reference in the same process: one pass of
// a single simple regular expression over the same text, and a split into lines.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { redactLines, redactSecrets } from '../dist/core/redact/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const SIZE = 5 * 1024 * 1024;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const root = join(here, '..', 'test', 'fixtures', 'logs');
const parts = [];
for (const dir of readdirSync(root).sort())
  for (const f of readdirSync(join(root, dir)).sort())
    if (f.endsWith('.log')) parts.push(readFileSync(join(root, dir, f), 'utf8'));
const base = parts.join('\n').split('\n');
const lines = [];
let size = 0;
for (let i = 0; size < SIZE; i++) {
  for (const [j, l] of base.entries()) {
    const line = (i * base.length + j) % 200 === 0 ? `export HF_TOKEN=hf_${'Ab3'.repeat(11)}x${i}${j}` : l;
    lines.push(line);
    size += line.length + 1;
  }
}
const text = lines.join('\n').slice(0, SIZE);
const json = JSON.stringify({ level: 'error', message: text.slice(0, 1024 * 1024) });
const textLines = text.split('\n');

function time(fn, runs = RUNS) {
  const ms = [];
  let out;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    out = fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(runs / 2)], min: ms[0], out };
}

const mb = (s) => Buffer.byteLength(s) / 1024 / 1024;
const first = time(() => redactSecrets(text), 1);
const whole = time(() => redactSecrets(text));
const reference = time(() => text.match(/\d{4}-\d{2}-\d{2}/g)?.length ?? 0);
const split = time(() => text.split('\n').length);
const inJson = time(() => redactSecrets(json));
// A reply quotes about 8 lines; each is read with 2 lines of context on either side.
const quotedAt = Array.from({ length: 8 }, (_, i) => Math.floor((textLines.length * (i + 1)) / 9));
const quoted = time(() => quotedAt.map((at) => redactLines(textLines, at, at + 1)), 200);

const row = (name, r, bytes) =>
  `${name.padEnd(44)} ${r.median.toFixed(1).padStart(8)} ms median` +
  (bytes ? `  ${(bytes / (r.median / 1000)).toFixed(1).padStart(6)} MB/s` : '');
console.log(
  `redaction of a ${mb(text).toFixed(1)} MB paste (${textLines.length} lines), ${RUNS} runs, machine shared`,
);
console.log(row('redactSecrets, first call (cold)', first, mb(text)));
console.log(row('redactSecrets, whole paste', whole, mb(text)));
console.log(`  secrets replaced: ${whole.out.count}`);
console.log(row('redactSecrets, 1 MB log line of JSON', inJson, mb(json)));
console.log(row('redactLines, 8 quoted lines with neighbours', quoted));
console.log(row('reference: one date regex over the paste', reference, mb(text)));
console.log(row('reference: split into lines', split, mb(text)));
console.log(`ratio whole / date regex: ${(whole.median / reference.median).toFixed(1)}x`);
