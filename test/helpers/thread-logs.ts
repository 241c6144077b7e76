// A conversation in a thread, as people have it with the bot: a log whose answer cannot
// say everything, then what the answer asked for. The messages are PyTorch's own wording
// (c10/cuda's driver check, the CUDA "no kernel image" error, the fields
// `python -m torch.utils.collect_env` prints).
/** PyTorch refusing an old driver: the cause is sure, the build it was is not in the paste. */
export const DRIVER_TOO_OLD = [
  'Traceback (most recent call last):',
  '  File "train.py", line 8, in <module>',
  '    model.cuda()',
  '  File "/opt/conda/lib/python3.11/site-packages/torch/cuda/__init__.py", line 319, in _lazy_init',
  '    torch._C._cuda_init()',
  'RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.',
].join('\n');
export const NO_KERNEL = [
  'Traceback (most recent call last):',
  '  File "train.py", line 12, in <module>',
  '    x = torch.randn(4, device="cuda")',
  'RuntimeError: CUDA error: no kernel image is available for execution on the device',
].join('\n');
/** The parts of `python -m torch.utils.collect_env` that matter here. */
export const COLLECT_ENV = [
  'PyTorch version: 2.1.0+cu118',
  'Is debug build: False',
  'CUDA used to build PyTorch: 11.8',
  'OS: Ubuntu 22.04.4 LTS (x86_64)',
  'Python version: 3.10.12 (main, Nov 20 2023, 15:14:05) [GCC 11.4.0] (64-bit runtime)',
  'Is CUDA available: True',
  'GPU models and configuration: GPU 0: NVIDIA GeForce RTX 5090',
  'Nvidia driver version: 570.124.06',
].join('\n');
/** What the first answer says while the build is unknown (and stops saying once it is known). */
export const UNKNOWN_BUILD = 'The PyTorch build (its version and CUDA) is not in the paste';
/** What it says once `2.14.0+cu130` is read with DRIVER_TOO_OLD. */
export const BUILD_VERDICT = 'this PyTorch was built with CUDA 13.0';
/** The last line a user saw: the crash, with nothing that says why. */
export const SEGFAULT = 'Segmentation fault (core dumped)';
/** More of the same output, pasted after: what NumPy 2 prints before a 1.x extension crashes. */
export const NUMPY_ABI_WARNING = [
  'A module that was compiled using NumPy 1.x cannot be run in',
  'NumPy 2.0.0 as it may crash. To support both 1.x and 2.x',
  'versions of NumPy, modules must be compiled with NumPy 2.0.',
  "Some module may need to rebuild instead e.g. with 'pybind11>=2.12'.",
].join('\n');
