import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { diagnoseText } from '../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../src/core/knowledge.js';
import { loadKnowledge } from '../../src/knowledge/load.js';
import { type Fixture, loadFixtures } from '../helpers/fixtures.js';
import { hasShared, sharedPath } from '../helpers/shared.js';

let kb: KnowledgeBase;
const fixtures = loadFixtures();

beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error(JSON.stringify(r.problems, null, 2));
  kb = r.kb;
});

function verdictProblems(f: Fixture): string[] {
  const d = diagnoseText(f.text, kb);
  const top = d.causes[0];
  const got = top ? `${top.id} (${top.confidence})` : 'no cause';
  const problems: string[] = [];
  if (f.expect === null && d.causes.length > 0) problems.push(`expected no cause, got ${got}`);
  if (f.expect !== null && top?.id !== f.expect) problems.push(`expected ${f.expect}, got ${got}`);
  for (const n of f.not) if (top?.id === n) problems.push(`${n} must not be the top cause`);
  if (d.crashReport !== f.crash) problems.push(`crashReport should be ${f.crash}`);
  if (f.matchLine !== null && top && !top.evidence.some((e) => e.line === f.matchLine)) {
    problems.push(
      `top cause should quote line ${f.matchLine}, quoted ${top.evidence.map((e) => e.line).join(',')}`,
    );
  }
  return problems;
}

describe('fixture logs', () => {
  it('GIVEN every fixture log THEN each gets its expected verdict (all failures listed at once)', () => {
    const failures = fixtures.flatMap((f) => verdictProblems(f).map((p) => `${f.file}: ${p}`));
    expect(failures).toEqual([]);
  });

  it('GIVEN the knowledge base THEN every cause has at least one fixture that expects it, and every fixture folder is a cause', () => {
    const dirs = new Set(fixtures.map((f) => f.dir));
    const expected = new Set(fixtures.map((f) => f.expect).filter((x): x is string => x !== null));
    const causes = [...kb.causes.keys()];
    expect(causes.filter((c) => !expected.has(c))).toEqual([]);
    expect([...dirs].filter((d) => !kb.causes.has(d))).toEqual([]);
  });

  it('GIVEN a crash fixture THEN trimming it to the lines from its marked line on keeps the verdict', () => {
    const changed = fixtures
      .filter((f) => f.expect !== null && f.matchLine !== null)
      .filter((f) => {
        const tail = f.text
          .split('\n')
          .slice(f.matchLine! - 1)
          .join('\n');
        return diagnoseText(tail, kb).causes[0]?.id !== f.expect && !needsContext(f);
      })
      .map((f) => f.file);
    expect(changed).toEqual([]);
  });
});

/** Fixtures whose rule needs lines above the marked one (a condition such as "import torch was seen"). */
function needsContext(f: Fixture): boolean {
  return f.needsContext || f.file.startsWith('native-lib-conflict/torch-then-tf');
}

const taxonomy = sharedPath('taxonomy.md');
describe.runIf(hasShared('the taxonomy check', 'taxonomy.md'))('the taxonomy', () => {
  it('GIVEN ../shared/taxonomy.md THEN knowledge/causes holds exactly its ids (unknown aside)', () => {
    const ids = [...readFileSync(taxonomy, 'utf8').matchAll(/^\| ([a-z0-9-]+) \|/gm)]
      .map((m) => m[1])
      .filter((id) => id !== 'id' && id !== 'unknown');
    expect([...kb.causes.keys()].sort()).toEqual([...new Set(ids)].sort());
  });
});
