#!/usr/bin/env node
// Runs every bench/*.bench.mjs in its own process (so peak RSS figures are its own)
// and prints their figures. `npm run bench` builds first; `npm run bench -- NAME` runs
// only the benchmarks whose file name contains NAME.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs') && f.includes(filter))
  .sort();
if (files.length === 0) {
  console.error(`no benchmark matches "${filter}"`);
  process.exit(2);
}
let failed = 0;
for (const f of files) {
  console.log(`\n## ${f.replace('.bench.mjs', '')}`);
  const run = spawnSync(process.execPath, ['--expose-gc', join(here, f)], { stdio: 'inherit' });
  if (run.status !== 0) {
    failed++;
    console.log(`(${f} exited with status ${run.status})`);
  }
}
process.exit(failed ? 1 : 0);
