// Crafted pastes against backtracking regular expressions (test/helpers/crafted.mjs: 5 MB
// each of dots, spaces, tabs, digits, `+`, newlines and near-matches after the words that
// send a line to a pattern) through `crashbot diagnose` (dist/, or BENCH_CLI for another
// build): the CPU time of each run as the process reports it on exit, against `node -e 0`
// in the same run. A linear reader costs a fraction of a second per MB.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { craftedInputs } from '../test/helpers/crafted.mjs';
import { CLI } from './crashbot-process.mjs';

const REPORT_CPU = [
  '--import',
  'data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("\\ncpu-us:"+(u.user+u.system)+"\\n")})',
];
const cpuOf = (args) => {
  const r = spawnSync(process.execPath, [...REPORT_CPU, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return { seconds: Number(/cpu-us:(\d+)/.exec(r.stderr)?.[1]) / 1e6, status: r.status };
};

const dir = mkdtempSync(join(tmpdir(), 'crashbot-crafted-bench-'));
try {
  const base = cpuOf(['-e', '0']).seconds;
  console.log(`crafted: ${CLI}; node -e 0 costs ${base.toFixed(2)} s of CPU here; the machine is shared`);
  let worst = 0;
  let total = 0;
  for (const [i, c] of craftedInputs().entries()) {
    const file = join(dir, `crafted-${i}.log`);
    writeFileSync(file, c.text);
    const { seconds, status } = cpuOf([CLI, 'diagnose', '--json', file]);
    worst = Math.max(worst, seconds);
    total += seconds;
    const mb = Buffer.byteLength(c.text) / (1024 * 1024);
    console.log(
      `crafted: ${c.name.padEnd(48)} ${mb.toFixed(1)} MB  ${seconds.toFixed(2).padStart(6)} s CPU (${(seconds / base).toFixed(0)}x node -e 0)${status === 0 ? '' : `  exit ${status}`}`,
    );
  }
  console.log(`crafted: worst ${worst.toFixed(2)} s, all ${total.toFixed(1)} s of CPU`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
