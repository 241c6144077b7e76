// The compatibility tables, as knowledge/compat/*.yaml hold them (src/knowledge/compat.ts
// validates and freezes them). Every row names its source and how well it was verified:
//   true         read in the cited source, or checked locally
//   'secondary'  consistent copies of the source, not the source itself
//   'partial'    only part of the claim was checked
//   'derived'    follows from verified rows, not stated anywhere
//   false        not verified: a verdict never rests on such a row
export type Verified = boolean | 'secondary' | 'partial' | 'derived';

export interface Sourced {
  source: string;
  verified: Verified;
  /** The day the row was read from its source (YYYY-MM-DD); the knowledge files always carry it. */
  read?: string | undefined;
}

/** Which compat table: the key of CompatTables.meta. */
export type CompatTableId = 'pytorch' | 'tensorflow' | 'jax' | 'cuda-drivers' | 'cudnn' | 'gpus';

/** What a table knows about itself: when it was read, and the upstream date it reflects. */
export interface TableMeta {
  /** Its name in replies: "PyTorch". */
  name: string;
  /** The day its rows were read from the saved upstream copies. */
  read: string;
  /** The date of its newest upstream copy: the facts describe the world as of then. */
  asOf?: string | undefined;
  /** Days after asOf when it likely misses a release (`crashbot knowledge check` warns). */
  staleAfterDays?: number | undefined;
  /** The newest release a table names outside its rows (cuDNN: the packaging history's newest). */
  newest?: string | undefined;
  /** JAX: the CUDA major its installation page recommends. */
  recommendedCudaMajor?: number | undefined;
  sources: readonly string[];
}

export type BuildPlatform = 'linux' | 'windows';

export interface VersionRange {
  min: string;
  max: string;
}

/** One row of TensorFlow's tested build configurations (GPU). */
export interface TfBuild extends Sourced {
  tf: string;
  platform: BuildPlatform;
  package: string;
  python: readonly VersionRange[];
  cuda: string;
  cudnn: string;
}

export interface TensorflowTables {
  builds: readonly TfBuild[];
  windowsNativeGpu: Sourced & { lastVersion: string; fact: string };
  andCuda: Sourced & { firstVersion: string; fact: string };
}

export interface TorchPython extends VersionRange {
  experimental: readonly string[];
  verified: Verified;
}

/** One CUDA variant of a PyTorch release, with the cuDNN and NCCL it ships. */
export interface TorchBuild {
  cuda: string;
  cudnn?: string | undefined;
  nccl?: string | undefined;
  experimental?: boolean | undefined;
}

/**
 * One PyTorch release (`torch` lists the version prefixes it covers: "2.1", "1.9.0"). A
 * `planned` release is not confirmed: no verdict rests on it.
 */
export interface TorchRelease extends Sourced {
  torch: readonly string[];
  label: string;
  status: 'released' | 'planned';
  /** Release date (YYYY-MM-DD) where known. */
  released?: string | undefined;
  /** The planned date of a release not confirmed. */
  planned?: string | undefined;
  cudaWheels: readonly string[];
  builds?: readonly TorchBuild[] | undefined;
  defaultPypiCuda?: string | undefined;
  python?: TorchPython | undefined;
}

/** TORCH_CUDA_ARCH_LIST of the official wheels: `cuda` holds "11.8" or a whole major ("11"). */
export interface TorchArchList extends Sourced {
  torch: readonly string[];
  platform: BuildPlatform;
  cuda: readonly string[];
  archs: readonly string[];
  ptx: readonly string[];
  note?: string | undefined;
}

export interface PytorchTables {
  releases: readonly TorchRelease[];
  archLists: readonly TorchArchList[];
  /** How a compiled architecture list covers a GPU (SASS for X.y runs on X.z, z >= y; PTX JIT-compiles forward). */
  archRule: Sourced & { fact: string };
}

/**
 * CUDA toolkit release -> minimum driver (NVIDIA Table 3); null where the table says N/A or
 * lists no driver (from 13.4 the Linux driver is not bundled): Table 2's floor applies.
 */
export interface ToolkitDriver extends Sourced {
  cuda: string;
  release: string;
  linux: string | null;
  windows: string | null;
  /** The driver the release's new features need, where it names one (minor-version compatibility runs the rest). */
  featureDriver?: string | undefined;
  note?: string | undefined;
}

