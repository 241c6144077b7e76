// What every check reads: the facts, the tables, the context the classifier knows, and
// which causes each topic bears on (a check about an unsuspected topic stays out of a
// diagnosis unless it found a problem).

import { FRAMEWORK_FAMILY, type FrameworkFamily } from '../../frameworks.js';
import type { CauseId, Check, Framework, Os } from '../../types.js';
import type { CompatTables } from '../compat-types.js';
import type { Flag, FlagKey, Sighting, VersionFacts, VersionKey } from '../facts.js';

export interface CheckContext {
  framework: Framework | null;
  os: Os | null;
  causeIds: readonly string[];
}

export interface CheckInput {
  facts: VersionFacts;
  compat: CompatTables;
  framework: Framework | null;
  /** The classifier's OS, else the one the paste shows. */
  os: Os | null;
  causes: ReadonlySet<CauseId>;
  /** A crash is being diagnosed (the classifier suspects causes); otherwise this is an environment report. */
  crash: boolean;
}

/** A check and the causes its topic bears on. */
export interface TopicalCheck {
  check: Check;
  topic: readonly CauseId[];
}

export const TOPIC = {
  cudnn: [
    'cudnn-version-mismatch',
    'native-crash-windows',
    'gpu-memory-preallocation',
    'missing-cuda-library',
    'dll-load-failed',
    'cuda-version-mismatch',
  ],
  cuda: [
    'cuda-version-mismatch',
    'missing-cuda-library',
    'driver-too-old',
    'native-crash-windows',
    'gpu-not-detected',
    'cuda-library-conflict',
    'dll-load-failed',
  ],
  driver: ['driver-too-old', 'cuda-version-mismatch', 'gpu-not-detected', 'gpu-driver-state'],
  arch: ['unsupported-gpu-arch', 'gpu-not-detected'],
  gpu: ['gpu-not-detected'],
  python: ['dll-load-failed'],
  numpy: ['numpy-abi-mismatch'],
  jax: ['jax-jaxlib-mismatch', 'xla-ptxas', 'gpu-not-detected'],
  protobuf: ['protobuf-version'],
  versions: [] as CauseId[],
} as const satisfies Record<string, readonly CauseId[]>;

export function makeInput(facts: VersionFacts, compat: CompatTables, ctx: CheckContext): CheckInput {
  return {
    facts,
    compat,
    framework: ctx.framework,
    os: ctx.os ?? facts.os,
    causes: new Set(ctx.causeIds),
    crash: ctx.causeIds.length > 0,
  };
}

export function get(i: CheckInput, key: VersionKey): Sighting | undefined {
  return i.facts.versions[key]?.primary;
}

export function flag(i: CheckInput, key: FlagKey): Flag | undefined {
  return i.facts.flags.find((f) => f.key === key);
}

export function suspects(i: CheckInput, topic: readonly CauseId[]): boolean {
  return topic.some((c) => i.causes.has(c));
}

type Family = Exclude<FrameworkFamily, 'other'>;
const PRESENT: Record<Family, VersionKey[]> = {
  tensorflow: ['tensorflow'],
  pytorch: ['torch', 'torch_cuda'],
  jax: ['jax', 'jaxlib', 'jax_cuda12_plugin', 'jax_cuda13_plugin'],
};

/**
 * Whether checks about a framework apply: in a diagnosis whose framework is known, only
 * that framework's; otherwise every framework the paste shows.
 */
export function uses(i: CheckInput, family: Family): boolean {
  const seen = i.framework ? FRAMEWORK_FAMILY[i.framework] : 'other';
  const known = seen === 'other' ? undefined : seen;
  if (known === family) return true;
  if (i.crash && known) return false;
  return PRESENT[family].some((k) => i.facts.versions[k] !== undefined);
}

/** Whether the paste shows that a GPU was meant to be used. */
export function gpuExpected(i: CheckInput): boolean {
  return (
    i.causes.has('gpu-not-detected') ||
    i.facts.gpus.length > 0 ||
    get(i, 'driver') !== undefined ||
    get(i, 'cudart_major') !== undefined ||
    i.facts.libraries.some((l) => /cudart|cudnn/i.test(l.name))
  );
}
