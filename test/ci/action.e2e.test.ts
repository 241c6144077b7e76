// The composite action and the CI examples in docs/ci.md, checked as far as this machine
// can: they parse, inputs reach scripts only through the environment, and the commands
// they run work with the built CLI on a real-shaped log.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LOG = join(ROOT, 'test/fixtures/logs/device-side-assert');

interface Step {
  uses?: string;
  name?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { required?: boolean; default?: string }>;
  runs: { using: string; steps: Step[] };
};

function firstFixture(): string {
  const r = spawnSync('sh', ['-c', `ls ${LOG}/*.log | head -1`], { encoding: 'utf8' });
  return r.stdout.trim();
}

describe('action.yml', () => {
  it('GIVEN the action THEN it is composite, needs a log, and every script step says its shell', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.inputs.log?.required).toBe(true);
    for (const s of action.runs.steps.filter((x) => x.run)) expect(s.shell).toBe('bash');
  });

  it('GIVEN its scripts THEN no input is pasted into one (script injection): inputs come through env', () => {
    for (const s of action.runs.steps) expect(s.run ?? '').not.toMatch(/\$\{\{/);
  });

  it('GIVEN the diagnose step run as GitHub runs it THEN annotations on stdout and the report in the job summary', () => {
    const step = action.runs.steps.find((s) => s.run?.includes(' diagnose '))!;
    const summary = join(mkdtempSync(join(tmpdir(), 'crashbot-action-')), 'summary.md');
    const r = spawnSync('bash', ['-e', '-c', step.run!], {
      env: {
        PATH: process.env.PATH,
        GITHUB_ACTION_PATH: ROOT,
        GITHUB_STEP_SUMMARY: summary,
        CRASHBOT_LOG: firstFixture(),
      },
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^::error title=crashbot%3A CUDA device-side assert/m);
    expect(readFileSync(summary, 'utf8')).toMatch(/^### Likely cause: CUDA device-side assert/);
  });

  it('GIVEN the install step THEN it installs the checkout the action runs from', () => {
    const install = action.runs.steps.find((s) => s.run?.includes('npm ci'))!;
    expect(install.run).toMatch(/cd "\$GITHUB_ACTION_PATH"/);
  });
});

describe('docs/ci.md', () => {
  const doc = readFileSync(join(ROOT, 'docs/ci.md'), 'utf8');
  const blocks = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);

  it('GIVEN every YAML example THEN it parses', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    for (const b of blocks) expect(() => parse(b)).not.toThrow();
  });

  it('GIVEN the GitLab example THEN its report command works with the built CLI', () => {
    const gitlab = parse(blocks.find((b) => b.includes('after_script'))!) as {
      train: { after_script: string[]; artifacts: { when: string; paths: string[] } };
    };
    expect(gitlab.train.artifacts.when).toBe('on_failure');
    const line = gitlab.train.after_script.join('\n');
    const cmd = /\$CRASHBOT (diagnose \S+ --format markdown)/.exec(line)![1]!.split(' ');
    const r = spawnSync(
      process.execPath,
      [join(ROOT, 'dist/cli/main.js'), ...cmd.map((a) => (a === 'train.log' ? firstFixture() : a))],
      {
        encoding: 'utf8',
      },
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^### Likely cause/);
    expect(gitlab.train.artifacts.paths).toContain('crash-report.md');
  });

  it('GIVEN the GitHub workflow example THEN it uses the action with the log input it declares', () => {
    const wf = parse(blocks[0]!) as { jobs: { train: { steps: Step[] } } };
    const use = wf.jobs.train.steps.find((s) => s.uses?.includes('crashbot'))!;
    expect(Object.keys(use.with ?? {})).toEqual(['log']);
  });
});
