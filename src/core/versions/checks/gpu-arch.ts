// The GPU's compute capability against what the installed build holds: PyTorch's compiled
// architecture lists (or its own warning), TensorFlow's get_build_info(), the lowest
// architecture a CUDA major can target, and JAX's stated minimums.
import type { BuildPlatform, Sourced, TorchArchList, Verified } from '../compat-types.js';
import { isBeyond } from '../frontier.js';
import {
  archFloor,
  buildPlatform,
  gpuModel,
  jaxPlugin,
  tfBuild,
  torchArchList,
  torchRelease,
} from '../lookup.js';
import { compareVersions, major } from '../version-util.js';
import { type CheckInput, flag, get, suspects, TOPIC, type TopicalCheck, uses } from './input.js';
import { COMMANDS, fromLog, verdict } from './verdict.js';

interface Gpu {
  name: string;
  cc: string;
  where: string;
  row: Sourced | null;
  verified: Verified | undefined;
}

/** The first GPU whose compute capability the paste prints, else the first the GPU table knows. */
function theGpu(i: CheckInput): Gpu | null {
  const printed = i.facts.gpus.find((g) => g.computeCapability);
  if (printed)
    return {
      name: printed.name,
      cc: printed.computeCapability!,
      where: `line ${printed.line}`,
      row: null,
      verified: undefined,
    };
  for (const g of i.facts.gpus) {
    const m = gpuModel(i.compat, g.name);
    if (m)
      return {
        name: g.name,
        cc: m.row.computeCapability,
        where: `line ${g.line}; GPU table`,
        row: m.row,
        verified: m.verified,
      };
  }
  return null;
}

type Cover = 'exact' | 'compatible' | 'ptx' | 'too-old' | 'missing';

/** SASS for X.y runs on X.z with z >= y; PTX for an older architecture JIT-compiles forward. */
export function covers(cc: string, archs: readonly string[], ptx: readonly string[]): Cover {
  if (archs.some((a) => compareVersions(a, cc) === 0)) return 'exact';
  if (archs.some((a) => major(a) === major(cc) && compareVersions(a, cc) <= 0)) return 'compatible';
  if (ptx.some((a) => compareVersions(a, cc) <= 0)) return 'ptx';
  const lowest = [...archs, ...ptx].sort(compareVersions)[0];
  return lowest && compareVersions(cc, lowest) < 0 ? 'too-old' : 'missing';
}

export function gpuArchCheck(i: CheckInput): TopicalCheck | null {
  const gpu = theGpu(i);
  const said = flag(i, 'torch-arch-unsupported');
  const base = {
    id: 'gpu-arch',
    cause: 'unsupported-gpu-arch',
    ...(gpu?.verified !== undefined && { verified: gpu.verified }),
  } as const;
  const g = gpu ? `${gpu.name} (compute capability ${gpu.cc}, ${gpu.where})` : 'this GPU';
  if (said && uses(i, 'pytorch')) {
    const better = gpu ? newestCovering(i, gpu.cc) : null;
    const text = `PyTorch says ${g} is not supported by this install (line ${said.line})${better ? `; ${better.text}` : ''}`;
    return {
      topic: TOPIC.arch,
      check: verdict({
        ...base,
        rows: [gpu?.row, ...(better?.rows ?? [])],
        status: 'fail',
        text,
        logSource: fromLog("PyTorch's capability warning", said.line),
      }),
    };
  }
  if (!gpu) return null;
  const seen = said !== undefined || suspects(i, ['unsupported-gpu-arch']);
  const judge = (
    cover: Cover,
    what: string,
    rows: readonly (Sourced | null)[],
    logSource?: string,
    cudaMajor?: number,
  ): TopicalCheck => {
    const ok = cover === 'exact' || cover === 'compatible' || cover === 'ptx';
    // Which official wheels do hold code for it (PyTorch builds only).
    const better = !ok && uses(i, 'pytorch') ? newestCovering(i, gpu.cc) : null;
    // Below the lowest architecture the build's CUDA major can target, NVIDIA's own note settles it.
    const floor = cover === 'too-old' && cudaMajor ? archFloor(i.compat, cudaMajor) : null;
    const below = floor && compareVersions(gpu.cc, floor.minComputeCapability) < 0 ? floor : null;
    const rule = cover === 'exact' || (!ok && seen) ? [] : below ? [below] : [i.compat.pytorch.archRule];
    // A build that holds no code the GPU can run fails whether or not a crash shows it yet.
    const status = ok ? 'ok' : 'fail';
    const how = {
      exact: 'includes it',
      compatible: 'runs it (same major)',
      ptx: 'runs it through PTX',
      'too-old': 'starts above it',
      missing: 'lacks it',
    }[cover];
    const floorText = below
      ? ` (CUDA ${below.cudaMajor} builds cannot target below ${below.minComputeCapability})`
      : '';
    const text = `${g}: ${what} ${how}${floorText}${better ? `; ${better.text}` : ''}`;
    return {
      topic: TOPIC.arch,
      check: verdict({
        ...base,
        rows: [gpu.row, ...rows, ...rule, ...(better?.rows ?? [])],
        status,
        text,
        confirm: COMMANDS.gpuQuery,
        ...(logSource && { logSource }),
      }),
    };
  };
  const archs = i.facts.buildArchs;
  if (archs && (archs.from === 'torch-warning' ? uses(i, 'pytorch') : uses(i, 'tensorflow'))) {
    const who = archs.from === 'torch-warning' ? 'this PyTorch install' : 'this TensorFlow build';
    const list = [...archs.archs.map((a) => `sm ${a}`), ...archs.ptx.map((a) => `PTX ${a}`)].join(', ');
    return judge(
      covers(gpu.cc, archs.archs, archs.ptx),
      `${who} (${list}, line ${archs.line})`,
      [],
      fromLog('the architecture list', archs.line),
    );
  }
  const torch = get(i, 'torch');
  const torchCuda = get(i, 'torch_cuda');
  const platform = buildPlatform(i.os) ?? 'linux';
  const list =
    torch && torchCuda && uses(i, 'pytorch')
      ? torchArchList(i.compat, torch.value, torchCuda.value, platform)
      : null;
  if (list)
    return judge(
      covers(gpu.cc, list.archs, list.ptx),
      `torch ${torch!.value} ${platform} wheels for CUDA ${torchCuda!.value} (${list.archs.join(', ')})`,
      [list],
      undefined,
      major(torchCuda!.value) ?? undefined,
    );
  return floorCheck(i, gpu, g, base);
}

