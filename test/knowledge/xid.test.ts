// knowledge/xid.yaml: loaded into the catalogue and its generated rules, and every
// problem in it reported with file and field.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultKnowledgeDir, loadKnowledge } from '../../src/knowledge/load.js';

function withXidYaml(edit: (text: string) => string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'crashbot-xid-')), 'knowledge');
  cpSync(defaultKnowledgeDir(), dir, { recursive: true });
  const file = join(dir, 'xid.yaml');
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  return dir;
}

describe('knowledge/xid.yaml', () => {
  it('GIVEN the shipped file THEN it loads with a source that cites NVIDIA and a rule per cause and kind', () => {
    const r = loadKnowledge();
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.kb.xid.source).toContain('https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html');
    expect(r.kb.xid.rows.length).toBeGreaterThan(40);
    const xidRules = r.kb.rules.filter((x) => x.file === 'xid.yaml').map((x) => x.id);
    expect(xidRules.sort()).toEqual([
      'gpu-driver-state/xid-driver',
      'gpu-hardware-fault/xid-gpu',
      'gpu-hardware-fault/xid-hardware',
      'illegal-memory-access/xid-application',
    ]);
  });

  it.each([
    [
      'a row listed twice',
      (t: string) => t.replace('  - xid: 11\n', '  - xid: 8\n'),
      'xids[1].xid',
      /listed twice/,
    ],
    [
      'a cause that does not exist',
      (t: string) => t.replace('cause: illegal-memory-access', 'cause: not-a-cause'),
      'xids[2].cause',
      /not a cause/,
    ],
    [
      'an action without guidance',
      (t: string) => t.replace('immediate: CHECK_MECHANICALS', 'immediate: RUN_THE_DIAG'),
      'xids',
      /no entry under guidance/,
    ],
    [
      'a row without a meaning',
      (t: string) => t.replace('    meaning: GPU stopped processing\n', ''),
      'xids[0].meaning',
      /./,
    ],
  ])('GIVEN %s THEN loading fails with the file and field', (_what, edit, field, message) => {
    const r = loadKnowledge(withXidYaml(edit));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const p = r.problems.find((x) => x.file === 'xid.yaml' && x.field.startsWith(field));
    expect(p, JSON.stringify(r.problems)).toBeDefined();
    expect(p!.message).toMatch(message);
  });
});
