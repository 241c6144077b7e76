// Remedies on every fixture log: the snippets, checks, shell and text each fixture asks
// for (its `#crashbot: remedy/check/shell/says/candidate` lines), and, in every shell, a reply whose
// snippets never contradict one another.
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { diagnoseText } from '../../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../../src/core/knowledge.js';
import {
  contradictions,
  extraBounds,
  type RemedySnippet,
  SHELLS,
  type SnippetForCheck,
} from '../../../src/core/remedies/index.js';
import { diagnosisReply } from '../../../src/core/reply/diagnosis.js';
import { renderText } from '../../../src/core/reply/render-text.js';
import type { Diagnosis } from '../../../src/core/types.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';
import { type Fixture, loadFixtures } from '../../helpers/fixtures.js';

let kb: KnowledgeBase;
const fixtures = loadFixtures();
const CORPUS = new URL('../../../../shared/corpus/dev.jsonl', import.meta.url);

beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error(JSON.stringify(r.problems, null, 2));
  kb = r.kb;
});

/** Every snippet definition of the knowledge base by id (ids are shared by the same remedy). */
function definitions(): Map<string, RemedySnippet> {
  const out = new Map<string, RemedySnippet>();
  for (const c of kb.causes.values()) for (const s of c.snippets) out.set(s.id, s);
  return out;
}

/** A reply's snippets as the consistency check reads them. */
function forCheck(d: Diagnosis, defs: Map<string, RemedySnippet>): SnippetForCheck[] {
  return d.snippets.map((s) => {
    const def = defs.get(s.id);
    return {
      id: s.id,
      language: s.language,
      code: s.code,
      os: def?.when?.os ?? null,
      ...(def?.keepsClean && { keepsClean: def.keepsClean }),
    };
  });
}

function expectationProblems(f: Fixture): string[] {
  const d = diagnoseText(f.text, kb);
  const want = f.remedies;
  const snippets = d.snippets.map((s) => s.id);
  const checks = d.checks.map((c) => c.id);
  const text = renderText(diagnosisReply(d));
  const problems: string[] = [];
  for (const id of want.snippets)
    if (!snippets.includes(id)) problems.push(`no snippet ${id} (has ${snippets})`);
  for (const id of want.noSnippets)
    if (snippets.includes(id)) problems.push(`snippet ${id} should not be there`);
  for (const id of want.checks) if (!checks.includes(id)) problems.push(`no check ${id} (has ${checks})`);
  for (const id of want.noChecks) if (checks.includes(id)) problems.push(`check ${id} should not be there`);
  if (want.shell && d.signals.shell !== want.shell)
    problems.push(`shell ${d.signals.shell}, not ${want.shell}`);
  for (const s of want.says) if (!text.includes(s)) problems.push(`the reply does not say: ${s}`);
  for (const s of want.notSays) if (text.includes(s)) problems.push(`the reply says: ${s}`);
  const causes = d.causes.map((c) => c.id);
  for (const id of want.candidates)
    if (!causes.slice(1).includes(id))
      problems.push(`${id} is not a candidate below the top (has ${causes})`);
  for (const id of want.noCandidates) if (causes.includes(id)) problems.push(`${id} should not be named`);
  return problems;
}

describe('remedies on the fixture logs', () => {
  it('GIVEN every fixture THEN its reply carries the remedies, checks, shell and text it names, and none it rules out', () => {
    const failures = fixtures.flatMap((f) => expectationProblems(f).map((p) => `${f.file}: ${p}`));
    expect(failures).toEqual([]);
  });

  it('GIVEN the seed scenarios THEN each names what its reply must and must not carry', () => {
    const seeds = fixtures.filter((f) => f.remedies.snippets.length + f.remedies.says.length > 0);
    expect(seeds.length).toBeGreaterThanOrEqual(10);
    expect(seeds.filter((f) => f.remedies.noSnippets.length + f.remedies.notSays.length > 0).length).toBe(
      seeds.length,
    );
  });

  it('GIVEN every fixture in every shell THEN no snippet undoes, reorders or contradicts one before it', () => {
    const defs = definitions();
    const extras = extraBounds(kb.compat);
    const failures: string[] = [];
    for (const f of fixtures) {
      for (const shell of SHELLS) {
        const d = diagnoseText(f.text, kb, { shell });
        for (const c of contradictions(forCheck(d, defs), extras))
          failures.push(`${f.file} (${shell}): ${c.later} after ${c.earlier}: ${c.why}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('GIVEN every fixture in every shell THEN shell snippets are written for that shell, or the OS its log shows when they have no form in it', () => {
    const defs = definitions();
    const failures: string[] = [];
    for (const f of fixtures) {
      for (const shell of SHELLS) {
        const d = diagnoseText(f.text, kb, { shell });
        for (const s of d.snippets) {
          if (!defs.get(s.id)?.steps) continue;
          const fallback =
            d.signals.os === 'windows' ? 'powershell' : d.signals.os === 'macos' ? 'zsh' : 'bash';
          if (s.language !== shell && s.language !== fallback)
            failures.push(`${f.file}: ${s.id} is ${s.language} in ${shell}`);
        }
        if (d.signals.shell !== shell) failures.push(`${f.file}: asked for ${shell}, got ${d.signals.shell}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe.runIf(existsSync(CORPUS))('remedies on the dev corpus', () => {
  it('GIVEN every corpus log in every shell THEN no snippet contradicts one before it', () => {
    const defs = definitions();
    const extras = extraBounds(kb.compat);
    const failures: string[] = [];
    for (const line of readFileSync(CORPUS, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const c = JSON.parse(line) as { id: string; log: string };
      for (const shell of SHELLS) {
        const d = diagnoseText(c.log, kb, { shell });
        for (const x of contradictions(forCheck(d, defs), extras))
          failures.push(`${c.id} (${shell}): ${x.later} after ${x.earlier}: ${x.why}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
