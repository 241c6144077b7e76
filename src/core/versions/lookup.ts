// Finding the compat-table rows that apply to the versions a log shows.
import type { Os } from '../types.js';
import type {
  ArchFloor,
  BuildPlatform,
  CompatTables,
  CudnnCudaPair,
  GpuModel,
  JaxCudaPlugin,
  JaxRequirement,
  LibraryFile,
  MinorVersionFloor,
  TfBuild,
  ToolkitDriver,
  TorchArchList,
  TorchRelease,
  Verified,
} from './compat-types.js';
import { compareTo, compareVersions, major, majorMinor, parts, within } from './version-util.js';

/** The wheel platform an OS runs: WSL runs Linux wheels; macOS has no CUDA builds. */
export function buildPlatform(os: Os | null): BuildPlatform | null {
  if (os === 'windows') return 'windows';
  if (os === 'linux' || os === 'wsl') return 'linux';
  return null;
}

/** TensorFlow's tested build for a version; with no OS known, the row both tables agree on. */
export function tfBuild(c: CompatTables, tf: string, os: Os | null): TfBuild | null {
  const rows = c.tensorflow.builds.filter((r) => majorMinor(r.tf) === majorMinor(tf));
  if (os === 'macos' || rows.length === 0) return null;
  const platform = buildPlatform(os);
  if (platform) return rows.find((r) => r.platform === platform) ?? null;
  const [first, ...rest] = rows;
  return first && rest.every((r) => r.cuda === first.cuda && r.cudnn === first.cudnn) ? first : null;
}

/** The released row for a torch version; a planned release is not confirmed, so it has none. */
export function torchRelease(c: CompatTables, torch: string): TorchRelease | null {
  return (
    c.pytorch.releases.find((r) => r.status !== 'planned' && r.torch.some((k) => within(torch, k))) ?? null
  );
}

export function torchArchList(
  c: CompatTables,
  torch: string,
  cuda: string,
  platform: BuildPlatform,
): TorchArchList | null {
  const cudaMatches = (k: string) =>
    parts(k).length === 1 ? major(cuda) === Number(k) : majorMinor(cuda) === k;
  return (
    c.pytorch.archLists.find(
      (r) => r.platform === platform && r.torch.includes(majorMinor(torch)) && r.cuda.some(cudaMatches),
    ) ?? null
  );
}

/**
 * The lowest Table 3 driver for a CUDA minor (its GA release), per OS; a release listed
 * without a driver (13.4 on: not bundled) comes back with nulls, and Table 2's floor applies.
 */
export function toolkitDriver(c: CompatTables, cuda: string): ToolkitDriver | null {
  const rows = c.cudaDrivers.toolkits.filter((r) => r.cuda === majorMinor(cuda));
  const priced = rows.filter((r) => r.linux !== null);
  if (priced.length === 0) return rows[0] ?? null;
  return priced.reduce((low, r) => (compareVersions(r.linux!, low.linux!) < 0 ? r : low));
}

export function minorVersionFloor(c: CompatTables, cudaMajor: number): MinorVersionFloor | null {
  return c.cudaDrivers.minorVersion.find((r) => r.cudaMajor === cudaMajor) ?? null;
}

export function archFloor(c: CompatTables, cudaMajor: number): ArchFloor | null {
  return c.cudaDrivers.archFloors.find((r) => r.cudaMajor === cudaMajor) ?? null;
}

export function cudnnPair(c: CompatTables, cudnn: string): CudnnCudaPair | null {
  if (parts(cudnn).length < 2) return null;
  return (
    c.cudnn.cudaPairs.find(
      (r) => compareVersions(cudnn, r.from) >= 0 && (r.to === undefined || compareTo(cudnn, r.to) <= 0),
    ) ?? null
  );
}

export function libraryFile(c: CompatTables, name: string): LibraryFile | null {
  const n = name.toLowerCase();
  return c.cudnn.libraries.find((r) => r.name.toLowerCase() === n) ?? null;
}

export function jaxRequirements(c: CompatTables, jax: string): JaxRequirement[] {
  return c.jax.requirements.filter((r) => compareVersions(jax, r.jaxFrom) >= 0);
}

export function jaxPlugin(c: CompatTables, cudaMajor: number): JaxCudaPlugin | null {
  return c.jax.cudaPlugins.find((r) => r.cudaMajor === cudaMajor) ?? null;
}

const VENDOR = /\b(?:nvidia|geforce|tesla)\b/g;
const FORM = /\b(?:\d+ ?gb|hbm\d?e?|pcie|sxm\d?|nvl)\b/g;
const VARIANT = /\b(?:laptop gpu|laptop|mobile|with max q design|max q design)\b/g;
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const base = (name: string) =>
  squash(name.toLowerCase().replace(/[-_]/g, ' ').replace(VENDOR, ' ').replace(FORM, ' '));

/**
 * The table row for a GPU name as nvidia-smi or a framework prints it ("NVIDIA GeForce RTX 3090",
 * "NVIDIA A100-SXM4-80GB"). A laptop or Max-Q variant matched to its desktop row is `derived`.
 */
export function gpuModel(c: CompatTables, name: string): { row: GpuModel; verified: Verified } | null {
  const key = base(name);
  const plain = squash(key.replace(VARIANT, ' '));
  let variant: GpuModel | null = null;
  for (const row of c.gpus) {
    for (const alias of row.names) {
      const a = base(alias);
      if (a === key) return { row, verified: row.verified };
      if (a === plain) variant ??= row;
    }
  }
  return variant ? { row: variant, verified: variant.verified === false ? false : 'derived' } : null;
}
