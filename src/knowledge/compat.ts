// Loads knowledge/compat/*.yaml (written by scripts/build-compat.mjs from ../shared/reference):
// one schema per file; every row must carry its source and verified flag. Problems name the
// file and field; a file missing, unknown or invalid is a problem, never skipped.
import { basename, join } from 'node:path';
import { z } from 'zod';
import { type CompatTables, EMPTY_COMPAT } from '../core/versions/compat-types.js';
import { listYaml, type ProblemList, readYaml, validate } from './files.js';

const text = z.string().trim().min(1, 'must not be empty');
const version = z.string().regex(/^\d+(\.\d+)*$/, 'must be a version like 11.8');
const sourced = {
  source: z.string().trim().min(1, 'every compat row needs a source'),
  verified: z.union([z.boolean(), z.enum(['secondary', 'partial', 'derived'])]),
};
const range = z.strictObject({ min: version, max: version });
const platform = z.enum(['linux', 'windows']);
const fact = z.strictObject({ ...sourced, fact: text });

const tensorflow = z.strictObject({
  builds: z
    .array(
      z.strictObject({
        ...sourced,
        tf: version,
        platform,
        package: text,
        python: z.array(range).min(1),
        cuda: version,
        cudnn: version,
      }),
    )
    .min(1),
  windowsNativeGpu: fact.extend({ lastVersion: version }),
  andCuda: fact.extend({ firstVersion: version }),
});

const pytorch = z.strictObject({
  releases: z
    .array(
      z.strictObject({
        ...sourced,
        torch: z.array(version).min(1),
        label: text,
        cudaWheels: z.array(version),
        defaultPypiCuda: version.optional(),
        python: range.extend({ experimental: z.array(version), verified: sourced.verified }).optional(),
      }),
    )
    .min(1),
  archLists: z
    .array(
      z.strictObject({
        ...sourced,
        torch: z.array(version).min(1),
        platform,
        cuda: z.array(version).min(1),
        archs: z.array(version).min(1),
        ptx: z.array(version),
        note: text.optional(),
      }),
    )
    .min(1),
  archRule: fact,
});

const driverVersion = z.string().regex(/^\d+(\.\d+)*$/, 'must be a driver version like 535.54.03');
const cudaDrivers = z.strictObject({
  toolkits: z
    .array(
      z.strictObject({
        ...sourced,
        cuda: version,
        release: text,
        linux: driverVersion,
        windows: driverVersion.nullable(),
      }),
    )
    .min(1),
  minorVersion: z.array(
    z.strictObject({
      ...sourced,
      cudaMajor: z.int().positive(),
      linux: driverVersion,
      windows: driverVersion,
      below: driverVersion.optional(),
    }),
  ),
  archFloors: z.array(fact.extend({ cudaMajor: z.int().positive(), minComputeCapability: version })),
});

const cudnn = z.strictObject({
  cudaPairs: z
    .array(
      z.strictObject({ ...sourced, from: version, to: version.optional(), cuda: z.array(version).min(1) }),
    )
    .min(1),
  libraries: z
    .array(
      z.strictObject({
        ...sourced,
        name: z.string().regex(/^[\w.-]+$/, 'must be a file name'),
        component: z.enum(['cudart', 'cublas', 'cudnn']),
        version,
      }),
    )
    .min(1),
});

const gpus = z.strictObject({
  gpus: z
    .array(
      z.strictObject({
        ...sourced,
        names: z.array(text).min(1),
        computeCapability: version,
        architecture: text,
      }),
    )
    .min(1),
});

const jax = z.strictObject({
  requirements: z.array(
    fact.extend({ jaxFrom: version, pythonMin: version.optional(), cudnnMin: version.optional() }),
  ),
  cudaPlugins: z.array(
    fact.extend({
      cudaMajor: z.int().positive(),
      minComputeCapability: version,
      linuxMinDriver: driverVersion,
    }),
  ),
  windowsNativeGpu: fact.extend({ supported: z.boolean() }),
});

const FILES = {
  'tensorflow.yaml': tensorflow,
  'pytorch.yaml': pytorch,
  'cuda-drivers.yaml': cudaDrivers,
  'cudnn.yaml': cudnn,
  'gpus.yaml': gpus,
  'jax.yaml': jax,
} as const;
type FileName = keyof typeof FILES;

/** The tables, frozen; on any problem, EMPTY_COMPAT (the problems stop the knowledge base loading). */
export function loadCompat(dir: string, problems: ProblemList): CompatTables {
  const before = problems.items.length;
  const present = new Set(listYaml(dir, problems).map((f) => basename(f)));
  for (const name of present) {
    if (!(name in FILES))
      problems.add(
        join(dir, name),
        '(file)',
        `unknown compat table; expected one of ${Object.keys(FILES).join(', ')}`,
      );
  }
  const load = <N extends FileName>(name: N): z.infer<(typeof FILES)[N]> | undefined => {
    const file = join(dir, name);
    if (!present.has(name)) {
      problems.add(file, '(file)', 'missing compat table');
      return undefined;
    }
    return validate(FILES[name], readYaml(file, problems), file, problems) as
      | z.infer<(typeof FILES)[N]>
      | undefined;
  };
  const tensorflow = load('tensorflow.yaml');
  const pytorch = load('pytorch.yaml');
  const cudaDrivers = load('cuda-drivers.yaml');
  const cudnn = load('cudnn.yaml');
  const gpus = load('gpus.yaml');
  const jax = load('jax.yaml');
  if (problems.items.length > before || !tensorflow || !pytorch || !cudaDrivers || !cudnn || !gpus || !jax) {
    return EMPTY_COMPAT;
  }
  const tables: CompatTables = { tensorflow, pytorch, cudaDrivers, cudnn, gpus: gpus.gpus, jax };
  return deepFreeze(tables);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
