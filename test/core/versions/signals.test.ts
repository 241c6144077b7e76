import { describe, expect, it } from 'vitest';
import { isEnvironmentDump, versionSignals } from '../../../src/core/versions/index.js';
import { collect } from './helpers.js';
import { fixture } from './scenarios/index.js';

const TRACEBACK = Array.from(
  { length: 12 },
  (_, i) =>
    `  File "/opt/venv/lib/python3.10/site-packages/torch/nn/modules/module.py", line ${1500 + i}, in _call_impl`,
).join('\n');

describe('isEnvironmentDump', () => {
  it.each([
    ['a PyTorch collect_env report', fixture('collect-env-linux.txt'), true],
    ['a Windows collect_env report', fixture('collect-env-windows.txt'), true],
    ['an nvidia-smi table', fixture('nvidia-smi-535.txt'), true],
    ['a pip freeze', fixture('pip-freeze-tf.txt'), true],
    ['a conda list', fixture('conda-list-tf-windows.txt'), true],
    ['jax.print_environment_info()', fixture('jax-env-info.txt'), true],
    [
      'nvcc --version',
      'nvcc: NVIDIA (R) Cuda compiler driver\nCuda compilation tools, release 12.1, V12.1.105',
      true,
    ],
    ['the seed crash log', fixture('tf-windows-seed.txt'), false],
    ["PyTorch's capability warning and a traceback", fixture('torch-blackwell.txt'), false],
    [
      'a question that names versions',
      'I have tensorflow 2.10 with CUDA 11.2 and cuDNN 8.1, is that right?',
      false,
    ],
    [
      'a traceback that quotes collect_env',
      `${TRACEBACK}\nPyTorch version: 2.1.0\nIs CUDA available: False\nPython version: 3.10.12`,
      false,
    ],
    ['one driver line in a sentence', 'my Driver Version: 535.129.03 should be fine', true],
  ])('GIVEN %s THEN it is an environment dump: %s', (_name, text, expected) => {
    expect(isEnvironmentDump(collect(text))).toBe(expected);
  });
});

describe('versionSignals', () => {
  it('GIVEN a Linux collect_env THEN the signals hold one value per key, the libraries and the GPUs', () => {
    expect(versionSignals(collect(fixture('collect-env-linux.txt')))).toEqual({
      versions: {
        torch: '2.1.0+cu118',
        torch_cuda: '11.8',
        python: '3.10.12',
        cuda: '11.8.89',
        driver: '535.129.03',
        cudnn: '8.9.6',
        numpy: '1.24.1',
      },
      libraries: [
        'libcudnn.so.8.9.6',
        'libcudnn_adv_infer.so.8.9.6',
        'libcudnn_adv_train.so.8.9.6',
        'libcudnn_cnn_infer.so.8.9.6',
        'libcudnn_cnn_train.so.8.9.6',
        'libcudnn_ops_infer.so.8.9.6',
        'libcudnn_ops_train.so.8.9.6',
      ],
      gpus: [{ name: 'NVIDIA GeForce RTX 3090' }],
    });
  });

  it('GIVEN the seed log THEN cudart64_110.dll, cuDNN 8.4.0 and the GPU with its capability are signals', () => {
    expect(versionSignals(collect(fixture('tf-windows-seed.txt')))).toEqual({
      versions: { tensorflow: '2.10.0', cudart_major: '11', cudnn: '8.4.0' },
      libraries: ['cudart64_110.dll'],
      gpus: [{ name: 'NVIDIA GeForce GTX 1650', computeCapability: '7.5' }],
    });
  });

  it('GIVEN two torch versions THEN the signal is the more trustworthy one, the other stays in the facts', () => {
    const facts = collect('torch 1.13.1\nPyTorch version: 2.1.0+cu118');
    expect(versionSignals(facts).versions.torch).toBe('2.1.0+cu118');
    expect(facts.versions.torch?.sightings.map((s) => [s.value, s.line])).toEqual([
      ['1.13.1', 1],
      ['2.1.0+cu118', 2],
    ]);
  });
});
