// One component at two versions, and what to run when versions are missing.
import { fixture, type Scenario } from './common.js';

export const ENVIRONMENT_SCENARIOS: Scenario[] = [
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
