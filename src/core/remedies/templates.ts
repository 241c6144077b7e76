// The values a snippet may name as {{placeholder}}, computed from the user's versions and
// the compat tables, so an install line follows the tables instead of being written beside
// them. A snippet whose placeholder has no value for this situation is not shown.
import type { CompatTables } from '../versions/compat-types.js';
import { jaxExtra, torchWheelIndex } from '../versions/current.js';
import { tfBuild } from '../versions/lookup.js';
import { compareVersions, major, majorMinor, parts } from '../versions/version-util.js';
import type { Situation } from './situation.js';

/** What each placeholder means; the loader refuses any other name. */
export const TEMPLATE_NAMES = {
  'tf.windows.last': 'the last TensorFlow with GPU support on native Windows ("2.10")',
  'tf.windows.below': 'the first TensorFlow without it ("2.11"), for a pip bound',
  'tf.windows.python': 'the newest Python that last release was built for ("3.10")',
  'tf.windows.cuda': 'the CUDA of the last native-Windows GPU build ("11.2")',
  'tf.windows.cudnn': 'the cuDNN of that build ("8.1")',
  'tf.cuda':
    "the CUDA of the user's TensorFlow Windows build (the last GPU one when the version is not known; none past it)",
  'tf.cudnn': 'the cuDNN of that build',
  'tf.cudart': "the CUDA runtime DLL's version suffix for that CUDA (cudart64_110.dll -> 110)",
  'tf.and-cuda.first': 'the first TensorFlow with the [and-cuda] extra ("2.14")',
  'tf.cudnn.major': "the cuDNN major of that build, as in its DLL's name (cudnn64_8.dll)",
  'torch.index': "the wheel index of the newest PyTorch release that runs on the user's driver",
  'torch.cuda': 'the CUDA variant of that index ("12.6")',
  'torch.release': 'that release ("2.11")',
  'jax.extra':
    'the pip extra for JAX\'s CUDA plugin: the one installed, else the newest the driver and GPU run ("jax[cuda13]")',
} as const;
export type TemplateName = keyof typeof TEMPLATE_NAMES;

const PLACEHOLDER = /\{\{\s*([a-z0-9.-]+)\s*\}\}/g;

/** The placeholder names a text uses. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

export type TemplateValues = (name: string) => string | null;

/** The text with every placeholder filled, or null when one has no value. */
export function fill(text: string, values: TemplateValues): string | null {
  let missing = false;
  const out = text.replace(PLACEHOLDER, (_, name: string) => {
    const v = values(name);
    if (v === null) missing = true;
    return v ?? '';
  });
  return missing ? null : out;
}

export function templateValues(c: CompatTables, s: Situation): TemplateValues {
  const cache = new Map<string, string | null>();
  return (name) => {
    if (!cache.has(name)) cache.set(name, compute(name, c, s));
    return cache.get(name)!;
  };
}

function compute(name: string, c: CompatTables, s: Situation): string | null {
  const tf = c.tensorflow;
  const last = tf.windowsNativeGpu.lastVersion;
  switch (name) {
    case 'tf.windows.last':
      return last;
    case 'tf.windows.below': {
      const [maj, min] = parts(last);
      return maj === undefined || min === undefined ? null : `${maj}.${min + 1}`;
    }
    case 'tf.windows.python':
      return newestPython(c, last);
    case 'tf.windows.cuda':
      return tfBuild(c, last, 'windows')?.cuda ?? null;
    case 'tf.windows.cudnn':
      return tfBuild(c, last, 'windows')?.cudnn ?? null;
    case 'tf.cuda':
      return tfWindowsBuild(c, s)?.cuda ?? null;
    case 'tf.cudnn':
      return tfWindowsBuild(c, s)?.cudnn ?? null;
    case 'tf.cudart': {
      const cuda = tfWindowsBuild(c, s)?.cuda;
      if (!cuda) return null;
      // cudart64_110.dll for every CUDA 11.x, cudart64_12.dll for 12.x, cudart64_101.dll for 10.1.
      const m = major(cuda);
      return m !== null && m >= 12 ? String(m) : m === 11 ? '110' : majorMinor(cuda).replace('.', '');
    }
    case 'tf.and-cuda.first':
      return tf.andCuda.firstVersion;
    case 'tf.cudnn.major': {
      const cudnn = tfWindowsBuild(c, s)?.cudnn;
      return cudnn ? String(major(cudnn)) : null;
    }
    case 'torch.index':
      return wheel(c, s)?.index ?? null;
    case 'torch.cuda':
      return wheel(c, s)?.cuda ?? null;
    case 'torch.release':
      return wheel(c, s)?.torch ?? null;
    case 'jax.extra':
      return (
        jaxExtra(c, {
          pluginMajor: s.versions.jax_cuda13_plugin ? 13 : s.versions.jax_cuda12_plugin ? 12 : undefined,
          driver: s.versions.driver,
          computeCapability: s.computeCapability ?? undefined,
        })?.extra ?? null
      );
    default:
      return null;
  }
}

function wheel(c: CompatTables, s: Situation) {
  return torchWheelIndex(c, {
    driver: s.versions.driver,
    platform: s.os === 'windows' ? 'windows' : 'linux',
    computeCapability: s.computeCapability ?? undefined,
  });
}

/**
 * The user's TensorFlow GPU build on Windows when its version is known, else the last
 * native-Windows GPU build; none for a TensorFlow past it (it has no GPU build there).
 */
function tfWindowsBuild(c: CompatTables, s: Situation) {
  const v = s.versions.tensorflow;
  const last = c.tensorflow.windowsNativeGpu.lastVersion;
  if (v && compareVersions(majorMinor(v), last) > 0) return null;
  return tfBuild(c, v ?? last, 'windows');
}

function newestPython(c: CompatTables, tfVersion: string): string | null {
  const row = tfBuild(c, tfVersion, 'windows');
  if (!row) return null;
  return (
    row.python
      .map((r) => r.max)
      .sort(compareVersions)
      .at(-1) ?? null
  );
}
