// The NVIDIA driver against the CUDA the framework was built with: NVIDIA's Table 3 minimum,
// or the Table 2 floor under which minor-version compatibility still runs a newer minor.
import type { BuildPlatform, Sourced } from '../compat-types.js';
import { buildPlatform, jaxPlugin, minorVersionFloor, tfBuild, toolkitDriver } from '../lookup.js';
import { compareVersions, major } from '../version-util.js';
import { type CheckInput, flag, get, TOPIC, type TopicalCheck, uses } from './input.js';
import { rowLabel } from './tensorflow.js';
import { at, COMMANDS, fromLog, verdict } from './verdict.js';

interface AppCuda {
  cuda: string;
  what: string;
  rows: readonly Sourced[];
}

/** The CUDA the code that runs was built with: the framework's build, else the installed toolkit or runtime. */
function appCuda(i: CheckInput): AppCuda | null {
  const torchCuda = get(i, 'torch_cuda');
  if (uses(i, 'pytorch') && torchCuda) {
    const torch = get(i, 'torch');
    return {
      cuda: torchCuda.value,
      what: `PyTorch${torch ? ` ${torch.value}` : ''} (built with CUDA ${at(torchCuda)})`,
      rows: [],
    };
  }
  const tf = get(i, 'tensorflow');
  if (uses(i, 'tensorflow') && tf) {
    const built = get(i, 'tensorflow_cuda');
    const row = tfBuild(i.compat, tf.value, i.os);
    if (built) return { cuda: built.value, what: `TF ${tf.value} (built with CUDA ${at(built)})`, rows: [] };
    if (row)
      return {
        cuda: row.cuda,
        what: `TF ${tf.value} (built with CUDA ${row.cuda}, ${rowLabel(row, i.os)})`,
        rows: [row],
      };
  }
  const cuda = get(i, 'cuda');
  if (cuda) return { cuda: cuda.value, what: `CUDA ${at(cuda)}`, rows: [] };
  // A CUDA runtime library seen loading names only its major: its family floor still applies.
  const runtime = get(i, 'cudart_major');
  return runtime
    ? {
        cuda: runtime.value,
        what: `the CUDA ${runtime.value} runtime loaded (line ${runtime.line})`,
        rows: [],
      }
    : null;
}

type Reach = {
  level: 'full' | 'minor' | 'short';
  need: string;
  floor: string | undefined;
  table: 2 | 3;
} | null;

function reach(i: CheckInput, driver: string, cuda: string, p: BuildPlatform): Reach {
  const t3 = toolkitDriver(i.compat, cuda);
  const t2 = minorVersionFloor(i.compat, major(cuda) ?? 0);
  const need = t3 ? (p === 'linux' ? t3.linux : t3.windows) : null;
  const floor = t2?.[p];
  if (need && compareVersions(driver, need) >= 0) return { level: 'full', need, floor, table: 3 };
  if (floor && compareVersions(driver, floor) >= 0) {
    // Table 3 gives no Windows driver for CUDA 13.x; Table 2's floor is the only minimum.
    return need ? { level: 'minor', need, floor, table: 2 } : { level: 'full', need: floor, floor, table: 2 };
  }
  if (!need && !floor) return null;
  return { level: 'short', need: need ?? floor!, floor, table: need ? 3 : 2 };
}

