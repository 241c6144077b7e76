// 2026 stacks: driver floors under the CUDA 13 wheels, what the 13.x wheels compile for, TF
// 2.21's cuDNN, JAX's CUDA 13 plugin, releases newer than the tables, versions that come as
// REPL output or in the lines TF prints when cuDNN fails. Shaped after public threads (named
// per case); the expected verdicts follow the tables in knowledge/compat.
import { type Scenario, SMI, TF_LINUX, TF_WIN, TORCH_LINUX } from './common.js';

/** collect_env's lines for a torch build, a GPU and a driver. */
const ENV = (torch: string, cuda: string, gpu: string, driver: string, python = '3.12.3') =>
  [
    'Collecting environment information...',
    `PyTorch version: ${torch}`,
    'Is debug build: False',
    `CUDA used to build PyTorch: ${cuda}`,
    'ROCM used to build PyTorch: N/A',
    '',
    'OS: Ubuntu 24.04.3 LTS (x86_64)',
    `Python version: ${python} (main, Aug 14 2026, 17:47:21) [GCC 13.3.0] (64-bit runtime)`,
    'Python platform: Linux-6.8.0-71-generic-x86_64-with-glibc2.39',
    'Is CUDA available: True',
    'CUDA runtime version: Could not collect',
    `GPU models and configuration: GPU 0: ${gpu}`,
    `Nvidia driver version: ${driver}`,
  ].join('\n');

