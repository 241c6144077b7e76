// Version extraction benchmark: a 5,000-line environment dump (collect_env followed by a
// long `pip freeze`), read by the collector alone, by the whole env reader (decode, split,
// normalise, collect), and then checked and rendered as the env report.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeLine } from '../dist/core/text/normalize.js';
import { createEnvReader } from '../dist/core/versions/env-reader.js';
import { createVersionCollector, renderEnvReport, runVersionChecks } from '../dist/core/versions/index.js';
import { loadCompat } from '../dist/knowledge/compat.js';
import { ProblemList } from '../dist/knowledge/files.js';

const here = dirname(fileURLToPath(import.meta.url));
const LINES = 5_000;
const RUNS = 300;

const collectEnv = readFileSync(
  join(here, '..', 'test', 'core', 'versions', 'fixtures', 'collect-env-linux.txt'),
  'utf8',
);
const tracked = [
  'torch==2.1.0+cu118',
  'torchvision==0.16.0+cu118',
  'tensorflow==2.15.0',
  'tensorflow-estimator==2.15.0',
  'tensorboard==2.15.1',
  'keras==2.15.0',
  'jax==0.4.23',
  'jaxlib==0.4.23+cuda12.cudnn89',
  'numpy==1.26.4',
  'protobuf==4.25.3',
  'nvidia-cudnn-cu12==8.9.2.26',
  'nvidia-cuda-runtime-cu12==12.1.105',
  'python-dateutil==2.8.2',
  'typing_extensions==4.9.0',
];
const head = collectEnv.trimEnd().split('\n');
const freeze = [];
for (let n = 0; head.length + freeze.length < LINES; n++) {
  freeze.push(
    n % 40 === 0 ? tracked[(n / 40) % tracked.length] : `package-${n}==${1 + (n % 9)}.${n % 31}.${n % 7}`,
  );
}
const dump = [...head, ...freeze].join('\n');
const bytes = new TextEncoder().encode(dump);

const problems = new ProblemList(join(here, '..'));
const compat = loadCompat(join(here, '..', 'knowledge', 'compat'), problems);
if (problems.items.length)
  throw new Error(`knowledge/compat has problems: ${JSON.stringify(problems.items)}`);

function time(fn) {
  const ms = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(RUNS / 2)], p99: ms[Math.floor(RUNS * 0.99)] };
}

// The collector gets normalised lines, as the classifier hands them on.
const pieces = dump.split('\n').map((line, i) => [normalizeLine(line), i + 1]);
let facts;
const extract = time(() => {
  const c = createVersionCollector();
  for (const [parts, n] of pieces) for (const p of parts) c.line(p, n);
  facts = c.result();
});
const read = time(() => {
  const r = createEnvReader();
  r.push(bytes);
  r.end();
});
let checks;
const check = time(() => {
  checks = runVersionChecks(facts, compat, { framework: null, os: facts.os, causeIds: [] });
  renderEnvReport(facts, checks);
});

const mb = bytes.length / 1e6;
const f = (x) => x.toFixed(2);
console.log(
  `input: ${LINES.toLocaleString('en')}-line collect_env + pip freeze dump, ${(bytes.length / 1024).toFixed(0)} KB, ${Object.keys(facts.versions).length} version keys found, ${checks.length} checks`,
);
console.log(
  `extraction (collector, normalised lines): median ${f(extract.median)} ms, p99 ${f(extract.p99)} ms, ${f(mb / (extract.median / 1000))} MB/s`,
);
console.log(
  `read + normalise + extract (env reader): median ${f(read.median)} ms, p99 ${f(read.p99)} ms, ${f(mb / (read.median / 1000))} MB/s`,
);
console.log(`checks + env report: median ${f(check.median)} ms, p99 ${f(check.p99)} ms`);
console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
