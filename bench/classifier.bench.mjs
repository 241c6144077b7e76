#!/usr/bin/env node
// Classifier speed: per-paste diagnose time over the real crash logs of the dev corpus
// (in process), and throughput and peak RSS on a 100 MB noisy training log whose error
// is at the very end (read by a separate process, so its RSS is its own).
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diagnoseText } from '../dist/core/diagnose.js';
import { loadKnowledge } from '../dist/knowledge/load.js';

const here = dirname(fileURLToPath(import.meta.url));
const kb = loadKnowledge();
if (!kb.ok) throw new Error('knowledge/ has problems; run crashbot knowledge check');

// 1. Per-paste latency.
const corpus = join(here, '..', '..', 'shared', 'corpus', 'dev.jsonl');
const logs = existsSync(corpus)
  ? readFileSync(corpus, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l).log)
  : fixtureLogs();
const source = existsSync(corpus) ? 'dev corpus' : 'fixture logs';
for (const log of logs) diagnoseText(log, kb.kb); // warm up
const times = [];
for (let round = 0; round < 20; round++) {
  for (const log of logs) {
    const t = process.hrtime.bigint();
    diagnoseText(log, kb.kb);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
}
times.sort((a, b) => a - b);
const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
console.log(
  `diagnose per paste (${logs.length} ${source} logs x 20): median ${q(0.5).toFixed(3)} ms, p99 ${q(0.99).toFixed(3)} ms`,
);

// 2. The 100 MB noisy log, error at the end.
const out = join(here, 'out');
mkdirSync(out, { recursive: true });
const big = join(out, 'noisy-100mb.log');
if (!existsSync(big) || statSync(big).size < 100 * 1024 * 1024) writeNoisyLog(big, 100 * 1024 * 1024);
const child = spawnSync(process.execPath, [join(here, 'diagnose-file.child.mjs'), big], { encoding: 'utf8' });
if (child.status !== 0) throw new Error(child.stderr);
const r = JSON.parse(child.stdout);
const mb = r.bytes / (1024 * 1024);
console.log(
  `100 MB noisy log: ${mb.toFixed(0)} MB in ${r.ms.toFixed(0)} ms = ${(mb / (r.ms / 1000)).toFixed(0)} MB/s, ` +
    `peak RSS ${(r.maxRssKb / 1024).toFixed(0)} MB, found ${r.cause} on line ${r.line} of ${r.lines}`,
);

function fixtureLogs() {
  const dir = join(here, '..', 'test', 'fixtures', 'logs');
  return readdirSync(dir).flatMap((d) =>
    readdirSync(join(dir, d)).map((f) =>
      readFileSync(join(dir, d, f), 'utf8').replace(/^#crashbot:.*\n/gm, ''),
    ),
  );
}

function writeNoisyLog(path, size) {
  const lines = [
    (i) =>
      `2024-05-01 12:${String(i % 60).padStart(2, '0')}:00,123 - trainer - INFO - step ${i}/500000 loss=0.${i % 9999} lr=3.0e-04 grad_norm=1.${i % 97}`,
    (i) =>
      `Epoch ${i % 90}/90 ${i % 5000}/5000 [=====>........] - ETA: 9:01 - loss: 0.4521 - acc: 0.8812\r`.repeat(
        3,
      ),
    (i) =>
      ` ${i % 100}%|███▍      | ${i % 1000}/1000 [00:${i % 60}<01:30, 10.${i % 9}it/s, loss=0.${i % 977}]`,
    (i) =>
      `[rank${i % 8}]: iteration ${i} | consumed samples ${i * 64} | elapsed time per iteration (ms): 812.${i % 10} | tokens/s 12${i % 1000}`,
    (i) => `  eval/accuracy=0.${i % 9973} eval/f1=0.${i % 9967} throughput=${i % 4096} samples/s`,
  ];
  const warning =
    '/opt/conda/lib/python3.10/site-packages/torch/utils/data/dataloader.py:558: UserWarning: This DataLoader will create 16 worker processes in total. Our suggested max number of worker in current system is 8.';
  const fd = openSync(path, 'w');
  let written = 0;
  let i = 0;
  while (written < size) {
    let chunk = '';
    for (let k = 0; k < 2000; k++, i++) chunk += `${i % 997 === 0 ? warning : lines[i % lines.length](i)}\n`;
    written += writeSync(fd, chunk);
  }
  writeSync(
    fd,
    [
      'Traceback (most recent call last):',
      '  File "/workspace/train.py", line 412, in <module>',
      '    loss.backward()',
      'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.50 GiB (GPU 0; 79.15 GiB total capacity; 74.02 GiB already allocated)',
      '',
    ].join('\n'),
  );
  closeSync(fd);
}
