// The remedies of knowledge/: a bad step, placeholder or shared-snippet reference is a
// problem with its file and field, never a command that would not run as written.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultKnowledgeDir, loadKnowledge } from '../../src/knowledge/load.js';
import { portable } from '../../src/knowledge/remedies.js';

function withEdit(file: string, change: (text: string) => string) {
  const dir = join(mkdtempSync(join(tmpdir(), 'crashbot-kb-')), 'knowledge');
  cpSync(defaultKnowledgeDir(), dir, { recursive: true });
  const path = join(dir, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
  return loadKnowledge(dir);
}

describe('a run line every shell runs as written', () => {
  it.each([
    'python -X faulthandler train.py',
    'python -c "import torch; print(torch.__version__)"',
    'pip install "tensorflow<2.11"',
    'nvidia-smi --query-gpu="name,memory.used" --format=csv -l 5',
    'pip install torch --index-url {{torch.index}}',
    'procdump -accepteula -e -ma -x "C:\\dumps" python.exe train.py',
  ])('GIVEN %s THEN it is portable', (run) => {
    expect(portable(run)).toBeNull();
  });

  it.each([
    ["grep -iE 'torch' log.txt", "'"],
    ['echo $HOME', '$'],
    ['echo %PATH%', '%'],
    ['pip list | grep torch', '|'],
    ['nvidia-smi --query-gpu=name,memory.used', ','],
    ['pip install jax[cuda12]', '['],
    ['procdump -x C:\\dumps python.exe', '\\'],
    ['python -c "print(\\"x\\")"', 'backslash'],
    ['python -c "import os; print($HOME)"', '$'],
    ['python -c "x', 'unbalanced'],
  ])('GIVEN %s THEN it is refused (%s)', (run, what) => {
    expect(portable(run)).toContain(what);
  });
});

describe('remedy problems in knowledge files', () => {
  it('GIVEN a run step with shell syntax THEN the problem names its field', () => {
    const r = withEdit('causes/segfault.yaml', (t) =>
      t.replace('      - run: pip list\n', '      - run: pip list | grep -i torch\n'),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toContainEqual(
      expect.objectContaining({ file: 'causes/segfault.yaml', field: 'checks[1].steps[0].run' }),
    );
  });

  it('GIVEN an unknown placeholder THEN the problem lists the known ones', () => {
    const r = withEdit('causes/gpu-not-detected.yaml', (t) => t.replace('{{jax.extra}}', '{{jax.plugin}}'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.message).join('\n')).toMatch(
      /unknown placeholder \{\{jax\.plugin\}\}.*jax\.extra/,
    );
  });

  it('GIVEN a use of a shared snippet that does not exist THEN the problem says so', () => {
    const r = withEdit('causes/jax-jaxlib-mismatch.yaml', (t) =>
      t.replace('use: jax-reinstall', 'use: jax-reinstal'),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toContainEqual(
      expect.objectContaining({ field: 'snippets[0].use', message: expect.stringMatching(/jax-reinstal/) }),
    );
  });

  it('GIVEN a step of no known kind THEN the problem names the step', () => {
    const r = withEdit('causes/segfault.yaml', (t) =>
      t.replace('      - run: pip list\n', '      - exec: pip list\n'),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toContainEqual(expect.objectContaining({ field: 'checks[1].steps[0]' }));
  });

  it('GIVEN an environment value with a quote THEN it is refused', () => {
    const r = withEdit('causes/device-side-assert.yaml', (t) =>
      t.replace('env: { CUDA_LAUNCH_BLOCKING: "1" }', 'env: { CUDA_LAUNCH_BLOCKING: "1\\"" }'),
    );
    expect(r.ok).toBe(false);
  });
});
