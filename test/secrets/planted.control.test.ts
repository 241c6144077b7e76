// The control of the planted-secret check: the same cases with the redactor switched off
// (the one module every output imports it from, replaced by the identity). The check must
// then find secrets in every output family, or it could not fail where it should. Module
// mocking is the point here: it is the only way to take redaction out of every path at once.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KnowledgeBase } from '../../src/core/knowledge.js';
import { loadKnowledge } from '../../src/knowledge/load.js';
import { type Carrier, carriers as loadCarriers } from './carriers.js';
import { Pipeline } from './pipeline.js';
import { caseArb, runCases } from './planted-cases.js';

vi.mock('../../src/core/redact/index.js', async (original) => {
  const real = await original<typeof import('../../src/core/redact/index.js')>();
  return {
    ...real,
    redactText: (text: string) => text,
    redactSecrets: (text: string) => ({ text, count: 0 }),
    redactLines: (lines: readonly string[], from = 0, to = lines.length) => lines.slice(from, to),
    redactJson: <T>(value: T) => value,
  };
});

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = 60;

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

describe('the planted-secret check with redaction off', () => {
  it('GIVEN the same cases and no redaction THEN it finds secrets in every output family', {
    timeout: 600_000,
  }, async () => {
    const cases = fc.sample(caseArb, { numRuns: RUNS, seed: SEED });
    const report = await runCases(cases, carriers, pipeline, (t) => t);
    console.log(report.summary(SEED, RUNS));
    const all = report.secrets.get('all');
    const split = report.secrets.get('mangle zero-width');
    // Every secret is in the raw log at least (the store keeps it, the inbox too, the logs quote it);
    // one split by a zero-width character may show no whole window on either side of it.
    expect(all?.leaked).toBeGreaterThanOrEqual((all?.planted ?? 0) - (split?.planted ?? 0));
    expect(all?.leaked).toBeGreaterThan(0);
    const families = [...report.byOutput.keys()].map((f) => f.replace(/-.*$/, ''));
    for (const family of ['cli', 'reply', 'summary', 'store', 'inbox', 'log'])
      expect(families).toContain(family);
    for (const format of [
      'cli-text',
      'cli-markdown',
      'cli-json',
      'reply-slack-blocks',
      'reply-discord-embeds',
    ])
      expect(report.byOutput.get(format) ?? 0).toBeGreaterThan(0);
  });
});
