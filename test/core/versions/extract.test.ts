import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VersionFacts } from '../../../src/core/versions/index.js';
import { collect } from './helpers.js';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

/** key -> value of each version's primary sighting, plus "key@line" for where it came from. */
function primaries(facts: VersionFacts): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, e] of Object.entries(facts.versions)) if (e) out[k] = `${e.primary.value}@${e.primary.line}`;
  return out;
}

describe('version extraction from real-shaped pastes', () => {
  it.each([
    [
      'collect_env on Linux',
      fixture('collect-env-linux.txt'),
      {
        torch: '2.1.0+cu118@2',
        torch_cuda: '11.8@4',
        python: '3.10.12@13',
        cuda: '11.8.89@16',
        driver: '535.129.03@22',
        cudnn: '8.9.6@24',
        numpy: '1.24.1@44',
      },
    ],
    [
      'collect_env on Windows with a conda pytorch build string',
      fixture('collect-env-windows.txt'),
      {
        torch: '1.13.1+cu117@1',
        torch_cuda: '11.7@3',
        torch_cudnn: '8@31',
        python: '3.9.13@12',
        driver: '516.94@18',
        cuda: '11.7.64@15',
      },
    ],
    [
      'nvidia-smi header (driver, newest CUDA the driver supports)',
      fixture('nvidia-smi-535.txt'),
      { driver: '535.129.03@3', cuda_driver_max: '12.2@3' },
    ],
    [
      'pip freeze of a TF 2.10 GPU env',
      fixture('pip-freeze-tf.txt'),
      { tensorflow: '2.10.0@22', keras: '2.10.0@10', numpy: '1.23.5@14', protobuf: '3.19.6@17' },
    ],
    [
      'conda list with cudatoolkit and cudnn',
      fixture('conda-list-tf-windows.txt'),
      { cuda: '11.2.2@5', cudnn: '8.1.0.77@6', tensorflow: '2.10.1@11', python: '3.9.18@10' },
    ],
    [
      'jax.print_environment_info()',
      fixture('jax-env-info.txt'),
      { jax: '0.4.30@1', jaxlib: '0.4.30@2', numpy: '1.26.4@3', python: '3.11.9@4', driver: '550.54.15@13' },
    ],
    [
      'the Windows seed log',
      fixture('tf-windows-seed.txt'),
      { tensorflow: '2.10.0@2', cudart_major: '11@3', cudnn: '8.4.0@8' },
    ],
    [
      'nvcc --version',
      'nvcc: NVIDIA (R) Cuda compiler driver\nCopyright (c) 2005-2022 NVIDIA Corporation\nBuilt on Wed_Sep_21_10:33:58_PDT_2022\nCuda compilation tools, release 11.8, V11.8.89\nBuild cuda_11.8.r11.8/compiler.31833839_0',
      { nvcc: '11.8.89@4', cuda: '11.8@4' },
    ],
    [
      'TF loaded-vs-compiled cuDNN error with a timestamp',
      '2021-10-13 17:19:29.385716: E tensorflow/stream_executor/cuda/cuda_dnn.cc:362] Loaded runtime CuDNN library: 8.0.4 but source was compiled with: 8.1.0.  CuDNN library needs to have matching major version and equal or higher minor version.',
      { cudnn: '8.0.4@1', cudnn_compiled: '8.1.0@1' },
    ],
    [
      'cuDNN 9 integer version',
      'I0000 00:00:1718000000.000000 1234 cuda_dnn.cc:529] Loaded cuDNN version 90300',
      { cudnn: '9.3.0@1' },
    ],
    [
      'torch driver-too-old warning',
      'UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver',
      { cuda_driver_max: '11.4@1' },
    ],
    [
      'TF get_build_info() one-line dict',
      ">>> tf.sysconfig.get_build_info()\nOrderedDict({'cpu_compiler': '/usr/bin/gcc', 'cuda_compute_capabilities': ['sm_35', 'sm_50', 'sm_60', 'sm_70', 'sm_75', 'compute_80'], 'cuda_version': '11.2', 'cudnn_version': '8', 'is_cuda_build': True})",
      { tensorflow_cuda: '11.2@2', cudnn_compiled: '8@2' },
    ],
    [
      'TF get_build_info() printed one key per line',
      "sysconfig: [\n  ('cpu_compiler', '/dt9/usr/bin/gcc'),\n  ('cuda_compute_capabilities', ['sm_35', 'sm_50', 'sm_60', 'sm_70', 'sm_75', 'compute_80']),\n  ('cuda_version', '11.2'),\n  ('cudnn_version', '8'),\n  ('is_cuda_build', True),\n]",
      { tensorflow_cuda: '11.2@4', cudnn_compiled: '8@5' },
    ],
    [
      'TF issue-template bullets',
      '- OS Platform and Distribution: Windows 10\n- TensorFlow installed from (source or binary): binary\n- TensorFlow version (use command below): v2.4.0-rc4-71-g582c8d236cb 2.4.0\n- Python version: 3.8.5\n- CUDA/cuDNN version: 11.0/8.0.4\n- GPU model and memory: GeForce RTX 2070, 8GB',
      { tensorflow: '2.4.0@3', python: '3.8.5@4', cuda: '11.0@5', cudnn: '8.0.4@5' },
    ],
    [
      'TF kernel-reported driver',
      'I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:176] kernel reported version is: 470.82.1',
      { driver: '470.82.1@1' },
    ],
    [
      'pip install output',
      'Successfully installed numpy-2.0.0 protobuf-4.25.3 tensorflow-2.16.1',
      { numpy: '2.0.0@1', protobuf: '4.25.3@1', tensorflow: '2.16.1@1' },
    ],
    [
      'pip requirement line',
      'Requirement already satisfied: torch>=2.0 in ./venv/lib/python3.10/site-packages (2.2.1+cu121)',
      { torch: '2.2.1+cu121@1', torch_cuda: '12.1@1' },
    ],
    [
      'pip list with jax CUDA plugin and cuDNN wheel',
      'jax                       0.4.31\njaxlib                    0.4.31\njax-cuda12-plugin         0.4.31\njax-cuda12-pjrt           0.4.31\nnvidia-cudnn-cu12         9.1.0.70',
      { jax: '0.4.31@1', jaxlib: '0.4.31@2', jax_cuda12_plugin: '0.4.31@3', cudnn: '9.1.0.70@5' },
    ],
    [
      'JAX jaxlib-newer-than-jax error',
      'RuntimeError: jaxlib version 0.4.14 is newer than and incompatible with jax version 0.4.6. Please update your jax and/or jaxlib packages.',
      { jaxlib: '0.4.14@1', jax: '0.4.6@1' },
    ],
    [
      'JAX plugin warning',
      '/usr/local/lib/python3.12/dist-packages/jaxlib/plugin_support.py:71: RuntimeWarning: JAX plugin jax_cuda12_plugin version 0.7.2 is installed, but it is not compatible with the installed jaxlib version 0.7.1, so it will not be used.',
      { jax_cuda12_plugin: '0.7.2@1', jaxlib: '0.7.1@1', python: '3.12@1' },
    ],
    [
      'NumPy 2 warning wrapped over two lines',
      'A module that was compiled using NumPy 1.x cannot be run in\nNumPy 2.0.0 as it may crash. To support both 1.x and 2.x',
      { numpy: '2.0.0@2' },
    ],
    [
      'Python banner',
      'Python 3.11.4 (tags/v3.11.4:d2340ef, Jun  7 2023, 05:45:37) [MSC v.1934 64 bit (AMD64)] on win32',
      { python: '3.11.4@1' },
    ],
    [
      'Windows site-packages path',
      '  File "C:\\Users\\me\\AppData\\Local\\Programs\\Python\\Python311\\lib\\site-packages\\torch\\__init__.py", line 128, in <module>',
      { python: '3.11@1' },
    ],
    [
      'versions written in a message',
      'My env is win10+tensorflow1.10+cuda9.2;',
      { tensorflow: '1.10@1', cuda: '9.2@1' },
    ],
    [
      'TF loading a Linux cuDNN 8',
      'I tensorflow/stream_executor/platform/default/dso_loader.cc:53] Successfully opened dynamic library libcudnn.so.8',
      { cudnn_major: '8@1' },
    ],
  ])('GIVEN %s THEN it reads the versions and their lines', (_name, text, expected) => {
    expect(primaries(collect(text))).toMatchObject(expected);
  });
});
