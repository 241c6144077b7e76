// Where each table's knowledge ends: the newest release it confirms, and whether a version a
// log names lies past it. A version past the frontier is reported as such ("my PyTorch facts
// end at 2.14, read on 2026-11-25") and judged only on what still holds for it.
import type { CompatTableId, CompatTables, TableMeta } from './compat-types.js';
import { compareVersions, major, majorMinor, parts } from './version-util.js';

export type Component = 'pytorch' | 'tensorflow' | 'jax' | 'cuda' | 'cudnn' | 'driver';

export interface Frontier {
  component: Component;
  table: CompatTableId;
  /** "PyTorch", "the NVIDIA driver" */
  name: string;
  /** The newest release the table confirms, at the precision it is compared ("2.14", "13.4", "610"). */
  newest: string;
  /** Its release date, where the table has it. */
  date?: string | undefined;
  read: string;
  asOf?: string | undefined;
}

const TABLE: Record<Component, CompatTableId> = {
  pytorch: 'pytorch',
  tensorflow: 'tensorflow',
  jax: 'jax',
  cuda: 'cuda-drivers',
  cudnn: 'cudnn',
  driver: 'cuda-drivers',
};

const NAME: Record<Component, string> = {
  pytorch: 'PyTorch',
  tensorflow: 'TensorFlow',
  jax: 'JAX',
  cuda: 'CUDA',
  cudnn: 'cuDNN',
  driver: 'NVIDIA driver',
};

const max = (vs: readonly string[]): string | undefined =>
  vs.reduce<string | undefined>((a, b) => (a === undefined || compareVersions(b, a) > 0 ? b : a), undefined);

/** Whether any cuDNN row is verified (the table's named newest release counts only then). */
const anyVerifiedCudnn = (c: CompatTables) => c.cudnn.cudaPairs.some((p) => p.verified !== false);

const cache = new WeakMap<CompatTables, Map<Component, Frontier | null>>();

/** The newest release of a component the tables confirm (planned and unverified rows aside). */
export function frontier(c: CompatTables, component: Component): Frontier | null {
  let byComponent = cache.get(c);
  if (!byComponent) {
    byComponent = new Map();
    cache.set(c, byComponent);
  }
  if (!byComponent.has(component)) byComponent.set(component, compute(c, component));
  return byComponent.get(component)!;
}

function compute(c: CompatTables, component: Component): Frontier | null {
  const meta: TableMeta = c.meta[TABLE[component]];
  const base = {
    component,
    table: TABLE[component],
    name: NAME[component],
    read: meta.read,
    asOf: meta.asOf,
  };
  switch (component) {
    case 'pytorch': {
      const released = c.pytorch.releases.filter((r) => r.status === 'released' && r.verified !== false);
      const newest = max(released.flatMap((r) => r.torch.map(majorMinor)));
      const row = released.find((r) => r.torch.some((t) => majorMinor(t) === newest));
      return newest ? { ...base, newest, date: row?.released } : null;
    }
    case 'tensorflow': {
      const newest = max(
        c.tensorflow.builds.filter((b) => b.verified !== false).map((b) => majorMinor(b.tf)),
      );
      return newest ? { ...base, newest } : null;
    }
    case 'jax': {
      const newest = max(c.jax.releases.filter((r) => r.verified !== false).map((r) => r.version));
      const row = c.jax.releases.find((r) => r.version === newest);
      return newest ? { ...base, newest, date: row?.date } : null;
    }
    case 'cuda': {
      const newest = max(c.cudaDrivers.toolkits.filter((t) => t.verified !== false).map((t) => t.cuda));
      return newest ? { ...base, newest } : null;
    }
    case 'cudnn': {
      const named = [
        ...c.cudnn.cudaPairs
          .filter((p) => p.verified !== false)
          .flatMap((p) => [p.from, ...(p.to ? [p.to] : [])]),
        ...c.pytorch.releases
          .filter((r) => r.verified !== false)
          .flatMap((r) => (r.builds ?? []).flatMap((b) => (b.cudnn ? [b.cudnn] : []))),
        ...(meta.newest && anyVerifiedCudnn(c) ? [meta.newest] : []),
      ];
      const newest = max(named.map(majorMinor));
      return newest ? { ...base, newest } : null;
    }
    case 'driver': {
      const drivers = c.cudaDrivers.toolkits
        .filter((t) => t.verified !== false)
        .flatMap((t) => [t.linux, t.windows, t.featureDriver])
        .filter((d): d is string => !!d);
      const newest = max(drivers.map((d) => String(major(d))));
      return newest ? { ...base, newest } : null;
    }
  }
}

/** The part of a version a frontier compares: minor releases, except JAX (every release) and drivers (branches). */
export function comparable(component: Component, version: string): string {
  if (component === 'jax') return parts(version).join('.');
  if (component === 'driver') return String(major(version) ?? '');
  return majorMinor(version);
}

/** True when `version` is newer than anything the tables confirm for the component. */
export function isBeyond(c: CompatTables, component: Component, version: string): boolean {
  const f = frontier(c, component);
  const v = comparable(component, version);
  return f !== null && v !== '' && compareVersions(v, f.newest) > 0;
}

/** "my PyTorch facts end at 2.14 (released 2026-09-02), read on 2026-11-25" */
export function frontierText(f: Frontier): string {
  const newest = f.component === 'driver' ? `the ${f.newest} branch` : f.newest;
  const date = f.date ? ` (released ${f.date})` : '';
  return `my ${f.name} facts end at ${newest}${date}, read on ${f.read}`;
}
