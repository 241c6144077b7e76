// docs/remedy-commands.md: every remedy command as bash, PowerShell and cmd print it, kept
// in step with knowledge/ like a golden file (re-written with UPDATE_GOLDEN=1).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CauseDef } from '../../../src/core/knowledge.js';
import {
  type RemedyCheck,
  type RemedySnippet,
  renderOneLine,
  renderSteps,
  type Shell,
  type Situation,
  templateValues,
} from '../../../src/core/remedies/index.js';
import { fillSteps } from '../../../src/core/remedies/select.js';
import { fill } from '../../../src/core/remedies/templates.js';
import { ProblemList } from '../../../src/knowledge/files.js';
import { defaultKnowledgeDir, loadKnowledge } from '../../../src/knowledge/load.js';
import { loadSnippetLibrary } from '../../../src/knowledge/remedies.js';

const DOC = fileURLToPath(new URL('../../../docs/remedy-commands.md', import.meta.url));
const SHELLS: readonly [Shell, string][] = [
  ['bash', 'bash / zsh'],
  ['powershell', 'PowerShell'],
  ['cmd', 'cmd'],
];

function situation(os: Situation['os']): Situation {
  return {
    os,
    shell: 'bash',
    shellSeen: false,
    framework: null,
    versions: {},
    computeCapability: null,
    exits: [],
    causes: [],
    evidence: new Set(),
  };
}

function section(
  title: string,
  r: RemedySnippet | RemedyCheck,
  oneLine: boolean,
  kb: ReturnType<typeof load>,
): string[] {
  if (!r.steps) return [];
  const os = r.when?.os?.includes('windows') ? 'windows' : r.when?.os ? 'linux' : null;
  const values = templateValues(kb.compat, situation(os));
  const steps = fillSteps(r.steps, values);
  if (!steps) return [];
  const out = [`### ${fill(title, values) ?? title}`, ''];
  for (const [shell, label] of SHELLS) {
    const code = oneLine ? renderOneLine(steps, { shell, os }) : renderSteps(steps, { shell, os });
    out.push(`${label}:`, '');
    out.push(
      code === null
        ? "_(no form in this shell: the OS's own shell is shown instead)_"
        : `\`\`\`${shell === 'cmd' ? 'bat' : shell}\n${code}\n\`\`\``,
      '',
    );
  }
  return out;
}

function load() {
  const r = loadKnowledge();
  if (!r.ok) throw new Error('knowledge base has problems');
  return r.kb;
}

function buildDoc(): string {
  const kb = load();
  const problems = new ProblemList(defaultKnowledgeDir());
  const library = loadSnippetLibrary(join(defaultKnowledgeDir(), 'remedies', 'snippets.yaml'), problems);
  const out = [
    '# Remedy commands in every shell',
    '',
    'Every shell command of `knowledge/` as crashbot writes it for bash (and zsh), PowerShell',
    'and cmd, with the placeholders filled from the tables for a paste that shows no versions.',
    'Generated from the knowledge files by `test/core/remedies/commands-doc.test.ts`',
    '(`UPDATE_GOLDEN=1` re-writes it); see README, "Remedies".',
    '',
    '## Shared snippets (knowledge/remedies/snippets.yaml)',
    '',
  ];
  for (const s of library.values()) out.push(...section(`${s.id}: ${s.title}`, s, false, kb));
  const causes = [...kb.causes.values()].sort((a: CauseDef, b: CauseDef) => a.id.localeCompare(b.id));
  for (const c of causes) {
    const own = c.snippets.filter((s) => s.steps && !library.has(s.id));
    const checks = c.checks.filter((x) => x.steps);
    if (!own.length && !checks.length) continue;
    out.push(`## ${c.id}`, '');
    for (const s of own) out.push(...section(`snippet ${s.id}: ${s.title}`, s, false, kb));
    for (const x of checks) out.push(...section(`check ${x.id}`, x, true, kb));
  }
  return `${out.join('\n').trimEnd()}\n`;
}

describe('docs/remedy-commands.md', () => {
  it('GIVEN the knowledge files THEN the document of every command in every shell is current', () => {
    const doc = buildDoc();
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(DOC, doc);
    expect(existsSync(DOC) ? readFileSync(DOC, 'utf8') : '', 're-write it with UPDATE_GOLDEN=1').toBe(doc);
  });
});
