// Human names for the version keys, in the order the report lists them.
import type { VersionKey } from './facts.js';

export const VERSION_LABELS: Readonly<Record<VersionKey, string>> = {
  tensorflow: 'TensorFlow',
  tensorflow_cuda: 'CUDA (TensorFlow build)',
  keras: 'Keras',
  torch: 'PyTorch',
  torch_cuda: 'CUDA (PyTorch build)',
  torch_cudnn: 'cuDNN (PyTorch build)',
  jax: 'jax',
  jaxlib: 'jaxlib',
  jax_cuda12_plugin: 'jax-cuda12-plugin',
  jax_cuda13_plugin: 'jax-cuda13-plugin',
  cuda: 'CUDA toolkit / runtime',
  nvcc: 'nvcc',
  cudart_major: 'CUDA runtime library (major)',
  cuda_driver_max: 'Newest CUDA the driver supports',
  driver: 'NVIDIA driver',
  cudnn: 'cuDNN (loaded or installed)',
  cudnn_major: 'cuDNN library (major)',
  cudnn_compiled: 'cuDNN (framework build)',
  python: 'Python',
  numpy: 'NumPy',
  protobuf: 'protobuf',
};
