// Versions newer than the tables: each is said plainly, with the date the tables were read,
// and the checks that rest on that release's own facts give no "ok" for it. What still holds
// (the CUDA family's driver floor, the lowest architecture a CUDA major can target, a floor an
// earlier release already required) keeps its verdict.
import type { Check } from '../../types.js';
import type { VersionKey } from '../facts.js';
import { type Component, frontier, frontierText, isBeyond } from '../frontier.js';
import { type CheckInput, get, TOPIC, type TopicalCheck } from './input.js';
import { at, verdict } from './verdict.js';

/** The versions that name each component, most telling first. */
const KEYS: Record<Component, readonly VersionKey[]> = {
  pytorch: ['torch'],
  tensorflow: ['tensorflow'],
  jax: ['jax', 'jaxlib', 'jax_cuda13_plugin', 'jax_cuda12_plugin'],
  cuda: ['torch_cuda', 'tensorflow_cuda', 'nvcc', 'cuda'],
  cudnn: ['cudnn', 'cudnn_compiled', 'torch_cudnn'],
  driver: ['driver'],
};

const STILL_HOLDS: Record<Component, string> = {
  pytorch:
    'the driver against the CUDA it was built with, and the GPU against what that CUDA major can target',
  tensorflow:
    'the driver against the CUDA it says it was built with, and no GPU on native Windows after 2.10',
  jax: "the driver and the GPU against its CUDA plugin's CUDA major, and the minimums earlier releases already had",
  cuda: "the driver against the CUDA major's minor-version floor, and the lowest architecture the major can target",
  cudnn: 'the cuDNN major against the framework build, not the tested pair',
  driver: 'that it meets the minimums of the CUDA releases the tables know (a newer driver runs older CUDA)',
};

/** Which checks rest on a component's own rows: their "ok" is not given for a release past the tables. */
const RESTS_ON: Readonly<Record<string, readonly Component[]>> = {
  'python-pytorch': ['pytorch'],
  'python-tensorflow': ['tensorflow'],
  'python-jax': ['jax'],
  'jax-cudnn': ['jax', 'cudnn'],
  'cudnn-cuda': ['cudnn'],
};

/** The components whose version in the paste is newer than the tables, with that version. */
export function beyondTables(
  i: CheckInput,
): Map<Component, { key: VersionKey; value: string; line: number }> {
  const out = new Map<Component, { key: VersionKey; value: string; line: number }>();
  for (const [component, keys] of Object.entries(KEYS) as [Component, readonly VersionKey[]][]) {
    for (const key of keys) {
      const s = get(i, key);
      if (s && isBeyond(i.compat, component, s.value)) {
        out.set(component, { key, value: s.value, line: s.line });
        break;
      }
    }
  }
  return out;
}

export function newerChecks(i: CheckInput): TopicalCheck[] {
  return [...beyondTables(i)].map(([component, v]) => {
    const f = frontier(i.compat, component)!;
    const meta = i.compat.meta[f.table];
    const asOf = meta.asOf ? `, upstream copies as of ${meta.asOf}` : '';
    const text = `${f.name} ${at(get(i, v.key)!)} is newer than my tables (${frontierText(f)}): I do not judge it as if it were known; what still holds is checked: ${STILL_HOLDS[component]}`;
    const check: Check = verdict({
      id: `newer-than-tables-${component}`,
      status: 'warn',
      text,
      rows: [
        {
          source: `knowledge/compat ${f.name} table (read ${meta.read}${asOf}): ${meta.sources[0] ?? ''}`,
          verified: true,
        },
      ],
    });
    return { topic: TOPIC.versions, check };
  });
}

/** Drops the "ok" of checks that rest on the rows of a component the paste shows newer than the tables. */
export function withoutGuesses(i: CheckInput, checks: readonly TopicalCheck[]): TopicalCheck[] {
  const beyond = beyondTables(i);
  if (beyond.size === 0) return [...checks];
  return checks.filter(
    (t) => t.check.status !== 'ok' || !(RESTS_ON[t.check.id] ?? []).some((c) => beyond.has(c)),
  );
}
