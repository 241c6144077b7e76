// TensorFlow against its tested build (cuDNN, CUDA) and GPU on native Windows.
import { fixture, type Scenario, SMI, TF_LINUX, TF_WIN } from './common.js';

export const TENSORFLOW_SCENARIOS: Scenario[] = [
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
    // fchollet/deep-learning-with-python-notebooks#108: allow_growth fixed it.
    name: 'a newer cuDNN minor beside a memory cause (cuDNN could not start with the memory taken)',
    paste:
      'tensorflow-gpu 1.13.1\ncuDNN 7.5\n2019-04-11 14:19:59.264535: E tensorflow/stream_executor/cuda/cuda_dnn.cc:334] Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR',
    ctx: { ...TF_LINUX, causes: ['gpu-memory-preallocation'] },
    expect: { 'tf-cudnn': 'warn' },
    names: { 'tf-cudnn': ['7.5', 'cuDNN 7.4'] },
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
];
