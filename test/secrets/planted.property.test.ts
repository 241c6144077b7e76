// The planted-secret property: seeded generated cases (secrets of many shapes in many
// contexts, zero-width characters inside them, line breaks through them, personal data,
// harmless look-alikes) planted in fixture and corpus logs, run through every output
// crashbot has (pipeline.ts). No 12-character window of any secret may come out, and
// every look-alike must. `npm test` runs a short budget; `npm run fuzz` a long one
// (FUZZ_RUNS); FUZZ_SEED repeats a run. The control (planted.control.test.ts) shows the
// same check finds the secrets when redaction is off.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KnowledgeBase } from '../../src/core/knowledge.js';
import { redactText } from '../../src/core/redact/index.js';
import { loadKnowledge } from '../../src/knowledge/load.js';
import { type Carrier, carriers as loadCarriers } from './carriers.js';
import { Pipeline } from './pipeline.js';
import { caseArb, runCases } from './planted-cases.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.PLANTED_RUNS ?? (process.env.FUZZ_RUNS ? 3000 : 120));

let kb: KnowledgeBase;
let carriers: Carrier[];
let pipeline: Pipeline;
beforeAll(async () => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error('knowledge');
  kb = r.kb;
  carriers = loadCarriers(kb);
  pipeline = await Pipeline.open(kb);
}, 120_000);
afterAll(async () => pipeline?.close());

describe('planted secrets in every output', () => {
  it(`GIVEN ${RUNS} generated cases (seed ${SEED}) in real-shaped logs THEN no window of a secret comes out and no look-alike is blanked`, {
    timeout: 30 * 60_000,
  }, async () => {
    expect(carriers.length).toBeGreaterThanOrEqual(40);
    const cases = fc.sample(caseArb, { numRuns: RUNS, seed: SEED });
    const report = await runCases(cases, carriers, pipeline, redactText);
    console.log(report.summary(SEED, RUNS));
    const planted = report.secrets.get('all')?.planted ?? 0;
    expect(planted).toBeGreaterThan(RUNS / 2);
    // Both lists at once, so a failure shows every leak and every blanked look-alike.
    const problems = {
      leaks: report.describeLeaks(20).split('\n').filter(Boolean),
      blanked: report.blanked.map((b) => `${b.name} (${b.where}): ${b.text}`),
    };
    expect(problems, report.summary(SEED, RUNS)).toEqual({ leaks: [], blanked: [] });
  });
});