export const YEAR_2026_SCENARIOS: Scenario[] = [
  // Driver floors under the CUDA 13 wheels (torch 2.14's default PyPI wheel is cu130)
  {
    name: '2026: torch 2.14.0+cu130 on a 550 driver (the 13.x family needs 580)',
    paste: ENV('2.14.0+cu130', '13.0', 'NVIDIA GeForce RTX 3090', '550.144.03'),
    ctx: { ...TORCH_LINUX, causes: ['driver-too-old'] },
    expect: { driver: 'fail' },
    names: { driver: ['550.144.03', 'CUDA 13.0', '580.65.06', '580'] },
  },
  {
    name: "2026: torch 2.14.0+cu126 on the same 550 driver runs on 12.x's minor-version floor",
    paste: ENV('2.14.0+cu126', '12.6', 'NVIDIA GeForce RTX 3090', '550.144.03'),
    expect: { driver: 'ok' },
    names: { driver: ['550.144.03', '525.60.13', 'minor-version'] },
  },
  // What the 13.x wheels hold code for (ComfyUI#16438: cu130 builds start at 7.5)
  {
    name: '2026: a GTX 1080 Ti (Pascal) with torch 2.14.0+cu130',
    paste: ENV('2.14.0+cu130', '13.0', 'NVIDIA GeForce GTX 1080 Ti', '580.95.05'),
    expect: { 'gpu-arch': 'fail', driver: 'ok' },
    names: { 'gpu-arch': ['6.1', 'CUDA 13 builds cannot target below 7.5', 'torch 2.14 for CUDA 12.6'] },
  },
  {
    name: '2026: the same GTX 1080 Ti with torch 2.14.0+cu126',
    paste: ENV('2.14.0+cu126', '12.6', 'NVIDIA GeForce GTX 1080 Ti', '580.95.05'),
    expect: { 'gpu-arch': 'ok' },
    names: { 'gpu-arch': ['6.1', 'CUDA 12.6', '6.0'] },
  },
  {
    name: "2026: PyTorch's own warning on a Pascal card names the current release's cu126 wheels",
    paste: [
      'torch==2.14.0+cu130',
      'UserWarning:',
      'NVIDIA GeForce GTX 1070 with CUDA capability sm_61 is not compatible with the current PyTorch installation.',
      'The current PyTorch install supports CUDA capabilities sm_75 sm_80 sm_86 sm_90 sm_100 sm_120 compute_120.',
    ].join('\n'),
    ctx: { ...TORCH_LINUX, causes: ['unsupported-gpu-arch'] },
    expect: { 'gpu-arch': 'fail' },
    names: { 'gpu-arch': ['GTX 1070', 'torch 2.14 for CUDA 12.6'] },
  },
  // TF 2.21's tested build: cuDNN 9.3, CUDA 12.5
  {
    name: '2026: TF 2.21 loading a cuDNN 8 wheel left from an old environment',
    paste: [
      'tensorflow==2.21.0',
      'nvidia-cudnn-cu12==8.9.7.29',
      'I0000 00:00:1763000000.000000  4242 cuda_dnn.cc:529] Loaded cuDNN version 8907',
      'E0000 00:00:1763000000.000100  4242 cuda_dnn.cc:522] Could not create cudnn handle: CUDNN_STATUS_NOT_INITIALIZED',
    ].join('\n'),
    ctx: { ...TF_LINUX, causes: ['cudnn-version-mismatch'] },
    expect: { 'tf-cudnn': 'fail' },
    names: { 'tf-cudnn': ['8.9.7', 'cuDNN 9.3', 'TF 2.21.0', 'a different major'] },
  },
  {
    name: '2026: TF 2.21 loading cuDNN 9.3, its tested pair',
    paste: 'tensorflow==2.21.0\nI0000 cuda_dnn.cc:529] Loaded cuDNN version 90300',
    ctx: TF_LINUX,
    expect: { 'tf-cudnn': 'ok', 'newer-than-tables-tensorflow': null },
    names: { 'tf-cudnn': ['9.3.0', 'cuDNN 9.3'] },
  },
  // JAX's CUDA 13 plugin: driver >= 580, compute capability >= 7.5
  {
    name: '2026: jax[cuda13] 0.11.0 on a 570 driver',
    paste: `jax==0.11.0\njaxlib==0.11.0\njax-cuda13-plugin==0.11.0\n${SMI('570.172.08', '12.8', 'NVIDIA A100-SXM4-80GB')}`,
    ctx: { framework: 'jax', os: 'linux' },
    expect: { driver: 'fail', 'gpu-arch': 'ok' },
    names: { driver: ['570.172.08', '580', 'CUDA 13'] },
  },
  {
    name: '2026: jax[cuda13] on a Tesla V100 (Volta, 7.0)',
    paste: `jax==0.11.0\njaxlib==0.11.0\njax-cuda13-plugin==0.11.0\n${SMI('580.95.05', '13.0', 'Tesla V100-SXM2-32GB')}`,
    ctx: { framework: 'jax', os: 'linux' },
    expect: { 'gpu-arch': 'fail', driver: 'ok' },
    names: { 'gpu-arch': ['7.0', '7.5'] },
  },
  {
    name: "2026: JAX's cuDNN handle failure names a 535 driver under the CUDA 13 plugin",
    paste: [
      'jax-cuda13-plugin==0.11.0',
      'E1017 09:12:44.000000 1234 cuda_dnn.cc:535] Could not create cudnn handle: CUDNN_STATUS_NOT_INITIALIZED',
      'E1017 09:12:44.000100 1234 cuda_dnn.cc:539] Possibly insufficient driver version: 535.288.1',
    ].join('\n'),
    ctx: { framework: 'jax', os: 'linux', causes: ['driver-too-old'] },
    expect: { driver: 'fail' },
    names: { driver: ['535.288.1', '580'] },
  },
  // Releases newer than the tables
  {
    name: '2026: a healthy collect_env with torch 2.16.0+cu132, past the tables',
    paste: ENV('2.16.0+cu132', '13.2', 'NVIDIA GeForce RTX 4090', '595.45.04'),
    expect: { 'newer-than-tables-pytorch': 'warn', driver: 'ok', 'gpu-arch': null, 'python-pytorch': null },
    names: { 'newer-than-tables-pytorch': ['2.16.0+cu132', 'end at 2.14', 'read on 2026-11-25'] },
  },
  {
    name: '2026: torch 2.16.0+cu132 on a Pascal card still fails on what CUDA 13 can target',
    paste: ENV('2.16.0+cu132', '13.2', 'NVIDIA GeForce GTX 1080', '595.45.04'),
    expect: { 'newer-than-tables-pytorch': 'warn', 'gpu-arch': 'fail' },
    names: { 'gpu-arch': ['6.1', 'CUDA 13', '7.5'] },
  },
  {
    name: '2026: torch 2.15.0, planned but not confirmed released, is past the tables',
    paste: ENV('2.15.0+cu130', '13.0', 'NVIDIA GeForce RTX 4090', '580.95.05'),
    expect: { 'newer-than-tables-pytorch': 'warn', driver: 'ok', 'python-pytorch': null },
    names: { 'newer-than-tables-pytorch': ['2.15.0', 'end at 2.14'] },
  },
  {
    name: '2026: a CUDA 13.5 toolkit on a 575 driver: past the tables, judged on the 13.x floor',
    paste: `Cuda compilation tools, release 13.5, V13.5.37\n${SMI('575.57.08', '12.9')}`,
    ctx: { os: 'linux' },
    expect: { 'newer-than-tables-cuda': 'warn', driver: 'fail' },
    names: { driver: ['575.57.08', '580'], 'newer-than-tables-cuda': ['13.5', 'end at 13.4'] },
  },
  {
    name: '2026: jax 0.12.0 past the tables keeps the Python floor earlier releases had, gives no ok',
    paste: 'jax==0.12.0\njaxlib==0.12.0\nPython 3.11.9 (main, Apr 6 2024, 17:59:24) [GCC 11.4.0] on linux',
    expect: { 'newer-than-tables-jax': 'warn', 'python-jax': 'warn' },
    names: { 'newer-than-tables-jax': ['0.12.0', 'end at 0.11.0'], 'python-jax': ['3.12'] },
  },
  {
    name: '2026: jax 0.12.0 on Python 3.12: the floor is met, but no ok is given for a release past the tables',
    paste: 'jax==0.12.0\njaxlib==0.12.0\nPython 3.12.3 (main, Apr 6 2024, 17:59:24) [GCC 13.2.0] on linux',
    expect: { 'newer-than-tables-jax': 'warn', 'python-jax': null },
  },
  // Versions as users paste them in 2026
  {
    name: 'the seed case from REPL output: >>> print(tf.__version__) then 2.10.0, cuDNN 8.4 on Windows',
    paste: [
      '>>> import tensorflow as tf',
      '>>> print(tf.__version__)',
      '2.10.0',
      '2022-10-12 10:13:30.421045: I tensorflow/stream_executor/cuda/cuda_dnn.cc:384] Loaded cuDNN version 8400',
      '2022-10-12 10:13:31.101000: E tensorflow/stream_executor/cuda/cuda_dnn.cc:389] Could not create cudnn handle: CUDNN_STATUS_NOT_INITIALIZED',
    ].join('\n'),
    ctx: { ...TF_WIN, causes: ['cudnn-version-mismatch'] },
    expect: { 'tf-cudnn': 'fail' },
    names: { 'tf-cudnn': ['8.4.0', 'cuDNN 8.1', 'TF 2.10.0'] },
  },
  {
    name: 'a native-Windows TF log with a GPU and no TF version: inferred TF <= 2.10, never a fail',
    paste: [
      '2022-08-11 14:21:29.345331: I tensorflow/stream_executor/platform/default/dso_loader.cc:53] Successfully opened dynamic library cudart64_110.dll',
      '2022-08-11 14:21:31.101000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1616] Created device /job:localhost/replica:0/task:0/device:GPU:0 with 6013 MB memory:  -> device: 0, name: NVIDIA GeForce RTX 3070 Ti, pci bus id: 0000:01:00.0, compute capability: 8.6',
      '2022-08-11 14:21:33.421045: I tensorflow/stream_executor/cuda/cuda_dnn.cc:384] Loaded cuDNN version 8400',
    ].join('\n'),
    ctx: { ...TF_WIN, causes: ['cudnn-version-mismatch'] },
    expect: { 'tf-cudnn': 'warn' },
    names: { 'tf-cudnn': ['inferred', '2.10', '8.4.0', 'cuDNN 8.0 or 8.1'] },
  },
  {
    name: "TF 2.19 on Linux: TF's cuDNN failure names a 525.60.11 driver, below CUDA 12.x's floor",
    paste: [
      'tensorflow==2.19.0',
      '2025-03-02 11:02:03.123: E external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:535] Could not create cudnn handle: CUDNN_STATUS_NOT_INITIALIZED',
      '2025-03-02 11:02:03.124: E external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:539] Possibly insufficient driver version: 525.60.11',
    ].join('\n'),
    ctx: { ...TF_LINUX, causes: ['driver-too-old'] },
    expect: { driver: 'fail' },
    names: { driver: ['525.60.11', 'CUDA 12.5', '525.60.13'] },
  },
  {
    name: 'a TF log with no TF version: the CUDA 12 runtime it loaded against the 515 driver its cuDNN failure names',
    paste: [
      '2023-01-11 15:54:10.100: I tensorflow/stream_executor/platform/default/dso_loader.cc:53] Successfully opened dynamic library libcudart.so.12',
      '2023-01-11 15:54:13.352012: E tensorflow/stream_executor/cuda/cuda_dnn.cc:381] Possibly insufficient driver version: 515.86.1',
    ].join('\n'),
    ctx: { ...TF_LINUX, causes: ['driver-too-old'] },
    expect: { driver: 'fail' },
    names: { driver: ['515.86.1', 'CUDA 12 runtime', '525.60.13'] },
  },
];
