import { describe, expect, it } from 'vitest';
import { commandLabel, jobKey, rankOf, runIdOf } from '../../../src/app/run/job.js';

describe('rankOf', () => {
  it.each([
    [{ RANK: '0' }, 0],
    [{ RANK: '3', LOCAL_RANK: '0' }, 3],
    [{ SLURM_PROCID: '7' }, 7],
    [{ OMPI_COMM_WORLD_RANK: '1' }, 1],
    [{ PMI_RANK: '2' }, 2],
    [{ LOCAL_RANK: '1' }, 1],
    [{ LOCAL_RANK: '0', WORLD_SIZE: '16' }, null],
    [{ RANK: 'x' }, null],
    [{}, null],
  ])('GIVEN %j THEN the rank is %s', (env, rank) => {
    expect(rankOf(env)?.rank ?? null).toBe(rank);
  });
});

describe('runIdOf', () => {
  it.each([
    [{ SLURM_JOB_ID: '123', SLURM_STEP_ID: '0' }, '123.0'],
    [{ SLURM_JOB_ID: '123' }, '123'],
    [{ TORCHELASTIC_RUN_ID: 'abc' }, 'abc'],
    [{ GITHUB_RUN_ID: '9', GITHUB_RUN_ATTEMPT: '2' }, '9.2'],
    [{}, null],
  ])('GIVEN %j THEN the run is %s', (env, id) => {
    expect(runIdOf(env)).toBe(id);
  });
});

describe('jobKey and commandLabel', () => {
  it('GIVEN no --job THEN the key is stable per command and folder and holds no argument', () => {
    const a = jobKey(undefined, ['python', 'train.py', '--api-key', 'sk-secret'], '/home/ana/proj');
    expect(a).toBe(jobKey(undefined, ['python', 'train.py', '--api-key', 'sk-secret'], '/home/ana/proj'));
    expect(a).not.toBe(jobKey(undefined, ['python', 'train.py'], '/home/ana/proj'));
    expect(a).not.toContain('secret');
    expect(a).toMatch(/^python-[0-9a-f]{12}$/);
  });

  it('GIVEN --job THEN it is the key', () => {
    expect(jobKey('  nightly-resnet ', ['x'], '/')).toBe('nightly-resnet');
  });

  it.each([
    [['python', 'train.py', '--lr', '3e-4'], 'python train.py'],
    [['/usr/bin/python3', '-m', 'torch.distributed.run', 'x.py'], 'python3 x.py'],
    [['torchrun', '--nproc_per_node', '8', 'scripts/train.py'], 'torchrun train.py'],
    [['python', '-m', 'mypkg.train'], 'python -m mypkg.train'],
    [['./run.sh'], 'run.sh'],
  ])('GIVEN %j THEN the label is %s', (cmd, label) => {
    expect(commandLabel(cmd)).toBe(label);
  });
});
