#!/usr/bin/env node
// `crashbot run` overhead: a child that writes 100 MB (log lines and `\r` progress
// redraws) as fast as it can, run plain and under `crashbot run`, in turns, with stdout
// to a file as in `crashbot run -- python train.py > train.log`, and with stdout a pipe
// (`crashbot run -- python train.py | tee train.log`), each for a job that ends green and
// one that fails (exit 1 after the same output: read back, diagnosed, reported). Prints
// the median wall times, their ratio, and crashbot's own peak RSS (its VmHWM, not the
// child's).
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'out');
mkdirSync(out, { recursive: true });
const MB = Number(process.env.RUN_BENCH_MB ?? 100);
const ROUNDS = Number(process.env.RUN_BENCH_ROUNDS ?? 5);
const writer = join(out, 'writer.mjs');
writeFileSync(
  writer,
  `import { writeSync } from 'node:fs';
const lines = [];
for (let i = 0; i < 2000; i++)
  lines.push(i % 3 ? \`step \${i} loss=0.\${i} lr=3e-4 grad_norm=1.\${i}\\n\` : \`\\r \${i % 100}%|####      | \${i}/2000 [00:01<00:09, 10.1it/s]\`);
const block = Buffer.from(lines.join('').repeat(4));
const mb = Number(process.argv[3] ?? ${MB});
for (let written = 0; written < mb * 1024 * 1024; written += block.length) writeSync(1, block);
process.exitCode = Number(process.argv[2] ?? 0);
`,
);
const cli = join(here, '..', 'dist', 'cli', 'main.js');

function once(args, { status, pipe }) {
  return new Promise((resolve, reject) => {
    const fd = openSync(join(out, 'run-output.log'), 'w');
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { stdio: ['ignore', pipe ? 'pipe' : fd, 'ignore'] });
    // A pipe's reader as fast as a file: the bytes are counted and dropped.
    child.stdout?.on('data', () => {});
    let hwm = 0;
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) hwm = Math.max(hwm, Number(m[1]));
      } catch {}
    }, 20);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      closeSync(fd);
      if (code !== status) return reject(new Error(`${args.join(' ')} exited ${code}, not ${status}`));
      resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, rssMb: hwm / 1024 });
    });
  });
}

const median = (xs) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)];

async function pair(label, o) {
  const plain = [writer, String(o.status), String(o.mb ?? MB)];
  const wrapped = [cli, 'run', '--quiet', '--no-store', '--', process.execPath, ...plain];
  await once(plain, o);
  await once(wrapped, o);
  const a = [];
  const b = [];
  for (let i = 0; i < ROUNDS; i++) {
    b.push(await once(plain, o));
    a.push(await once(wrapped, o));
  }
  const plainMs = median(b.map((r) => r.ms));
  const runMs = median(a.map((r) => r.ms));
  const ratios = a.map((r, i) => r.ms / b[i].ms);
  console.log(
    `${label.padEnd(30)} plain ${plainMs.toFixed(0).padStart(5)} ms, under crashbot run ${runMs.toFixed(0).padStart(5)} ms, ` +
      `ratio ${median(ratios).toFixed(2)} (min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)}), ` +
      `extra ${(runMs - plainMs).toFixed(0)} ms, crashbot's own peak RSS ${median(a.map((r) => r.rssMb)).toFixed(0)} MB`,
  );
}

console.log(`${MB} MB written as fast as possible, ${ROUNDS} rounds in turns (medians):`);
await pair('no output (start-up only)', { status: 0, pipe: false, mb: 0 });
await pair('stdout a file, job green', { status: 0, pipe: false });
await pair('stdout a file, job fails', { status: 1, pipe: false });
await pair('stdout a pipe, job green', { status: 0, pipe: true });
await pair('stdout a pipe, job fails', { status: 1, pipe: true });
