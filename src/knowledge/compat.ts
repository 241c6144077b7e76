// Loads knowledge/compat/*.yaml (written by scripts/build-compat.mjs from ../shared/reference):
// one schema per file; every row must carry its source and verified flag. Problems name the
// file and field; a file missing, unknown or invalid is a problem, never skipped.
import { basename, join } from 'node:path';
import { z } from 'zod';
import { type CompatTables, EMPTY_COMPAT } from '../core/versions/compat-types.js';
import { listYaml, type ProblemList, readYaml, validate } from './files.js';

const text = z.string().trim().min(1, 'must not be empty');
const version = z.string().regex(/^\d+(\.\d+)*$/, 'must be a version like 11.8');
const date = z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'must be a date like 2026-11-25');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day like 2026-11-25');
const sourced = {
  source: z.string().trim().min(1, 'every compat row needs a source'),
  verified: z.union([z.boolean(), z.enum(['secondary', 'partial', 'derived'])]),
  read: day,
};
const meta = z.strictObject({
  name: text,
  read: day,
  asOf: day.optional(),
  staleAfterDays: z.int().positive().optional(),
  newest: version.optional(),
  recommendedCudaMajor: z.int().positive().optional(),
  sources: z.array(text).min(1),
});
const range = z.strictObject({ min: version, max: version });
const platform = z.enum(['linux', 'windows']);
const fact = z.strictObject({ ...sourced, fact: text });

const tensorflow = z.strictObject({
  meta,
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

const torchBuild = z.strictObject({
  cuda: version,
  cudnn: version.optional(),
  nccl: version.optional(),
  experimental: z.boolean().optional(),
});

const pytorch = z.strictObject({
  meta,
  releases: z
    .array(
      z
        .strictObject({
          ...sourced,
          torch: z.array(version).min(1),
          label: text,
          status: z.enum(['released', 'planned']),
          released: date.optional(),
          planned: date.optional(),
          cudaWheels: z.array(version),
          builds: z.array(torchBuild).optional(),
          defaultPypiCuda: version.optional(),
          python: range.extend({ experimental: z.array(version), verified: sourced.verified }).optional(),
        })
        .refine((r) => r.status === 'released' || r.verified === false, {
          message: 'a planned release is not confirmed: verified must be false',
          path: ['verified'],
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
  meta,
  toolkits: z
    .array(
      z.strictObject({
        ...sourced,
        cuda: version,
        release: text,
        linux: driverVersion.nullable(),
        windows: driverVersion.nullable(),
        featureDriver: driverVersion.optional(),
        note: text.optional(),
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
  meta,
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
  meta,
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
  meta,
  releases: z.array(z.strictObject({ ...sourced, version, date: day })).min(1),
  requirements: z.array(
    fact.extend({
      jaxFrom: version,
      pythonMin: version.optional(),
      cudnnMin: version.optional(),
      cudaMin: version.optional(),
    }),
  ),
  cudaPlugins: z.array(
    fact.extend({
      cudaMajor: z.int().positive(),
      minComputeCapability: version,
      linuxMinDriver: driverVersion,
      builtWith: z.strictObject({ cuda: version, cudnn: version, nccl: version }).optional(),
      cudaMin: version.optional(),
      cudnnMin: version.optional(),
      cudnnBelow: version.optional(),
      ncclMin: version.optional(),
      extra: z
        .string()
        .regex(/^jax\[[\w-]+\]$/, 'must be a pip extra like jax[cuda13]')
        .optional(),
      localExtra: z
        .string()
        .regex(/^jax\[[\w-]+\]$/, 'must be a pip extra like jax[cuda13-local]')
        .optional(),
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
  const { meta: tfMeta, ...tf } = tensorflow;
  const { meta: torchMeta, ...torch } = pytorch;
  const { meta: cudaMeta, ...drivers } = cudaDrivers;
  const { meta: cudnnMeta, ...dnn } = cudnn;
  const { meta: jaxMeta, ...jx } = jax;
  const tables: CompatTables = {
    meta: {
      pytorch: torchMeta,
      tensorflow: tfMeta,
      jax: jaxMeta,
      'cuda-drivers': cudaMeta,
      cudnn: cudnnMeta,
      gpus: gpus.meta,
    },
    tensorflow: tf,
    pytorch: torch,
    cudaDrivers: drivers,
    cudnn: dnn,
    gpus: gpus.gpus,
    jax: jx,
  };
  return deepFreeze(tables);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
