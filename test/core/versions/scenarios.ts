// The acceptance table for version checks: real-shaped pastes, the context the classifier
// passes, and for each check id the status it must get (null: must not appear) and the
// versions its text must name. Shared with the needle and property tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckStatus } from '../../../src/core/types.js';
import type { Ctx } from './helpers.js';

export const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

export interface Scenario {
  name: string;
  paste: string;
  ctx?: Ctx;
  expect: Record<string, CheckStatus | null>;
  names?: Record<string, readonly string[]>;
}

const TF_WIN: Ctx = { framework: 'tensorflow', os: 'windows' };
const TF_LINUX: Ctx = { framework: 'tensorflow', os: 'linux' };
const TORCH_LINUX: Ctx = { framework: 'pytorch', os: 'linux' };
const SMI = (driver: string, cuda: string, gpu = 'NVIDIA GeForce RTX 3090') =>
  `| NVIDIA-SMI ${driver}    Driver Version: ${driver}    CUDA Version: ${cuda}     |\n|   0  ${gpu}        Off | 00000000:01:00.0 Off |                  N/A |`;

export const SCENARIOS: Scenario[] = [
  // TensorFlow against its tested build: cuDNN
  {
    name: 'the seed: TF 2.10 on Windows loads cuDNN 8400, then 0xC0000409',
    paste: fixture('tf-windows-seed.txt'),
    ctx: { framework: 'tensorflow', causes: ['native-crash-windows'] },
    expect: { 'tf-cudnn': 'fail', 'tf-cuda': 'ok', 'tf-windows-gpu': null },
    names: {
      'tf-cudnn': ['cuDNN 8.4.0', 'cuDNN 8.1', 'TF 2.10.0', 'tensorflow_gpu-2.10.0'],
      'tf-cuda': ['CUDA 11.2', 'CUDA 11 runtime'],
    },
  },
  {
    name: 'the seed pasted as a question, with no crash being diagnosed',
    paste: fixture('tf-windows-seed.txt'),
    expect: { 'tf-cudnn': 'warn' },
    names: { 'tf-cudnn': ['8.4.0', '8.1'] },
  },
  {
    name: 'TF 2.10 on Windows loading the cuDNN 8.1 of its tested build',
    paste:
      'TensorFlow version: 2.10.0\nI tensorflow/stream_executor/cuda/cuda_dnn.cc:384] Loaded cuDNN version 8100',
    ctx: TF_WIN,
    expect: { 'tf-cudnn': 'ok' },
    names: { 'tf-cudnn': ['8.1.0', 'cuDNN 8.1'] },
  },
  {
    name: "TensorFlow's own loaded-vs-compiled cuDNN error",
    paste:
      'tensorflow==2.5.0\nE tensorflow/stream_executor/cuda/cuda_dnn.cc:362] Loaded runtime CuDNN library: 8.0.4 but source was compiled with: 8.1.0.  CuDNN library needs to have matching major version and equal or higher minor version.',
    ctx: { ...TF_LINUX, causes: ['cudnn-version-mismatch'] },
    expect: { 'tf-cudnn': 'fail' },
    names: { 'tf-cudnn': ['8.0.4', '8.1.0', 'cuDNN 8.1'] },
  },
  {
    name: 'TF 2.15 on Linux loading an older cuDNN 8.6',
    paste:
      'tensorflow                   2.15.0\nI0000 00:00:1700000000.000000 1234 cuda_dnn.cc:440] Loaded cuDNN version 8600',
    ctx: TF_LINUX,
    expect: { 'tf-cudnn': 'fail' },
    names: { 'tf-cudnn': ['8.6.0', 'cuDNN 8.9', 'tensorflow-2.15.0'] },
  },
  {
    name: 'TF 2.17 on Linux loading cuDNN 9 (its build is cuDNN 8.9)',
    paste: 'tensorflow==2.17.0\nLoaded cuDNN version 90300',
    ctx: { ...TF_LINUX, causes: ['cudnn-version-mismatch'] },
    expect: { 'tf-cudnn': 'fail' },
    names: { 'tf-cudnn': ['9.3.0', '8.9', 'different major'] },
  },
  {
    name: 'TF 2.18 on Linux loading cuDNN 9.3',
    paste: 'tensorflow==2.18.0\nLoaded cuDNN version 90300',
    ctx: TF_LINUX,
    expect: { 'tf-cudnn': 'ok' },
    names: { 'tf-cudnn': ['9.3.0', 'cuDNN 9.3'] },
  },
  // TensorFlow against its tested build: CUDA
  {
    name: 'TF 2.10 on Windows with CUDA 12 installed and cudart64_110.dll missing',
    paste:
      "tensorflow-gpu==2.10.0\nCuda compilation tools, release 12.1, V12.1.105\nW tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found",
    ctx: { ...TF_WIN, causes: ['missing-cuda-library'] },
    expect: { 'tf-cuda': 'fail' },
    names: { 'tf-cuda': ['CUDA 11.2', '12.1'] },
  },
  {
    name: 'TF 2.15 on Linux next to a system CUDA 11.8 toolkit',
    paste: 'tensorflow==2.15.0\nCuda compilation tools, release 11.8, V11.8.89',
    ctx: TF_LINUX,
    expect: { 'tf-cuda': 'warn' },
    names: { 'tf-cuda': ['CUDA 12.2', '11.8', 'and-cuda'] },
  },
  {
    name: 'TF 2.12 on Linux that cannot load libcudnn.so.8 while a missing library is suspected',
    paste: fixture('tf-linux-missing-libs.txt'),
    ctx: { ...TF_LINUX, causes: ['missing-cuda-library'] },
    expect: { 'tf-cuda': 'fail' },
    names: { 'tf-cuda': ['libcudnn.so.8', 'CUDA 11.8', 'cuDNN 8.6'] },
  },
  {
    name: 'the same missing-library log read as an environment report',
    paste: fixture('tf-linux-missing-libs.txt'),
    ctx: { os: 'linux' },
    expect: { 'tf-cuda': 'warn' },
    names: { 'tf-cuda': ['libcudnn.so.8'] },
  },
  {
    name: 'conda env with the cudatoolkit 11.2 and cuDNN 8.1 of TF 2.10',
    paste: fixture('conda-list-tf-windows.txt'),
    ctx: { os: 'windows' },
    expect: { 'tf-cuda': 'ok', 'tf-cudnn': 'ok', 'cudnn-cuda': 'ok', 'python-tensorflow': 'ok' },
    names: { 'tf-cuda': ['11.2.2', 'CUDA 11.2'], 'tf-cudnn': ['8.1.0.77'] },
  },
  // TensorFlow GPU on native Windows
  {
    name: 'TF 2.13 on native Windows with an NVIDIA GPU and no GPU found',
    paste: `tensorflow==2.13.0\n${SMI('536.23', '12.2')}`,
    ctx: { ...TF_WIN, causes: ['gpu-not-detected'] },
    expect: { 'tf-windows-gpu': 'fail' },
    names: { 'tf-windows-gpu': ['2.13.0', '2.10', 'WSL2', 'CUDA 11.2', 'cuDNN 8.1'] },
  },
  {
    name: 'TF 2.13 under WSL2',
    paste: `tensorflow==2.13.0\n${SMI('536.23', '12.2')}`,
    ctx: { framework: 'tensorflow', os: 'wsl', causes: ['gpu-not-detected'] },
    expect: { 'tf-windows-gpu': null },
  },
  {
    name: 'TF 2.10 on native Windows',
    paste: `tensorflow-gpu==2.10.0\n${SMI('536.23', '12.2')}`,
    ctx: { ...TF_WIN, causes: ['gpu-not-detected'] },
    expect: { 'tf-windows-gpu': null },
  },
  // Driver against the CUDA the framework was built with
  {
    name: 'collect_env: torch cu118 with driver 535',
    paste: fixture('collect-env-linux.txt'),
    expect: { driver: 'ok', 'python-pytorch': 'ok', 'gpu-arch': 'ok' },
    names: { driver: ['535.129.03', '520.61.05', 'CUDA 11.8'] },
  },
  {
    name: 'torch cu121 on a 470 driver',
    paste: `torch==2.1.0+cu121\n${SMI('470.82.01', '11.4')}`,
    ctx: { ...TORCH_LINUX, causes: ['driver-too-old'] },
    expect: { driver: 'fail' },
    names: { driver: ['470.82.01', 'CUDA 12.1', '530.30.02', '525.60.13'] },
  },
  {
    name: 'torch cu118 on a 470 driver: minor-version compatibility covers it',
    paste: `torch==2.1.0+cu118\n${SMI('470.82.01', '11.4')}`,
    ctx: TORCH_LINUX,
    expect: { driver: 'ok' },
    names: { driver: ['470.82.01', '520.61.05', '450.80.02', 'minor-version'] },
  },
  {
    name: "PyTorch's own driver-too-old warning",
    paste:
      'torch 1.13.1+cu117\nUserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 10010).',
    ctx: { framework: 'pytorch', causes: ['driver-too-old'] },
    expect: { driver: 'fail' },
    names: { driver: ['10.1', '11.7'] },
  },
  {
    name: 'TF 2.10 on Windows with driver 472.12',
    paste: `tensorflow-gpu==2.10.0\n${fixture('nvidia-smi-470-windows.txt')}`,
    ctx: TF_WIN,
    expect: { driver: 'ok' },
    names: { driver: ['472.12', '460.82', 'CUDA 11.2'] },
  },
  {
    name: 'a CUDA 13.0 toolkit on a 575 driver',
    paste: `Cuda compilation tools, release 13.0, V13.0.48\n${SMI('575.57.08', '12.9')}`,
    ctx: { os: 'linux' },
    expect: { driver: 'fail' },
    names: { driver: ['575.57.08', '580.65.06', '580'] },
  },
  {
    name: 'driver 451.00 for torch cu110 with no OS known: Linux and Windows disagree',
    paste: `torch==1.7.0+cu110\n${SMI('451.00', '11.0')}`,
    expect: { driver: 'warn' },
    names: { driver: ['451.00', 'depends on the OS'] },
  },
  {
    name: 'torch cu121 under WSL2 on Windows driver 528.33 (minor-version floor 527.41)',
    paste: `torch==2.1.0+cu121\n${SMI('528.33', '12.0')}`,
    ctx: { framework: 'pytorch', os: 'wsl' },
    expect: { driver: 'ok' },
    names: { driver: ['528.33', '531.14', '527.41', 'Windows'] },
  },
  {
    name: 'JAX CUDA 12 plugin on a 520 driver',
    paste: `jax==0.4.30\njaxlib==0.4.30\njax-cuda12-plugin==0.4.30\n${SMI('520.61.05', '11.8')}`,
    ctx: { framework: 'jax', os: 'linux' },
    expect: { driver: 'fail' },
    names: { driver: ['520.61.05', '525'] },
  },
  // GPU compute capability against the build
  {
    name: "PyTorch's own warning on a Blackwell GPU",
    paste: fixture('torch-blackwell.txt'),
    ctx: { framework: 'pytorch', os: 'linux', causes: ['unsupported-gpu-arch'] },
    expect: { 'gpu-arch': 'fail' },
    names: { 'gpu-arch': ['RTX 5060 Ti', '12.0', 'CUDA 12.8'] },
  },
  {
    name: 'torch 2.1 cu118 on an RTX 4090 (8.9 runs the 8.6 code)',
    paste: `torch==2.1.0+cu118\n${SMI('535.129.03', '12.2', 'NVIDIA GeForce RTX 4090')}`,
    ctx: { os: 'linux' },
    expect: { 'gpu-arch': 'ok' },
    names: { 'gpu-arch': ['RTX 4090', '8.9', '8.6'] },
  },
  {
    name: 'torch 2.5 cu124 on an RTX 5090, nothing suspected',
    paste: `torch==2.5.1+cu124\n${SMI('570.86.10', '12.8', 'NVIDIA GeForce RTX 5090')}`,
    ctx: { os: 'linux' },
    expect: { 'gpu-arch': 'warn' },
    names: { 'gpu-arch': ['RTX 5090', '12.0', 'lacks it'] },
  },
  {
    name: 'torch 2.5 cu124 on an RTX 5090 with "no kernel image" suspected',
    paste: `torch==2.5.1+cu124\n${SMI('570.86.10', '12.8', 'NVIDIA GeForce RTX 5090')}`,
    ctx: { framework: 'pytorch', os: 'linux', causes: ['unsupported-gpu-arch'] },
    expect: { 'gpu-arch': 'fail' },
    names: { 'gpu-arch': ['12.0', 'CUDA 12.4'] },
  },
  {
    name: 'TF 2.15 (CUDA 12) on a Tesla K80',
    paste:
      'tensorflow==2.15.0\nCreated device /job:localhost/replica:0/task:0/device:GPU:0 with 11430 MB memory:  -> device: 0, name: Tesla K80, pci bus id: 0000:00:04.0, compute capability: 3.7',
    ctx: TF_LINUX,
    expect: { 'gpu-arch': 'fail' },
    names: { 'gpu-arch': ['Tesla K80', '3.7', '5.0', 'CUDA 12.2'] },
  },
  {
    name: "TF's build info lists compute_80 PTX; an RTX 3060 (8.6) runs it",
    paste:
      "Created device /job:localhost/replica:0/task:0/device:GPU:0 with 10000 MB memory:  -> device: 0, name: NVIDIA GeForce RTX 3060, pci bus id: 0000:01:00.0, compute capability: 8.6\nOrderedDict([('cpu_compiler', '/dt9/usr/bin/gcc'), ('cuda_compute_capabilities', ['sm_35', 'sm_50', 'sm_60', 'sm_70', 'sm_75', 'compute_80']), ('cuda_version', '11.2'), ('cudnn_version', '8'), ('is_cuda_build', True)])",
    ctx: { framework: 'tensorflow' },
    expect: { 'gpu-arch': 'ok' },
    names: { 'gpu-arch': ['RTX 3060', '8.6', 'PTX'] },
  },
  {
    name: 'a GTX 1650 whose table row is unverified',
    paste: `torch==2.1.0+cu118\n${SMI('535.129.03', '12.2', 'NVIDIA GeForce GTX 1650')}`,
    ctx: { os: 'linux' },
    expect: { 'gpu-arch': 'todo' },
    names: { 'gpu-arch': ['GTX 1650', 'not confirmed'] },
  },
  {
    name: 'an old torch that lists sm_37..sm_70 on an RTX 3080 Laptop GPU (corpus pt-028)',
    paste:
      'NVIDIA GeForce RTX 3080 Laptop GPU with CUDA capability sm_86 is not compatible with the current PyTorch installation.\nThe current PyTorch install supports CUDA capabilities sm_37 sm_50 sm_60 sm_70.',
    ctx: { framework: 'pytorch', causes: ['unsupported-gpu-arch'] },
    expect: { 'gpu-arch': 'fail' },
    names: { 'gpu-arch': ['RTX 3080 Laptop GPU', '8.6'] },
  },
  {
    name: 'PyTorch calling a GTX 960M (5.0) too old (corpus pt-034)',
    paste:
      'C:\\Users\\me\\anaconda3\\envs\\voice\\lib\\site-packages\\torch\\cuda\\__init__.py:116: UserWarning:\n    Found GPU0 GeForce GTX 960M which is of cuda capability 5.0.\n    PyTorch no longer supports this GPU because it is too old.',
    ctx: { framework: 'pytorch', os: 'windows', causes: ['unsupported-gpu-arch'] },
    expect: { 'gpu-arch': 'fail', 'gpu-compute-capability': null },
    names: { 'gpu-arch': ['GTX 960M', '5.0'] },
  },
  // Python against the release's range
  {
    name: 'TF 2.10 under Python 3.11',
    paste: `${fixture('pip-freeze-tf.txt')}\nPython 3.11.4 (main, Jul  5 2023, 13:45:01) [GCC 11.2.0] on linux`,
    expect: { 'python-tensorflow': 'warn' },
    names: { 'python-tensorflow': ['3.11.4', '3.7-3.10'] },
  },
  {
    name: 'torch 2.2 under Python 3.12 (experimental in the matrix)',
    paste: 'torch==2.2.0\nPython 3.12.1 (main, Dec 10 2023, 15:07:36) [GCC 11.4.0] on linux',
    expect: { 'python-pytorch': 'warn' },
    names: { 'python-pytorch': ['3.12.1', 'experimental', '3.8-3.11'] },
  },
  {
    name: 'torch 1.9 under Python 3.9: the range is only inferred',
    paste: 'torch==1.9.0+cu111\nPython version: 3.9.7',
    expect: { 'python-pytorch': 'todo' },
    names: { 'python-pytorch': ['3.9.7', 'not confirmed'] },
  },
  {
    name: 'jax 0.4.31 under Python 3.9',
    paste: 'jax==0.4.31\njaxlib==0.4.31\nPython 3.9.18 (main, Aug 25 2023, 13:20:04) [GCC 11.4.0] on linux',
    expect: { 'python-jax': 'warn' },
    names: { 'python-jax': ['3.9.18', '3.10'] },
  },
  // Builds, NumPy, protobuf, JAX pairing
  {
    name: 'a CPU-only torch wheel on a machine with an NVIDIA GPU',
    paste: `torch==2.1.0+cpu\n${SMI('535.129.03', '12.2')}`,
    ctx: { framework: 'pytorch', causes: ['gpu-not-detected'] },
    expect: { 'torch-cuda-build': 'fail' },
    names: { 'torch-cuda-build': ['2.1.0+cpu', 'RTX 3090', '11.8, 12.1'] },
  },
  {
    name: 'a CPU-only torch wheel and no GPU anywhere',
    paste: 'torch==2.1.0+cpu',
    expect: { 'torch-cuda-build': null },
  },
  {
    name: "NumPy 2's warning about a module built for NumPy 1.x",
    paste:
      "A module that was compiled using NumPy 1.x cannot be run in\nNumPy 2.0.0 as it may crash. To support both 1.x and 2.x\nversions of NumPy, modules must be compiled with NumPy 2.0.\nIf you are a user of the module, the easiest solution will be to\ndowngrade to 'numpy<2' or try to upgrade the affected module.",
    ctx: { causes: ['numpy-abi-mismatch'] },
    expect: { 'numpy-abi': 'fail' },
    names: { 'numpy-abi': ['NumPy 2.0.0', 'numpy<2'] },
  },
  {
    name: 'NumPy 2.1 installed while the classifier suspects the NumPy ABI',
    paste: 'numpy==2.1.2\nImportError: numpy.core.multiarray failed to import',
    ctx: { causes: ['numpy-abi-mismatch'] },
    expect: { 'numpy-abi': 'warn' },
    names: { 'numpy-abi': ['2.1.2'] },
  },
  {
    name: 'the NumPy ABI suspected and no NumPy version in the paste',
    paste: 'ImportError: numpy.core.multiarray failed to import',
    ctx: { causes: ['numpy-abi-mismatch'] },
    expect: { 'numpy-abi': 'todo' },
  },
  {
    name: 'protobuf 4 with generated code that refuses it (corpus tf-058)',
    paste:
      'protobuf==4.21.1\nTypeError: Descriptors cannot not be created directly.\nIf you cannot immediately regenerate your protos, some other possible workarounds are:\n 1. Downgrade the protobuf package to 3.20.x or lower.',
    ctx: { causes: ['protobuf-version'] },
    expect: { protobuf: 'warn' },
    names: { protobuf: ['4.21.1', '3.20.x'] },
  },
  {
    name: 'protobuf suspected and its version not in the paste',
    paste: 'TypeError: Descriptors cannot not be created directly.',
    ctx: { causes: ['protobuf-version'] },
    expect: { protobuf: 'todo' },
  },
  {
    name: "JAX's own jaxlib-newer-than-jax error (corpus tf-084)",
    paste:
      'RuntimeError: jaxlib version 0.4.14 is newer than and incompatible with jax version 0.4.6. Please update your jax and/or jaxlib packages.',
    ctx: { framework: 'jax', causes: ['jax-jaxlib-mismatch'] },
    expect: { 'jax-jaxlib': 'fail' },
    names: { 'jax-jaxlib': ['0.4.14', '0.4.6'] },
  },
  {
    name: 'pip list with jax 0.4.30 and jaxlib 0.4.23',
    paste: 'jax                       0.4.30\njaxlib                    0.4.23',
    expect: { 'jax-jaxlib': 'warn' },
    names: { 'jax-jaxlib': ['0.4.30', '0.4.23', 'not confirmed'] },
  },
  {
    name: 'jax 0.4.31 next to a cuDNN 8.9 wheel',
    paste: 'jax==0.4.31\njaxlib==0.4.31\njax-cuda12-plugin==0.4.31\nnvidia-cudnn-cu12==8.9.2.26',
    expect: { 'jax-cudnn': 'fail', 'jax-jaxlib': null },
    names: { 'jax-cudnn': ['8.9.2.26', '9.1'] },
  },
  {
    name: 'jax.print_environment_info() with matching jax and jaxlib',
    paste: fixture('jax-env-info.txt'),
    expect: { 'jax-jaxlib': null, 'python-jax': null, driver: null },
  },
  // Contradictions
  {
    name: 'two torch versions in one paste',
    paste: `${fixture('collect-env-linux.txt')}\n$ pip list | grep torch\ntorch                     1.13.1`,
    expect: { 'versions-differ-torch': 'warn' },
    names: { 'versions-differ-torch': ['2.1.0+cu118', '1.13.1'] },
  },
  {
    name: 'TF loads cuDNN 8.4 while the conda env holds cuDNN 8.1',
    paste: `${fixture('conda-list-tf-windows.txt')}\nI tensorflow/stream_executor/cuda/cuda_dnn.cc:384] Loaded cuDNN version 8400`,
    ctx: { os: 'windows' },
    expect: { 'versions-differ-cudnn': 'warn', 'tf-cudnn': 'warn' },
    names: { 'versions-differ-cudnn': ['8.4.0', '8.1.0.77'], 'tf-cudnn': ['8.4.0'] },
  },
  {
    name: 'one torch version printed by collect_env and pip alike',
    paste: fixture('collect-env-linux.txt'),
    expect: { 'versions-differ-torch': null, 'versions-differ-cudnn': null },
  },
  // Versions missing: what to run
  {
    name: 'only the exit code, TensorFlow context',
    paste: 'Process finished with exit code -1073740791 (0xC0000409)',
    ctx: { framework: 'tensorflow', os: 'windows', causes: ['native-crash-windows'] },
    expect: { 'tf-build-info': 'todo', 'tf-cudnn': null, driver: null },
  },
  {
    name: 'TF 2.10 loaded the CUDA 11 runtime, crashed natively, and no cuDNN line shows',
    paste: `TensorFlow version: 2.10.0\nI tensorflow/stream_executor/platform/default/dso_loader.cc:53] Successfully opened dynamic library cudart64_110.dll\nProcess finished with exit code -1073740791 (0xC0000409)`,
    ctx: {
      framework: 'tensorflow',
      os: 'windows',
      causes: ['native-crash-windows', 'cudnn-version-mismatch'],
    },
    expect: { 'tf-cudnn-loaded': 'todo', 'tf-build-info': null, 'tf-cuda': 'ok' },
    names: { 'tf-cudnn-loaded': ['cuDNN 8.1'] },
  },
  {
    name: 'a PyTorch CUDA mismatch with no versions',
    paste: 'RuntimeError: CUDA error: no kernel image is available for execution on the device',
    ctx: { framework: 'pytorch', causes: ['cuda-version-mismatch'] },
    expect: { 'nvidia-smi': 'todo', 'collect-env': 'todo' },
  },
  {
    name: 'an unsupported GPU suspected and no capability shown',
    paste: 'RuntimeError: CUDA error: no kernel image is available for execution on the device',
    ctx: { causes: ['unsupported-gpu-arch'] },
    expect: { 'gpu-compute-capability': 'todo' },
  },
  {
    name: 'a GPU OOM: no version check applies',
    paste: 'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB',
    ctx: { framework: 'pytorch', causes: ['gpu-oom'] },
    expect: { 'collect-env': null, 'nvidia-smi': null, driver: null },
  },
  {
    name: 'a TF issue template: CUDA 12.1 with cuDNN 8.1',
    paste:
      '- TensorFlow version (use command below): 2.12.0\n- Python version: 3.10\n- CUDA/cuDNN version: 12.1/8.1.0',
    ctx: { os: 'linux' },
    expect: { 'cudnn-cuda': 'warn', 'tf-cudnn': 'fail', 'tf-cuda': 'fail' },
    names: { 'cudnn-cuda': ['8.1.0', '12.1'], 'tf-cuda': ['CUDA 11.8', '12.1'] },
  },
];
