#!/usr/bin/env node
// Classifier speed on pastes: diagnose time per paste over the real crash logs of the
// dev corpus (the fixture logs without ../shared), in process, as wall time and as CPU
// time (the machine may be shared: CPU time is what preemption does not inflate). The
// big logs are bench/scan.bench.mjs's. CPU time is the process's, so it includes the
// engine's compiler and garbage collector threads working beside the paste.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diagnoseText } from '../dist/core/diagnose.js';
import { loadKnowledge } from '../dist/knowledge/load.js';

const here = dirname(fileURLToPath(import.meta.url));
const kb = loadKnowledge();
if (!kb.ok) throw new Error('knowledge/ has problems; run crashbot knowledge check');

const corpus = join(here, '..', '..', 'shared', 'corpus', 'dev.jsonl');
const logs = existsSync(corpus)
  ? readFileSync(corpus, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l).log)
  : fixtureLogs();
const source = existsSync(corpus) ? 'dev corpus' : 'fixture logs';
const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(3);
};
// Two points in a process's life: after 5 rounds of the corpus (a bot that has just
// started; the engine has not yet optimised the rarer paths) and after 40 (a bot that has
// served a few thousand messages). Each as a mention uses it and as listening does:
// listening also asks whether the message is a crash report, which reads its layout.
let warmed = 0;
for (const rounds of [5, 40]) {
  for (; warmed < rounds; warmed++) for (const log of logs) diagnoseText(log, kb.kb).crashReport;
  for (const [label, listening] of [
    ['as a mention', false],
    ['as listening', true],
  ]) {
    const wall = [];
    const cpu = [];
    for (let round = 0; round < 20; round++) {
      for (const log of logs) {
        const c = process.cpuUsage();
        const t = process.hrtime.bigint();
        const d = diagnoseText(log, kb.kb);
        if (listening) void d.crashReport;
        wall.push(Number(process.hrtime.bigint() - t) / 1e6);
        const used = process.cpuUsage(c);
        cpu.push((used.user + used.system) / 1000);
      }
    }
    console.log(
      `diagnose per paste ${label}, after ${rounds} rounds (${logs.length} ${source} logs x 20): wall median ${q(wall, 0.5)} ms, p99 ${q(wall, 0.99)} ms; ` +
        `CPU median ${q(cpu, 0.5)} ms, p99 ${q(cpu, 0.99)} ms`,
    );
  }
}

function fixtureLogs() {
  const dir = join(here, '..', 'test', 'fixtures', 'logs');
  return readdirSync(dir).flatMap((d) =>
    readdirSync(join(dir, d)).map((f) =>
      readFileSync(join(dir, d, f), 'utf8').replace(/^#crashbot:.*\n/gm, ''),
    ),
  );
}