/** Minor-version compatibility floor for a CUDA major (NVIDIA Table 2); `below` bounds its range. */
export interface MinorVersionFloor extends Sourced {
  cudaMajor: number;
  linux: string;
  windows: string;
  below?: string | undefined;
}

export interface ArchFloor extends Sourced {
  cudaMajor: number;
  minComputeCapability: string;
  fact: string;
}

export interface CudaDriverTables {
  toolkits: readonly ToolkitDriver[];
  minorVersion: readonly MinorVersionFloor[];
  archFloors: readonly ArchFloor[];
}

/** cuDNN releases from..to (no `to`: and newer) and the CUDA versions or majors they are built for. */
export interface CudnnCudaPair extends Sourced {
  from: string;
  to?: string | undefined;
  cuda: readonly string[];
}

export type LibraryComponent = 'cudart' | 'cublas' | 'cudnn';

/** A CUDA or cuDNN library file and the version its name implies ("11" = any 11.x). */
export interface LibraryFile extends Sourced {
  name: string;
  component: LibraryComponent;
  version: string;
}

export interface CudnnTables {
  cudaPairs: readonly CudnnCudaPair[];
  libraries: readonly LibraryFile[];
}

export interface GpuModel extends Sourced {
  names: readonly string[];
  computeCapability: string;
  architecture: string;
}

/** What a JAX release began to require (its changelog entry). */
export interface JaxRequirement extends Sourced {
  jaxFrom: string;
  pythonMin?: string | undefined;
  cudnnMin?: string | undefined;
  cudaMin?: string | undefined;
  fact: string;
}

export interface JaxRelease extends Sourced {
  version: string;
  date: string;
}

/** A JAX CUDA plugin (jax-cuda12-plugin, jax-cuda13-plugin) and what it needs. */
export interface JaxCudaPlugin extends Sourced {
  cudaMajor: number;
  minComputeCapability: string;
  linuxMinDriver: string;
  builtWith?: { cuda: string; cudnn: string; nccl: string } | undefined;
  cudaMin?: string | undefined;
  cudnnMin?: string | undefined;
  cudnnBelow?: string | undefined;
  ncclMin?: string | undefined;
  /** The pip extra that installs it with CUDA from pip ("jax[cuda13]"), and with a local CUDA. */
  extra?: string | undefined;
  localExtra?: string | undefined;
  fact: string;
}

export interface JaxTables {
  releases: readonly JaxRelease[];
  requirements: readonly JaxRequirement[];
  cudaPlugins: readonly JaxCudaPlugin[];
  windowsNativeGpu: Sourced & { supported: boolean; fact: string };
}

export interface CompatTables {
  meta: Readonly<Record<CompatTableId, TableMeta>>;
  tensorflow: TensorflowTables;
  pytorch: PytorchTables;
  cudaDrivers: CudaDriverTables;
  cudnn: CudnnTables;
  gpus: readonly GpuModel[];
  jax: JaxTables;
}

const none: Sourced = { source: 'none', verified: false };

/** Tables with no rows, for tests and tools that build a knowledge base by hand. */
const noMeta = (name: string): TableMeta => ({ name, read: '1970-01-01', sources: [] });

export const EMPTY_COMPAT: CompatTables = {
  meta: {
    pytorch: noMeta('PyTorch'),
    tensorflow: noMeta('TensorFlow'),
    jax: noMeta('JAX'),
    'cuda-drivers': noMeta('CUDA'),
    cudnn: noMeta('cuDNN'),
    gpus: noMeta('GPU compute capabilities'),
  },
  tensorflow: {
    builds: [],
    windowsNativeGpu: { ...none, lastVersion: '0', fact: '' },
    andCuda: { ...none, firstVersion: '0', fact: '' },
  },
  pytorch: { releases: [], archLists: [], archRule: { ...none, fact: '' } },
  cudaDrivers: { toolkits: [], minorVersion: [], archFloors: [] },
  cudnn: { cudaPairs: [], libraries: [] },
  gpus: [],
  jax: {
    releases: [],
    requirements: [],
    cudaPlugins: [],
    windowsNativeGpu: { ...none, supported: false, fact: '' },
  },
};
