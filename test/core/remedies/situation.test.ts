import { beforeAll, describe, expect, it } from 'vitest';
import { diagnoseText } from '../../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../../src/core/knowledge.js';
import { fill, pickShell, templateValues } from '../../../src/core/remedies/index.js';
import * as markers from '../../../src/core/remedies/markers.js';
import { readSituation, type Situation } from '../../../src/core/remedies/situation.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

let kb: KnowledgeBase;
beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error('knowledge base has problems');
  kb = r.kb;
});

/** The situation of a paste, read through the real scanner (diagnose) and its markers. */
function situationOf(text: string): Situation {
  const d = diagnoseText(text, kb);
  const lines = text.split('\n');
  const { EPOCH, GPU_ORDINAL_PARTS, TORCH_MEMORY, SHELL_MARKERS } = markers;
  const all = [EPOCH, ...GPU_ORDINAL_PARTS, TORCH_MEMORY, ...SHELL_MARKERS.flatMap((m) => m.patterns)];
  return readSituation({
    lines: (p) => {
      if (!all.includes(p)) return { count: 0, raws: [] };
      const raws = lines.filter((l) => p.re.test(l));
      return { count: raws.length, raws };
    },
    os: d.signals.os,
    framework: d.signals.framework,
    versions: d.signals.versions,
    gpus: d.signals.gpus,
    exits: d.exitCode ? [d.exitCode.name] : [],
    causes: d.causes.map((c) => c.id),
    bareExit: !!d.exitCode,
  });
}

const OOM_2X = (allocated: string, reserved: string, mine: string, free: string) =>
  `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.50 GiB. GPU 0 has a total capacity of 79.15 GiB of which ${free} is free. Including non-PyTorch memory, this process has ${mine} memory in use. Of the allocated memory ${allocated} is allocated by PyTorch, and ${reserved} is reserved by PyTorch but unallocated.`;

describe('evidence read from a paste', () => {
  it.each([
    ['Epoch 87/200\n 412/1563 [===>...] - loss: 0.28', true],
    ['Epoch 86: 100%|██████| 625/625 [01:11<00:00]', true],
    ['epoch 12 of 300 finished', true],
    ['Epoch [6/50], Step [100/600], Loss: 0.7', true],
    ['Epoch 1/50\n 3/938 [...]', false],
    ['Epoch 3/200', false],
    ['no epochs here', false],
  ])('GIVEN %j THEN late in the run is %s', (text, late) => {
    expect(situationOf(text).evidence.has('late-in-run')).toBe(late);
  });

  it.each([
    ['Created device /job:localhost/replica:0/task:0/device:GPU:1 with 9617 MB memory', true],
    ['Adding visible gpu devices: 0, 1, 2, 3', true],
    ['torchrun --nproc_per_node=8 train.py', true],
    ['RuntimeError: CUDA error: out of memory on cuda:0', false],
    ['|   1  NVIDIA A100-SXM4-80GB          On  | 00000000:07:00.0 Off |                    0 |', true],
    ['world_size=1 rank=0', false],
    // A progress bar's bars are not nvidia-smi's table.
    [' 42%|████▏     | 1  /1000 [01:10<01:30, 10.01it/s]', false],
    ['|  10  NVIDIA H100 80GB HBM3          On  | 00000000:C8:00.0 Off |                    0 |', true],
    // One read per line, the leftmost kind: the device first, then a count later on the line.
    ['moved to cuda:0 with world_size=4', false],
    ['world_size=4, moved to cuda:0', true],
    ['Found 2 GPUs', true],
    ['Num GPUs Available: 1', false],
  ])('GIVEN %j THEN several GPUs is %s', (text, several) => {
    expect(situationOf(text).evidence.has('several-gpus')).toBe(several);
  });

  it('GIVEN PyTorch holding 74 of 79 GiB THEN the framework holds the memory, not other processes', () => {
    const e = situationOf(OOM_2X('74.02 GiB', '3.27 GiB', '77.93 GiB', '1.21 GiB')).evidence;
    expect(e.has('framework-holds-memory')).toBe(true);
    expect(e.has('other-processes-memory')).toBe(false);
    expect(e.has('fragmented-memory')).toBe(false);
  });

  it('GIVEN 58 GiB used outside the process THEN other processes hold the memory', () => {
    const e = situationOf(OOM_2X('18.10 GiB', '0.40 GiB', '19.80 GiB', '1.30 GiB')).evidence;
    expect(e.has('other-processes-memory')).toBe(true);
    expect(e.has('framework-holds-memory')).toBe(false);
  });

  it('GIVEN 12 GiB reserved but unallocated THEN memory is fragmented', () => {
    const e = situationOf(OOM_2X('60.00 GiB', '12.00 GiB', '72.50 GiB', '6.00 GiB')).evidence;
    expect(e.has('fragmented-memory')).toBe(true);
  });

  it('GIVEN the PyTorch 1.x wording THEN its figures are read too', () => {
    const e = situationOf(
      'RuntimeError: CUDA out of memory. Tried to allocate 1.50 GiB (GPU 0; 23.69 GiB total capacity; 20.13 GiB already allocated; 1.12 GiB free; 21.90 GiB reserved in total by PyTorch)',
    ).evidence;
    expect(e.has('framework-holds-memory')).toBe(true);
    expect(e.has('fragmented-memory')).toBe(true);
  });

  it('GIVEN no version anywhere THEN no-versions; GIVEN a cuDNN version THEN not', () => {
    expect(
      situationOf('Process finished with exit code -1073740791 (0xC0000409)').evidence.has('no-versions'),
    ).toBe(true);
    expect(situationOf('Loaded cuDNN version 8400').evidence.has('no-versions')).toBe(false);
  });
});

