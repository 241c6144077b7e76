#!/usr/bin/env node
// The scan engine on big training logs: `crashbot diagnose --json FILE` as a whole
// process on four generated ~100 MB logs (bench/training-logs.mjs), each with its crash
// on its last lines, against `grep -c -E` with 14 crash patterns over the same file in
// the same run (runs alternate, and the ratio is the median of the pairs' ratios, so a
// machine whose speed drifts still compares like with like). Peak RSS is the crashbot
// process's own. `SCAN_RUNS` sets the runs per command (3); `SCAN_KINDS` picks kinds
// by name (comma-separated); `SCAN_CLI` runs another build's CLI on the same files.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATOR_VERSION, KINDS, writeTrainingLog } from './training-logs.mjs';

const here = dirname(fileURLToPath(import.meta.url));
/** SCAN_CLI compares another build (another checkout's dist/cli/main.js). */
const CLI = process.env.SCAN_CLI ?? join(here, '..', 'dist', 'cli', 'main.js');
const RSS_CHILD = join(here, 'peak-rss.child.mjs');
const SIZE = 100 * 1024 * 1024;
const RUNS = Number(process.env.SCAN_RUNS ?? 3);
const PICK = process.env.SCAN_KINDS?.split(',');
export const GREP_PATTERNS =
  'out of memory|CUDNN_STATUS|device-side assert|illegal memory access|exit code|Segmentation fault|Killed|NCCL error|no kernel image|DLL load failed|Illegal instruction|driver version is insufficient|Could not load dynamic library|OOM when allocating';

const out = join(here, 'out');
mkdirSync(out, { recursive: true });
const empty = join(out, 'empty.log');
writeFileSync(empty, '');

function timed(cmd, args) {
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  const s = Number(process.hrtime.bigint() - t) / 1e9;
  if (r.error) throw r.error;
  return { s, r };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

console.log(
  `whole processes, median of ${RUNS} alternating runs each; the machine may be shared, so compare the ratios`,
);
for (const kind of KINDS) {
  if (PICK && !PICK.includes(kind.name)) continue;
  const file = join(out, `${kind.name}-v${GENERATOR_VERSION}.log`);
  if (!existsSync(file) || statSync(file).size < SIZE) writeTrainingLog(file, kind, SIZE);
  const bytes = statSync(file).size;
  const ratios = [];
  const starts = [];
  const ours = [];
  const greps = [];
  let rss = 0;
  let found = '';
  for (let i = 0; i <= RUNS; i++) {
    const g = timed('grep', ['-c', '-E', GREP_PATTERNS, file]);
    if (g.r.status !== 0 && g.r.status !== 1) throw new Error(`grep: ${g.r.stderr}`);
    const c = timed(process.execPath, [RSS_CHILD, CLI, 'diagnose', '--json', file]);
    if (c.r.status !== 0) throw new Error(`crashbot diagnose ${file}: ${c.r.stderr}`);
    const e = timed(process.execPath, [CLI, 'diagnose', '--json', empty]);
    if (i === 0) continue; // warm-up: the file into the page cache
    starts.push(e.s);
    greps.push(g.s);
    ours.push(c.s);
    ratios.push(c.s / g.s);
    rss = Math.max(rss, Number(/peak-rss-kb (\d+)/.exec(c.r.stderr)?.[1] ?? 0));
    const d = JSON.parse(c.r.stdout);
    const top = d.causes[0];
    found = `${top?.id ?? 'no cause'} on line ${top?.evidence.at(-1)?.line ?? '-'} of ${d.input.lines}`;
    if (top?.id !== kind.expect) found += ` (expected ${kind.expect})`;
  }
  const mb = bytes / (1024 * 1024);
  console.log(
    `${kind.name.padEnd(14)} ${mb.toFixed(0)} MB: crashbot ${median(ours).toFixed(2)} s = ${(mb / median(ours)).toFixed(0)} MB/s, ` +
      `grep -E ${median(greps).toFixed(2)} s, ratio ${median(ratios).toFixed(1)}x, peak RSS ${(rss / 1024).toFixed(0)} MB; ${found}; ` +
      `start-up (an empty log) ${median(starts).toFixed(2)} s`,
  );
  console.log(`${''.padEnd(15)}(${kind.what})`);
}
