// Python ranges, CPU-only builds, NumPy 2, protobuf and JAX pairing.
import { fixture, type Scenario, SMI } from './common.js';

export const PACKAGES_SCENARIOS: Scenario[] = [
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
];
