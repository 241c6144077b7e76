// Runs every version check and keeps what matters. In a diagnosis (the classifier suspects
// causes) a passing check stays only when its topic bears on a suspected cause, and the
// list is capped; in an environment report every verdict stays.
import type { Check, CheckStatus } from '../../types.js';
import type { CompatTables } from '../compat-types.js';
import type { VersionFacts } from '../facts.js';
import { driverCheck } from './driver.js';
import { conflictChecks, cudnnCudaCheck } from './environment.js';
import { gpuArchCheck } from './gpu-arch.js';
import { type CheckContext, makeInput, suspects, type TopicalCheck } from './input.js';
import { newerChecks, withoutGuesses } from './newer.js';
import { jaxChecks, numpyCheck, protobufCheck, torchCpuBuild } from './packages.js';
import { pythonChecks } from './python.js';
import { tfCuda, tfCudnn } from './tensorflow.js';
import { tfWindowsGpu, tfWindowsInferred } from './tensorflow-windows.js';
import { todoChecks } from './todo.js';

const MAX_IN_DIAGNOSIS = 6;
const ORDER: Record<CheckStatus, number> = { fail: 0, warn: 1, todo: 2, ok: 3 };
const REPORT_ORDER: Record<CheckStatus, number> = { fail: 0, warn: 1, ok: 2, todo: 3 };

export function runVersionChecks(facts: VersionFacts, compat: CompatTables, ctx: CheckContext): Check[] {
  const i = makeInput(facts, compat, ctx);
  const found: TopicalCheck[] = withoutGuesses(
    i,
    [
      ...newerChecks(i),
      tfCudnn(i) ?? tfWindowsInferred(i),
      tfCuda(i),
      tfWindowsGpu(i),
      driverCheck(i),
      gpuArchCheck(i),
      torchCpuBuild(i),
      ...jaxChecks(i),
      numpyCheck(i),
      protobufCheck(i),
      ...pythonChecks(i),
      cudnnCudaCheck(i),
      ...conflictChecks(i),
    ].filter((c): c is TopicalCheck => c !== null),
  );
  const kept = i.crash
    ? found.filter((t) => t.check.status === 'fail' || t.check.status === 'warn' || suspects(i, t.topic))
    : found;
  const checks = kept.map((t) => t.check);
  const all = [...checks, ...todoChecks(i, new Set(checks.map((c) => c.id)))];
  const order = i.crash ? ORDER : REPORT_ORDER;
  const sorted = all
    .map((c, n) => [c, n] as const)
    .sort(([a, x], [b, y]) => order[a.status] - order[b.status] || x - y);
  const out = sorted.map(([c]) => c);
  return i.crash ? out.slice(0, MAX_IN_DIAGNOSIS) : out;
}
