// VersionFacts -> the parts of Diagnosis.signals they fill, and whether a paste is mostly
// an environment report (collect_env, nvidia-smi, pip list) to be answered with the
// version report even when it holds no error.
import type { GpuInfo, Signals } from '../types.js';
import type { EnvKind, VersionFacts } from './facts.js';

/** One value per key (see facts.ts for what each key means), library names, and GPUs. */
export function versionSignals(facts: VersionFacts): Pick<Signals, 'versions' | 'libraries' | 'gpus'> {
  const versions: Record<string, string> = {};
  for (const [key, entry] of Object.entries(facts.versions)) if (entry) versions[key] = entry.primary.value;
  const libraries = [...new Set(facts.libraries.map((l) => l.name))];
  const gpus: GpuInfo[] = facts.gpus.map((g) =>
    g.computeCapability ? { name: g.name, computeCapability: g.computeCapability } : { name: g.name },
  );
  return { versions, libraries, gpus };
}

/** How many lines of each kind make an environment report on their own. */
const ENOUGH: Readonly<Record<EnvKind, number>> = {
  'collect-env': 3,
  'nvidia-smi': 1,
  nvcc: 1,
  packages: 2,
  'jax-info': 2,
  'build-info': 1,
  template: 3,
};

/**
 * True when the paste holds an environment report (enough lines of one kind) and its
 * report lines outnumber the other lines that mention versions or GPU libraries: a
 * collect_env, nvidia-smi or pip list on its own, not a crash log that quotes one.
 */
export function isEnvironmentDump(facts: VersionFacts): boolean {
  const { kinds, reportLines, otherLines } = facts.env;
  const strong = (Object.keys(ENOUGH) as EnvKind[]).some((k) => (kinds[k] ?? 0) >= ENOUGH[k]);
  return strong && reportLines > otherLines;
}
