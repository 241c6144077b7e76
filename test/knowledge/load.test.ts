import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultKnowledgeDir, loadKnowledge } from '../../src/knowledge/load.js';
import { runInProcess } from '../helpers/cli.js';

function copyKnowledge(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'crashbot-kb-')), 'knowledge');
  cpSync(defaultKnowledgeDir(), dir, { recursive: true });
  return dir;
}

function edit(dir: string, file: string, change: (text: string) => string): void {
  const path = join(dir, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

describe('loadKnowledge', () => {
  it('GIVEN the shipped knowledge/ THEN it loads with every cause, rule and table', () => {
    const r = loadKnowledge();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.kb.causes.size).toBe(35);
    expect(r.kb.rules.length).toBeGreaterThan(100);
    expect(r.kb.exitCodes.ntstatus.length).toBeGreaterThanOrEqual(26);
    expect(Object.isFrozen(r.kb)).toBe(true);
  });

  it.each([
    [
      'an id that differs from the file name',
      'causes/gpu-oom.yaml',
      (t: string) => t.replace('id: gpu-oom', 'id: gpu-oomm'),
      'id',
    ],
    [
      'an invalid regular expression',
      'causes/segfault.yaml',
      (t: string) => t.replace("match: 'double free", "match: '(double free"),
      'rules[2].match',
    ],
    [
      'a pattern without a literal to prefilter on',
      'causes/segfault.yaml',
      (t: string) => t.replace(/match: 'double free[^\n]*'/, "match: '\\d+'"),
      'rules[2].match',
    ],
    ['a missing title', 'causes/gpu-timeout.yaml', (t: string) => t.replace(/^title: .*\n/m, ''), 'title'],
    [
      'a weight above 1',
      'causes/gpu-timeout.yaml',
      (t: string) => t.replace('weight: 0.95', 'weight: 1.5'),
      'rules[0].weight',
    ],
    [
      'a rule with two triggers',
      'causes/stack-overflow.yaml',
      (t: string) =>
        t.replace(
          '    exit: [STATUS_STACK_OVERFLOW]',
          "    exit: [STATUS_STACK_OVERFLOW]\n    match: 'stack'",
        ),
      'rules[3]',
    ],
    [
      'a typo in a field name',
      'causes/device-mismatch.yaml',
      (t: string) => t.replace('summary:', 'sumary:'),
      '(root)',
    ],
    ['broken YAML', 'harmless.yaml', (t: string) => `${t}\n  - id: [unclosed\n`, '(yaml)'],
  ])(
    'GIVEN %s THEN the problem names its file and field, and loading does not throw',
    (_name, file, change, field) => {
      const dir = copyKnowledge();
      edit(dir, file, change);
      const r = loadKnowledge(dir);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.problems).toContainEqual(expect.objectContaining({ file, field }));
    },
  );

  it('GIVEN several broken files THEN every problem is reported, none skipped', () => {
    const dir = copyKnowledge();
    edit(dir, 'causes/gpu-oom.yaml', (t) => t.replace(/^title: .*\n/m, ''));
    edit(dir, 'causes/host-oom.yaml', (t) => t.replace(/^summary: .*\n/m, ''));
    rmSync(join(dir, 'exit-codes', 'signals.yaml'));
    const r = loadKnowledge(dir);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const files = new Set(
      r.problems.map((p) => (p.file.split('/')[0] === 'exit-codes' ? 'exit-codes' : p.file)),
    );
    expect([...files]).toEqual(
      expect.arrayContaining(['causes/gpu-oom.yaml', 'causes/host-oom.yaml', 'exit-codes']),
    );
  });

  it('GIVEN a broken knowledge folder THEN `crashbot knowledge check` lists the problems and exits 1', async () => {
    const dir = copyKnowledge();
    edit(dir, 'causes/gpu-oom.yaml', (t) => t.replace('weight: 0.96', 'weight: 7'));
    const r = await runInProcess(['knowledge', 'check', '--dir', dir]);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/^causes\/gpu-oom\.yaml: rules\[0\]\.weight: /m);
  });

  it('GIVEN the shipped knowledge THEN `crashbot knowledge check` says so and exits 0', async () => {
    // --quick: the proof of every pattern is test/knowledge/redos.test.ts's work.
    const r = await runInProcess(['knowledge', 'check', '--quick']);
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/35 causes, \d+ rules.*proof skipped.*no problems/);
  });
});
