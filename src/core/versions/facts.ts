// What the version collector found in a log: every version with the line it came from
// (contradictions kept), library files, GPUs, and the messages frameworks print about
// versions. Diagnosis.signals.versions holds one value per key (see signals.ts).
import type { Os } from '../types.js';

/**
 * The keys of Signals.versions:
 * - tensorflow, keras, torch (as printed: "2.1.0+cu118"), jax, jaxlib, numpy, protobuf, python
 * - jax_cuda12_plugin, jax_cuda13_plugin: the JAX CUDA plugin packages
 * - tensorflow_cuda: the CUDA TensorFlow was built with (tf.sysconfig.get_build_info())
 * - torch_cuda: the CUDA the torch wheel was built with (+cu118, "CUDA used to build PyTorch")
 * - cuda: the CUDA toolkit/runtime installed (collect_env, conda cudatoolkit, pip nvidia-cuda-runtime)
 * - nvcc: the toolkit `nvcc --version` reports
 * - cudart_major: the major of a CUDA runtime library seen loading (cudart64_110.dll -> 11)
 * - cuda_driver_max: the newest CUDA the driver supports (nvidia-smi's "CUDA Version",
 *   torch's "driver ... too old (found version 11040)"), not what is installed
 * - driver: the NVIDIA driver version
 * - cudnn: the cuDNN loaded or installed ("Loaded cuDNN version 8400" -> 8.4.0)
 * - cudnn_major: the major of a cuDNN library seen loading (libcudnn.so.8 -> 8)
 * - cudnn_compiled: the cuDNN the framework was compiled with (TF's "source was compiled with")
 * - torch_cudnn: the cuDNN a conda PyTorch build bundles
 */
export const VERSION_KEYS = [
  'tensorflow',
  'tensorflow_cuda',
  'keras',
  'torch',
  'torch_cuda',
  'torch_cudnn',
  'jax',
  'jaxlib',
  'jax_cuda12_plugin',
  'jax_cuda13_plugin',
  'cuda',
  'nvcc',
  'cudart_major',
  'cuda_driver_max',
  'driver',
  'cudnn',
  'cudnn_major',
  'cudnn_compiled',
  'python',
  'numpy',
  'protobuf',
] as const;
export type VersionKey = (typeof VERSION_KEYS)[number];

/** Where a version was read, most trustworthy first (see ORIGIN_RANK). */
export type VersionOrigin =
  | 'log'
  | 'build-info'
  | 'collect-env'
  | 'nvidia-smi'
  | 'nvcc'
  | 'jax-info'
  | 'pip'
  | 'conda'
  | 'template'
  | 'banner'
  | 'path'
  | 'prose';

export const ORIGIN_RANK: Readonly<Record<VersionOrigin, number>> = {
  log: 0,
  'build-info': 1,
  'collect-env': 1,
  'nvidia-smi': 1,
  nvcc: 1,
  'jax-info': 1,
  pip: 2,
  conda: 2,
  template: 3,
  banner: 3,
  path: 4,
  prose: 5,
};

export interface Sighting {
  value: string;
  line: number;
  origin: VersionOrigin;
  /** The line it was read from, trimmed. */
  text: string;
}

export interface VersionEntry {
  /** One sighting per distinct value (the first), in input order; more than one is a contradiction. */
  sightings: readonly Sighting[];
  /** The value checks use: the most trustworthy origin, the latest among equals. */
  primary: Sighting;
}

export type LibraryState = 'loaded' | 'missing' | 'seen';

export interface LibrarySighting {
  name: string;
  state: LibraryState;
  line: number;
}

export interface GpuSighting {
  name: string;
  computeCapability: string | null;
  line: number;
}

/** Messages that state a version problem (or a build's limits) themselves. */
export type FlagKey =
  | 'tf-cudnn-mismatch'
  | 'torch-arch-unsupported'
  | 'torch-driver-too-old'
  | 'torch-no-cuda'
  | 'tf-cpu-build'
  | 'driver-insufficient'
  | 'cuda-unavailable'
  | 'numpy-abi'
  | 'jax-jaxlib-mismatch'
  | 'jax-plugin-mismatch'
  | 'protobuf-descriptors'
  | 'protobuf-advice';

export interface Flag {
  key: FlagKey;
  line: number;
  text: string;
}

export interface BuildArchs {
  from: 'torch-warning' | 'tf-build-info';
  archs: readonly string[];
  ptx: readonly string[];
  line: number;
}

export type EnvKind =
  | 'collect-env'
  | 'nvidia-smi'
  | 'nvcc'
  | 'packages'
  | 'jax-info'
  | 'build-info'
  | 'template';

export interface VersionFacts {
  versions: Readonly<Partial<Record<VersionKey, VersionEntry>>>;
  libraries: readonly LibrarySighting[];
  gpus: readonly GpuSighting[];
  /** The first of each kind. */
  flags: readonly Flag[];
  /** The GPU architectures the installed build says it holds: torch's "supports CUDA capabilities sm_50 ..."
   *  warning, or get_build_info()'s cuda_compute_capabilities (sm_XY = SASS, compute_XY = PTX). */
  buildArchs: BuildArchs | null;
  /** The OS the paste itself shows (DLL names, collect_env's "OS:"), null when unclear. */
  os: Os | null;
  /** Lines read as part of an environment report, per kind, and lines with versions in other text. */
  env: { kinds: Readonly<Partial<Record<EnvKind, number>>>; reportLines: number; otherLines: number };
}
