#!/usr/bin/env node
// The CLI's start: `crashbot exit-code 137` and `crashbot diagnose SMALL.log` as whole
// processes against `node -e 0` (the floor: Node's own start), in alternating runs; the
// ratio is the median of the pairs' ratios, so a shared machine's drift cancels out.
// `START_RUNS` sets the runs (15). The build keeps the core's compiled code beside it
// (src/cli/code-cache.ts); the first line says whether this Node takes it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { OOM } from './logs.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const CLI = join(here, '..', 'dist', 'cli', 'main.js');
const RUNS = Number(process.env.START_RUNS ?? 15);
mkdirSync(join(here, 'out'), { recursive: true });
const small = join(here, 'out', 'small.log');
writeFileSync(small, `${OOM}\n`);

const chunks = join(here, '..', 'dist', 'chunks');
const coreChunk = readdirSync(chunks).find((f) => /^core-[^.]+\.js$/.test(f));
// Asked in a child started as the CLI is: V8 takes kept code only under the flags it was made
// with, and this benchmark runs under --expose-gc.
const asked = spawnSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `const { codeCacheUse } = await import(${JSON.stringify(pathToFileURL(join(here, '..', 'dist', 'cli', 'code-cache.js')).href)});
await import(${JSON.stringify(pathToFileURL(join(chunks, coreChunk)).href)});
console.log(JSON.stringify(codeCacheUse()[0]?.used ?? null));`,
  ],
  { encoding: 'utf8' },
);
const use = asked.status === 0 ? JSON.parse(asked.stdout.trim()) : null;
console.log(
  `the core's kept compiled code: ${use === true ? 'used' : use === false ? 'refused by V8' : 'none that fits'}`,
);

const node = process.execPath;
function wall(args) {
  const t = process.hrtime.bigint();
  const r = spawnSync(node, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (const [name, args] of [
  ['crashbot exit-code 137', [CLI, 'exit-code', '137']],
  ['crashbot diagnose small.log', [CLI, 'diagnose', small]],
]) {
  const ours = [];
  const floor = [];
  for (let i = 0; i <= RUNS; i++) {
    const a = wall(args);
    const b = wall(['-e', '0']);
    if (i === 0) continue;
    ours.push(a);
    floor.push(b);
  }
  const ratios = ours.map((a, i) => a / floor[i]);
  console.log(
    `${name.padEnd(28)} median ${median(ours).toFixed(0)} ms, node -e 0 ${median(floor).toFixed(0)} ms, ratio ${median(ratios).toFixed(2)}x`,
  );
}