describe('the shell of a paste', () => {
  const shellOf = (text: string, os: 'windows' | 'linux' | 'macos' | null = null) =>
    pickShell((p) => {
      const raws = text.split('\n').filter((l) => p.re.test(l));
      return { count: raws.length, raws };
    }, os);

  it.each([
    ['PS C:\\Users\\kofi\\proj> python train.py', 'powershell'],
    ['(base) PS D:\\work> python .\\train.py', 'powershell'],
    ['PS /home/ana> python train.py', 'powershell'],
    ['$env:CUDA_VISIBLE_DEVICES="1"', 'powershell'],
    ['C:\\Users\\lena\\thesis>python train.py', 'cmd'],
    ['(tf) C:\\Users\\lena>set CUDA_VISIBLE_DEVICES=1', 'cmd'],
    ["'nvcc' is not recognized as an internal or external command,", 'cmd'],
    ['ana@gpu-box:~/work$ python train.py', 'bash'],
    ['$ python train.py', 'bash'],
    ['zsh: killed     python train.py', 'zsh'],
    ['mira@MacBook-Pro ~ % python train.py', 'zsh'],
  ])('GIVEN %j THEN %s', (text, shell) => {
    expect(shellOf(text)).toEqual({ shell, seen: true });
  });

  it('GIVEN a Windows warning line with a path and an arrow THEN it is no cmd prompt', () => {
    expect(shellOf('C:\\Users\\x\\lib\\keras\\engine.py:123: UserWarning: shape -> (None, 3)').seen).toBe(
      false,
    );
  });

  it('GIVEN no shell in the paste THEN the OS decides: PowerShell on Windows, zsh on macOS, else bash', () => {
    expect(shellOf('nothing', 'windows')).toEqual({ shell: 'powershell', seen: false });
    expect(shellOf('nothing', 'macos')).toEqual({ shell: 'zsh', seen: false });
    expect(shellOf('nothing', 'linux')).toEqual({ shell: 'bash', seen: false });
    expect(shellOf('nothing', null)).toEqual({ shell: 'bash', seen: false });
  });
});

describe('values an install line is built from', () => {
  const situation = (versions: Record<string, string>, os: Situation['os'] = 'linux'): Situation => ({
    os,
    shell: 'bash',
    shellSeen: false,
    framework: null,
    versions,
    computeCapability: null,
    exits: [],
    causes: [],
    evidence: new Set(),
  });

  it('GIVEN a 550 driver THEN the torch index is a CUDA 12 one the driver runs, never cu118', () => {
    const values = templateValues(kb.compat, situation({ driver: '550.54.15', torch: '2.14.0+cu130' }));
    expect(values('torch.index')).toMatch(/^https:\/\/download\.pytorch\.org\/whl\/cu12\d$/);
  });

  it('GIVEN a driver older than every CUDA 12 floor THEN there is no index to offer', () => {
    expect(templateValues(kb.compat, situation({ driver: '418.40' }))('torch.index')).toBeNull();
  });

  it('GIVEN the jax-cuda13 plugin THEN jax[cuda13]; GIVEN the CUDA 12 plugin THEN jax[cuda12]', () => {
    expect(templateValues(kb.compat, situation({ jax_cuda13_plugin: '0.7.1' }))('jax.extra')).toBe(
      'jax[cuda13]',
    );
    expect(templateValues(kb.compat, situation({ jax_cuda12_plugin: '0.4.30' }))('jax.extra')).toBe(
      'jax[cuda12]',
    );
  });

  it('GIVEN the TensorFlow tables THEN the native-Windows bound and its Python come from the last Windows GPU build', () => {
    const values = templateValues(kb.compat, situation({}, 'windows'));
    expect(
      fill('pip install "tensorflow<{{tf.windows.below}}"  # Python <= {{tf.windows.python}}', values),
    ).toBe('pip install "tensorflow<2.11"  # Python <= 3.10');
  });

  it('GIVEN TensorFlow 2.15 on Windows THEN there is no CUDA of its Windows GPU build to put on PATH', () => {
    const values = templateValues(kb.compat, situation({ tensorflow: '2.15.0' }, 'windows'));
    expect(values('tf.cuda')).toBeNull();
    expect(values('tf.windows.cuda')).toBe('11.2');
  });
});
