// Crash store benchmark: insert rate, and the weekly summary query with 1,000,000
// records, on SQLite and on PostgreSQL (a throwaway server, or BENCH_DATABASE_URL).
// Records: 100 channels over 52 weeks; one busy channel gets a fifth of them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildChannelSummary } from '../dist/app/summary/build.js';
import { renderChartPng } from '../dist/app/summary/png.js';
import { openPostgresDb } from '../dist/store/postgres-db.js';
import { createSqlStore } from '../dist/store/sql-store.js';
import { openSqliteDb } from '../dist/store/sqlite-db.js';
import { startThrowawayPostgres } from '../test/setup/pg-cluster.mjs';

const TOTAL = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const SINGLE_INSERTS = 5_000;
const CHANNELS = 100;
const WEEK_MS = 7 * 86_400_000;
const END = Date.parse('2026-11-23T00:00:00Z'); // end of 2026-W47 (UTC)
const START = END - 52 * WEEK_MS;
const CAUSES = [
  'gpu-oom',
  'host-oom',
  'segfault',
  'cudnn-version-mismatch',
  'nccl-error',
  'device-side-assert',
  'dataloader-shm',
  'missing-cuda-library',
];
const FRAMEWORKS = ['pytorch', 'tensorflow', 'jax', null];

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const channelRef = (i) => ({
  platform: 'slack',
  workspace: 'T0BENCH',
  channel: `C${String(i).padStart(4, '0')}`,
});

function* batches(total, size) {
  const r = rng(42);
  for (let done = 0; done < total; done += size) {
    const batch = [];
    for (let i = 0; i < Math.min(size, total - done); i++) {
      const c = r() < 0.2 ? 0 : 1 + Math.floor(r() * (CHANNELS - 1));
      const f = Math.floor(r() ** 3 * 400); // a few fingerprints are common, most are rare
      const cause = CAUSES[f % CAUSES.length];
      batch.push({
        channel: channelRef(c),
        userHash: `u${Math.floor(r() * 50)}`.padEnd(32, '0'),
        at: new Date(START + Math.floor(r() * (END - START))),
        fingerprint: `fp1:${cause}:${f.toString(16).padStart(24, '0')}`,
        signature: `${cause} signature ${f}`,
        topCause: cause,
        causeIds: [cause],
        confidence: 0.5 + r() / 2,
        framework: FRAMEWORKS[f % FRAMEWORKS.length],
        exitCode: null,
        versions: { torch: '2.1.0' },
        messageLink: null,
      });
    }
    yield batch;
  }
}

const diagnosis = {
  causes: [
    {
      id: 'gpu-oom',
      title: 'GPU out of memory',
      confidence: 0.9,
      summary: '',
      evidence: [{ line: 1, text: 'CUDA out of memory. Tried to allocate 20.00 MiB' }],
    },
  ],
  exitCode: null,
  signals: { framework: 'pytorch', os: 'linux', versions: { torch: '2.1.0' }, libraries: [], gpus: [] },
  checks: [],
  snippets: [],
  fingerprint: 'fp1:gpu-oom:000000000000000000000001',
  crashReport: true,
  next: [],
  input: { bytes: 0, lines: 1, truncated: false, binary: false, invalidUtf8: 0 },
};

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => `${n.toFixed(1)} ms`;

async function timed(runs, fn) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)], p95: times[Math.floor(runs * 0.95)] ?? times.at(-1) };
}

async function bench(name, store, afterLoad) {
  let t = performance.now();
  for (let i = 0; i < SINGLE_INSERTS; i++)
    await store.recordDiagnosis(diagnosis, {
      channel: channelRef(CHANNELS + 1),
      userId: `U${i % 7}`,
      at: new Date(END - 1000 - i),
    });
  const single = SINGLE_INSERTS / ((performance.now() - t) / 1000);
  console.log(`${name} insert rate, recordDiagnosis one at a time: ${fmt(single)} records/s`);
  t = performance.now();
  for (const batch of batches(TOTAL, 10_000)) await store.insertRecords(batch);
  const bulkSeconds = (performance.now() - t) / 1000;
  console.log(
    `${name} bulk load, insertRecords: ${fmt(TOTAL)} records in ${bulkSeconds.toFixed(1)} s (${fmt(TOTAL / bulkSeconds)} records/s)`,
  );
  await afterLoad?.();
  const deps = { store };
  for (const [label, c] of [
    ['busiest channel', 0],
    ['typical channel', 7],
  ]) {
    const first = await buildChannelSummary(deps, channelRef(c), '2026-W47', 'UTC');
    const r = await timed(21, () => buildChannelSummary(deps, channelRef(c), '2026-W47', 'UTC'));
    console.log(
      `${name} weekly summary (query + aggregation), ${label} (${fmt(first.summary.crashes)} crashes that week, ${fmt(TOTAL + SINGLE_INSERTS)} records in the store): median ${ms(r.median)}, p95 ${ms(r.p95)}`,
    );
  }
  const since = new Date(END - WEEK_MS);
  const c = await timed(201, (i) =>
    store.countSimilar(channelRef(0), `fp1:gpu-oom:${(i % 400).toString(16).padStart(24, '0')}`, since),
  );
  console.log(`${name} countSimilar: median ${c.median.toFixed(2)} ms, p95 ${c.p95.toFixed(2)} ms`);
}

async function sqlite() {
  const dir = mkdtempSync(join(tmpdir(), 'crashbot-bench-'));
  const store = await createSqlStore(openSqliteDb(join(dir, 'crashbot.sqlite')), { userSalt: 'bench' });
  try {
    await bench('sqlite', store);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgres() {
  const server = process.env.BENCH_DATABASE_URL ? null : await startThrowawayPostgres();
  const url = process.env.BENCH_DATABASE_URL ?? server.url;
  const store = await createSqlStore(openPostgresDb(url), { userSalt: 'bench' });
  try {
    // Autovacuum would gather the planner's statistics soon after a load this size; do it now.
    const analyze = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query('ANALYZE crash_records');
      await c.end();
    };
    await bench('postgres', store, analyze);
  } finally {
    await store.close();
    server?.stop();
  }
}

const sample = [...batches(2_000, 2_000)][0].map((r) => ({
  ...r,
  at: END - 1 - (r.at.getTime() % WEEK_MS),
  framework: r.framework,
}));
const sampleStore = {
  summarySource: async () => ({
    records: sample.map((r) => ({ ...r, userHash: r.userHash })),
    firstSeen: {},
    feedback: { fixed: 0, wrong: 0 },
  }),
};
const svg = (await buildChannelSummary({ store: sampleStore }, channelRef(0), '2026-W47', 'UTC')).svg;
const png = await timed(11, () => renderChartPng(svg));
console.log(`chart PNG render (1280x720, resvg, bundled font): median ${ms(png.median)}`);
await sqlite();
try {
  await postgres();
} catch (e) {
  if (e.code !== 'PG_NOT_INSTALLED') throw e;
  console.log(`postgres: skipped (${e.message})`);
}
