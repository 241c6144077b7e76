// A verdict never rests on a row marked verified: false. With every table row marked so,
// no check may pass or fail unless the paste itself states the fact (a library's own
// message), and every check that leaned on a table says "not confirmed".
import { describe, expect, it } from 'vitest';
import type { CompatTables } from '../../../src/core/versions/compat-types.js';
import { runVersionChecks } from '../../../src/core/versions/index.js';
import { collect, loadRealCompat } from './helpers.js';
import { SCENARIOS } from './scenarios/index.js';

function allUnverified<T>(value: T): T {
  if (Array.isArray(value)) return value.map(allUnverified) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = k === 'verified' ? false : allUnverified(v);
    return out as T;
  }
  return value;
}

const real = loadRealCompat();
const unverified: CompatTables = allUnverified(real);

describe('verdicts and unverified rows', () => {
  it.each(SCENARIOS.map((s) => [s.name, s] as const))(
    'GIVEN %s with every table row unverified THEN only facts the paste states pass or fail',
    (_n, s) => {
      const facts = collect(s.paste);
      const ctx = {
        framework: s.ctx?.framework ?? null,
        os: s.ctx?.os ?? null,
        causeIds: s.ctx?.causes ?? [],
      };
      for (const c of runVersionChecks(facts, unverified, ctx)) {
        if (c.status === 'fail' || c.status === 'ok')
          expect(c.source ?? '', `${c.id}: ${c.text}`).toContain('in this paste');
        const leans = c.status !== 'todo' || c.id === 'tf-cudnn-loaded';
        if (leans && c.source && !c.source.includes('in this paste'))
          expect(c.text, c.id).toContain('not confirmed');
      }
    },
  );

  it('GIVEN the seed with every row unverified THEN the cuDNN verdict is only a warning that says so', () => {
    const seed = SCENARIOS[0]!;
    const check = runVersionChecks(collect(seed.paste), unverified, {
      framework: 'tensorflow',
      os: null,
      causeIds: ['native-crash-windows'],
    }).find((c) => c.id === 'tf-cudnn');
    expect(check).toMatchObject({ status: 'warn', cause: 'cudnn-version-mismatch' });
    expect(check?.text).toContain('not confirmed');
  });
});
