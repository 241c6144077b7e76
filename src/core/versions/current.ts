// What to install now, from the tables: the PyTorch wheel index that fits a driver (and GPU)
// for the newest confirmed release, and the JAX extra for a CUDA plugin. Pure lookups for the
// remedy snippets, so an install line follows the tables instead of being written beside them.
import type { BuildPlatform, CompatTables, JaxCudaPlugin, Sourced, TorchRelease } from './compat-types.js';
import { type Component, type Frontier, frontier } from './frontier.js';
import { archFloor, minorVersionFloor, toolkitDriver, torchArchList } from './lookup.js';
import { compareVersions, major, majorMinor } from './version-util.js';

export { type Component, type Frontier, frontierText, isBeyond } from './frontier.js';

const WHEEL_INDEX = 'https://download.pytorch.org/whl/';

/** The newest release of a component the tables confirm, with the day they were read. */
export function newestRelease(c: CompatTables, component: Component): Frontier | null {
  return frontier(c, component);
}

/** The newest confirmed PyTorch release row. */
export function currentTorchRelease(c: CompatTables): TorchRelease | null {
  const f = frontier(c, 'pytorch');
  if (!f) return null;
  return (
    c.pytorch.releases.find(
      (r) =>
        r.status === 'released' && r.verified !== false && r.torch.some((t) => majorMinor(t) === f.newest),
    ) ?? null
  );
}

export interface WheelChoice {
  torch: string;
  /** The CUDA variant, "12.6". */
  cuda: string;
  /** "https://download.pytorch.org/whl/cu126" */
  index: string;
  /** Why this variant: "driver 550.54.15 is below CUDA 13.0's 580 floor; CUDA 12.6 runs on it". */
  reason: string;
  /** The rows the choice rests on. */
  rows: readonly Sourced[];
}

export interface WheelQuery {
  /** The NVIDIA driver version, when known. */
  driver?: string | undefined;
  platform?: BuildPlatform | undefined;
  /** The GPU's compute capability, when known: the wheel must hold code for it. */
  computeCapability?: string | undefined;
}

/**
 * The wheel index of the newest confirmed PyTorch release that runs on this driver and GPU:
 * its newest stable CUDA variant whose driver floor the driver meets (Table 3, or the CUDA
 * major's minor-version floor, which is how PyTorch's wheels run on older drivers) and whose
 * compiled architectures cover the GPU. Null when no variant of the current release fits.
 */
export function torchWheelIndex(c: CompatTables, q: WheelQuery = {}): WheelChoice | null {
  const release = currentTorchRelease(c);
  if (!release) return null;
  const torch = majorMinor(release.torch[0]!);
  const platform = q.platform ?? 'linux';
  const variants = (release.builds ?? release.cudaWheels.map((cuda) => ({ cuda, experimental: false })))
    .slice()
    .sort(
      (a, b) =>
        Number(a.experimental ?? false) - Number(b.experimental ?? false) || compareVersions(b.cuda, a.cuda),
    );
  // First the newest variant whose own Table 3 driver is met, then one the CUDA major's
  // minor-version floor runs (how PyTorch's wheels run on older drivers).
  for (const full of [true, false]) {
    for (const v of variants) {
      const floor = driverFloor(c, v.cuda, platform, full);
      if (q.driver && (!floor || compareVersions(q.driver, floor.driver) < 0)) continue;
      const list = torchArchList(c, torch, v.cuda, platform);
      if (q.computeCapability && !holdsCode(c, list?.archs, v.cuda, q.computeCapability)) continue;
      const why = [
        floor && q.driver ? `driver ${q.driver} meets ${floor.what}` : null,
        q.computeCapability && list
          ? `its ${platform} wheels hold code for compute capability ${q.computeCapability}`
          : null,
      ].filter(Boolean);
      return {
        torch,
        cuda: v.cuda,
        index: `${WHEEL_INDEX}cu${v.cuda.replace('.', '')}`,
        reason: why.length ? why.join('; ') : `the newest stable CUDA variant of torch ${torch}`,
        rows: [release, ...(floor ? floor.rows : []), ...(list ? [list] : [])],
      };
    }
    if (!q.driver) break;
  }
  return null;
}

/** Table 3's driver for a CUDA variant (`full`), or the CUDA major's minor-version floor. */
function driverFloor(
  c: CompatTables,
  cuda: string,
  platform: BuildPlatform,
  full: boolean,
): { driver: string; what: string; rows: Sourced[] } | null {
  if (full) {
    const t3 = toolkitDriver(c, cuda);
    const d = t3 ? (platform === 'linux' ? t3.linux : t3.windows) : null;
    return d ? { driver: d, what: `CUDA ${cuda}'s minimum ${d} (NVIDIA Table 3)`, rows: [t3!] } : null;
  }
  const t2 = minorVersionFloor(c, major(cuda) ?? 0);
  const d = t2 ? t2[platform] : null;
  return d
    ? { driver: d, what: `the CUDA ${major(cuda)}.x minor-version floor ${d} (NVIDIA Table 2)`, rows: [t2!] }
    : null;
}

/** SASS for X.y runs on X.z (z >= y); without a list, the CUDA major's lowest architecture decides. */
function holdsCode(c: CompatTables, archs: readonly string[] | undefined, cuda: string, cc: string): boolean {
  if (archs) return archs.some((a) => major(a) === major(cc) && compareVersions(a, cc) <= 0);
  const floor = archFloor(c, major(cuda) ?? 0);
  return !floor || compareVersions(cc, floor.minComputeCapability) >= 0;
}

export interface JaxExtraQuery {
  /** The CUDA major of the plugin installed (jax-cuda12-plugin -> 12). */
  pluginMajor?: number | undefined;
  /** CUDA and cuDNN from the machine instead of pip ("jax[cuda13-local]"). */
  local?: boolean | undefined;
  driver?: string | undefined;
  computeCapability?: string | undefined;
}

export interface JaxExtraChoice {
  /** "jax[cuda13]" */
  extra: string;
  plugin: JaxCudaPlugin;
  reason: string;
}

/**
 * The pip extra that installs JAX for a CUDA plugin: the installed plugin's own major when
 * given, else the major JAX recommends, else the older one, whichever the driver and GPU meet.
 */
export function jaxExtra(c: CompatTables, q: JaxExtraQuery = {}): JaxExtraChoice | null {
  const plugins = [...c.jax.cudaPlugins].sort((a, b) => b.cudaMajor - a.cudaMajor);
  const recommended = c.meta.jax.recommendedCudaMajor;
  const order = q.pluginMajor
    ? plugins.filter((p) => p.cudaMajor === q.pluginMajor)
    : [
        ...plugins.filter((p) => p.cudaMajor === recommended),
        ...plugins.filter((p) => p.cudaMajor !== recommended),
      ];
  for (const p of order) {
    const extra = q.local ? p.localExtra : p.extra;
    if (!extra) continue;
    if (!q.pluginMajor && q.driver && compareVersions(q.driver, p.linuxMinDriver) < 0) continue;
    if (
      !q.pluginMajor &&
      q.computeCapability &&
      compareVersions(q.computeCapability, p.minComputeCapability) < 0
    )
      continue;
    const reason = q.pluginMajor
      ? `the installed plugin is for CUDA ${p.cudaMajor}`
      : `CUDA ${p.cudaMajor} plugin: driver >= ${p.linuxMinDriver}, compute capability >= ${p.minComputeCapability}`;
    return { extra, plugin: p, reason };
  }
  return null;
}
