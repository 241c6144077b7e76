// The driver against the CUDA the framework was built with; the GPU against the build.
import { fixture, type Scenario, SMI, TF_LINUX, TF_WIN, TORCH_LINUX } from './common.js';

export const DRIVER_GPU_SCENARIOS: Scenario[] = [
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
    names: { 'gpu-arch': ['RTX 5060 Ti', '12.0', 'CUDA 13.0'] },
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
];