export function driverCheck(i: CheckInput): TopicalCheck | null {
  const base = { id: 'driver', cause: 'driver-too-old' } as const;
  const old = flag(i, 'torch-driver-too-old');
  const max = get(i, 'cuda_driver_max');
  if (old) {
    const built = get(i, 'torch_cuda');
    const text = `PyTorch reports the NVIDIA driver too old${max ? `: it supports CUDA up to ${max.value}` : ''} (line ${old.line})${built ? `; this PyTorch was built with CUDA ${built.value}` : ''}`;
    return {
      topic: TOPIC.driver,
      check: verdict({
        ...base,
        status: 'fail',
        text,
        logSource: fromLog("PyTorch's driver check", old.line),
        command: COMMANDS.nvidiaSmi,
      }),
    };
  }
  const driver = get(i, 'driver');
  if (!driver) return null;
  if (uses(i, 'jax') && !uses(i, 'pytorch') && !uses(i, 'tensorflow'))
    return jaxDriver(i, driver.value, driver.line);
  const app = appCuda(i);
  if (!app) return null;
  const t3 = toolkitDriver(i.compat, app.cuda);
  const t2 = minorVersionFloor(i.compat, major(app.cuda) ?? 0);
  // Under WSL the driver is the Windows one (TF's pip guide gives WSL the Windows minimum).
  const p = i.os === 'wsl' ? 'windows' : buildPlatform(i.os);
  const results = (p ? [p] : (['linux', 'windows'] as const)).map(
    (q) => [q, reach(i, driver.value, app.cuda, q)] as const,
  );
  const rows = [...app.rows, t3, t2];
  const d = `driver ${at(driver)}`;
  if (results.some(([, r]) => !r)) return null;
  const levels = new Set(results.map(([, r]) => r!.level));
  if (levels.size > 1) {
    const parts = results
      .map(([q, r]) => `${q}: needs ${r!.level === 'short' ? (r!.floor ?? r!.need) : r!.need}`)
      .join(', ');
    return {
      topic: TOPIC.driver,
      check: verdict({
        ...base,
        rows,
        status: 'warn',
        text: `${d} for ${app.what}: the verdict depends on the OS (${parts})`,
      }),
    };
  }
  const [q, r] = results[0]!;
  const os = p ? ` ${q === 'linux' ? 'Linux' : 'Windows'}` : '';
  if (r!.level === 'full') {
    return {
      topic: TOPIC.driver,
      check: verdict({
        ...base,
        rows: [...app.rows, t3],
        status: 'ok',
        text: `${d} meets CUDA ${app.cuda}'s minimum ${r!.need} (NVIDIA Table ${r!.table},${os} ${r!.table === 3 ? t3?.release : `CUDA ${major(app.cuda)}.x`}) for ${app.what}`,
      }),
    };
  }
  if (r!.level === 'minor') {
    const text = `${d} is below CUDA ${app.cuda}'s${os} minimum ${r!.need} but meets the CUDA ${major(app.cuda)}.x minor-version compatibility floor ${r!.floor} (NVIDIA Table 2) for ${app.what}: it runs, though JIT of newer PTX can fail`;
    return { topic: TOPIC.driver, check: verdict({ ...base, rows, status: 'ok', text }) };
  }
  const floorText = r!.floor ? ` or at least ${r!.floor} through minor-version compatibility (Table 2)` : '';
  const text = `${d} is too old for ${app.what}: CUDA ${app.cuda} needs${os} ${r!.need} (NVIDIA Table ${r!.table})${r!.table === 3 ? floorText : ''}`;
  return { topic: TOPIC.driver, check: verdict({ ...base, rows, status: 'fail', text }) };
}

/** JAX's CUDA plugins state their own Linux driver floor. */
function jaxDriver(i: CheckInput, driver: string, line: number): TopicalCheck | null {
  const plugin = get(i, 'jax_cuda13_plugin')
    ? 13
    : get(i, 'jax_cuda12_plugin') || /\+cuda12/.test(get(i, 'jaxlib')?.value ?? '')
      ? 12
      : null;
  const row = plugin ? jaxPlugin(i.compat, plugin) : null;
  if (!row || i.os === 'windows') return null;
  const ok = compareVersions(driver, row.linuxMinDriver) >= 0;
  const text = `driver ${driver} (line ${line}) ${ok ? 'meets' : 'is below'} the driver >= ${row.linuxMinDriver} JAX's CUDA ${plugin} builds need on Linux`;
  return {
    topic: TOPIC.driver,
    check: verdict({ id: 'driver', cause: 'driver-too-old', rows: [row], status: ok ? 'ok' : 'fail', text }),
  };
}
