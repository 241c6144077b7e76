import { describe, expect, it } from 'vitest';
import type { FlagKey } from '../../../src/core/versions/index.js';
import { collect } from './helpers.js';

describe('GPUs, libraries, flags and non-versions in real-shaped lines', () => {
  it.each([
    [
      'TF Created device',
      'Created device /job:localhost/replica:0/task:0/device:GPU:0 with 3994 MB memory:  -> device: 0, name: NVIDIA GeForce GTX 1650, pci bus id: 0000:01:00.0, compute capability: 7.5',
      'NVIDIA GeForce GTX 1650',
      '7.5',
    ],
    [
      'TF 2.1-2.4 Found device',
      'pciBusID: 0000:01:00.0 name: GeForce RTX 2070 computeCapability: 7.5',
      'GeForce RTX 2070',
      '7.5',
    ],
    [
      'TF 1.x device properties',
      'name: GeForce GTX 1080 major: 6 minor: 1 memoryClockRate(GHz): 1.7335',
      'GeForce GTX 1080',
      '6.1',
    ],
    [
      'torch sm_120 warning',
      'NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.',
      'NVIDIA GeForce RTX 5090',
      '12.0',
    ],
    [
      'torch old-GPU warning',
      '    Found GPU0 GeForce GTX 660 Ti which is of cuda capability 3.0.',
      'GeForce GTX 660 Ti',
      '3.0',
    ],
    [
      'nvidia-smi query CSV',
      'name, compute_cap, driver_version\nNVIDIA RTX A5000, 8.6, 535.104.05',
      'NVIDIA RTX A5000',
      '8.6',
    ],
    [
      'nvidia-smi table row',
      '|   0  NVIDIA A100-SXM4-80GB          On  | 00000000:07:00.0 Off |                    0 |',
      'NVIDIA A100-SXM4-80GB',
      null,
    ],
    [
      'nvidia-smi -L',
      'GPU 0: NVIDIA GeForce RTX 4090 (UUID: GPU-5d1c2a9e-0000-0000-0000-000000000000)',
      'NVIDIA GeForce RTX 4090',
      null,
    ],
  ])('GIVEN %s THEN it reads the GPU name and compute capability', (_name, text, name, cc) => {
    expect(collect(text).gpus[0]).toMatchObject({ name, computeCapability: cc });
  });

  it.each([
    [
      "Could not load dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found",
      'cudart64_110.dll',
      'missing',
      'windows',
    ],
    ['Successfully opened dynamic library libcudart.so.11.0', 'libcudart.so.11.0', 'loaded', 'linux'],
    [
      'Could not locate cudnn_cnn_infer64_8.dll. Please make sure it is in your library path!',
      'cudnn_cnn_infer64_8.dll',
      'missing',
      'windows',
    ],
    [
      'ImportError: libcudnn.so.8: cannot open shared object file: No such file or directory',
      'libcudnn.so.8',
      'missing',
      'linux',
    ],
  ])('GIVEN the line %j THEN the library %s is %s and the paste looks %s', (text, name, state, os) => {
    const facts = collect(text);
    expect(facts.libraries).toEqual([{ name, state, line: 1 }]);
    expect(facts.os).toBe(os);
  });

  it.each<[string, string, FlagKey]>([
    ['torch CPU wheel', 'torch==2.1.0+cpu', 'torch-no-cuda'],
    ['collect_env of a CPU build', 'CUDA used to build PyTorch: None', 'torch-no-cuda'],
    ['torch assertion', 'AssertionError: Torch not compiled with CUDA enabled', 'torch-no-cuda'],
    ['TF CPU build info', "{'is_cuda_build': False, 'is_rocm_build': False}", 'tf-cpu-build'],
    ['protobuf error', 'TypeError: Descriptors cannot not be created directly.', 'protobuf-descriptors'],
    ['protobuf advice', ' 1. Downgrade the protobuf package to 3.20.x or lower.', 'protobuf-advice'],
    [
      'CUDA runtime vs driver',
      'RuntimeError: CUDA driver version is insufficient for CUDA runtime version',
      'driver-insufficient',
    ],
    ['collect_env without CUDA', 'Is CUDA available: False', 'cuda-unavailable'],
  ])('GIVEN a %s line THEN the flag is raised', (_name, text, key) => {
    expect(collect(text).flags.map((f) => f.key)).toContain(key);
  });

  it.each([
    ['a CUDA error line', 'RuntimeError: CUDA error: an illegal memory access was encountered'],
    [
      'a dict with an unrelated cuda_version key',
      "{'torch': '2.4.1+cu121', 'cuda_version': '12.1', 'device_name': 'NVIDIA RTX 4090'}",
    ],
    ['tensorflow-estimator in pip freeze', 'tensorflow-estimator==2.10.0'],
    ['a tensorboard row in pip list', 'tensorboard                  2.10.1'],
    ['TF source paths', 'File "/usr/lib/python3/dist-packages/tensorflow/python/eager/execute.py", line 54'],
  ])('GIVEN %s THEN no framework, CUDA or cuDNN version is read', (_name, text) => {
    const facts = collect(text);
    for (const key of [
      'tensorflow',
      'tensorflow_cuda',
      'torch',
      'cuda',
      'cudnn',
      'cudnn_compiled',
    ] as const) {
      expect(facts.versions[key], key).toBeUndefined();
    }
  });
});