/** Below the lowest architecture the build's CUDA major can target, nothing runs. */
function floorCheck(
  i: CheckInput,
  gpu: Gpu,
  g: string,
  base: { id: string; cause: string },
): TopicalCheck | null {
  const tf = get(i, 'tensorflow');
  const tfRow = tf && uses(i, 'tensorflow') ? tfBuild(i.compat, tf.value, i.os) : null;
  const tfCuda = get(i, 'tensorflow_cuda')?.value ?? tfRow?.cuda;
  if (tf && tfCuda) {
    const floor = archFloor(i.compat, major(tfCuda) ?? 0);
    if (!floor || compareVersions(gpu.cc, floor.minComputeCapability) >= 0) return null;
    const text = `${g}: TF ${tf.value} is built with CUDA ${tfCuda}, whose lowest architecture is ${floor.minComputeCapability}`;
    return {
      topic: TOPIC.arch,
      check: verdict({ ...base, rows: [gpu.row, tfRow, floor], status: 'fail', text }),
    };
  }
  const torch = get(i, 'torch');
  const torchCuda = get(i, 'torch_cuda');
  if (torch && torchCuda && uses(i, 'pytorch')) {
    // No arch list for this release (newer than the tables, or a platform they lack): what
    // its CUDA major can target still holds.
    const floor = archFloor(i.compat, major(torchCuda.value) ?? 0);
    if (!floor || compareVersions(gpu.cc, floor.minComputeCapability) >= 0) return null;
    const text = `${g}: torch ${torch.value} is built with CUDA ${torchCuda.value}, and CUDA ${floor.cudaMajor} builds cannot hold code for compute capability below ${floor.minComputeCapability}`;
    return { topic: TOPIC.arch, check: verdict({ ...base, rows: [gpu.row, floor], status: 'fail', text }) };
  }
  const cuda12 = get(i, 'jax_cuda12_plugin') ? 12 : get(i, 'jax_cuda13_plugin') ? 13 : null;
  const plugin = cuda12 && uses(i, 'jax') ? jaxPlugin(i.compat, cuda12) : null;
  if (!plugin) return null;
  const ok = compareVersions(gpu.cc, plugin.minComputeCapability) >= 0;
  // JAX newer than the tables: its plugin may need more than the last one the tables know.
  const jax = get(i, 'jax') ?? get(i, 'jaxlib');
  if (ok && jax && isBeyond(i.compat, 'jax', jax.value)) return null;
  const text = `${g}: JAX's CUDA ${plugin.cudaMajor} builds need compute capability >= ${plugin.minComputeCapability}`;
  return {
    topic: TOPIC.arch,
    check: verdict({
      ...base,
      rows: [gpu.row, plugin],
      status: ok ? 'ok' : 'fail',
      text,
      ...(!ok && { command: COMMANDS.gpuQuery }),
    }),
  };
}

/**
 * The newest confirmed release whose official wheels hold SASS for the capability, with every
 * CUDA variant of it that does ("the official linux wheels of torch 2.14 for CUDA 12.6 include it").
 */
type Covering = { text: string; rows: TorchArchList[] } | null;

/** newestCovering's answers by tables, then by platform and capability: they depend on nothing else. */
const coverings = new WeakMap<CheckInput['compat'], Map<string, Covering>>();

function newestCovering(i: CheckInput, cc: string): Covering {
  const platform = buildPlatform(i.os) ?? 'linux';
  let known = coverings.get(i.compat);
  if (!known) {
    known = new Map();
    coverings.set(i.compat, known);
  }
  const key = `${platform} ${cc}`;
  if (!known.has(key)) known.set(key, computeCovering(i, platform, cc));
  return known.get(key)!;
}

function computeCovering(i: CheckInput, platform: BuildPlatform, cc: string): Covering {
  const fits = i.compat.pytorch.archLists.filter(
    (r) =>
      r.platform === platform &&
      r.verified !== false &&
      ['exact', 'compatible'].includes(covers(cc, r.archs, [])),
  );
  const released = (v: string) => torchRelease(i.compat, v) !== null;
  const versions = fits.flatMap((r) => r.torch.filter(released));
  const newest = versions.reduce<string | null>(
    (a, b) => (a === null || compareVersions(b, a) > 0 ? b : a),
    null,
  );
  if (!newest) return null;
  const rows = fits.filter((r) => r.torch.includes(newest));
  const cudas = [...new Set(rows.flatMap((r) => r.cuda))].sort(compareVersions);
  return {
    text: `the official ${platform} wheels of torch ${newest} for CUDA ${cudas.join('/')} include it`,
    rows,
  };
}
