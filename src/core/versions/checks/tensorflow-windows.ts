// TensorFlow on native Windows: no GPU after 2.10, and when a GPU log does not show the
// version, what the releases up to 2.10 were tested with (inferred, never a fail on its own).

import { tfBuild } from '../lookup.js';
import { compareTo, compareVersions, major, majorMinor, parts } from '../version-util.js';
import { type CheckInput, get, gpuExpected, TOPIC, type TopicalCheck, uses } from './input.js';
import { seen } from './tensorflow.js';
import { at, COMMANDS, verdict } from './verdict.js';

/**
 * TensorFlow on native Windows using a GPU, with its version not in the paste: it is 2.10 or
 * older (the last native-Windows GPU release), so the cuDNN it loads can be held against what
 * those releases were tested with. Inferred, said so, and never a fail on the inference alone.
 */
export function tfWindowsInferred(i: CheckInput): TopicalCheck | null {
  const end = i.compat.tensorflow.windowsNativeGpu;
  const loaded = get(i, 'cudnn') ?? get(i, 'cudnn_major');
  if (i.os !== 'windows' || get(i, 'tensorflow') || !uses(i, 'tensorflow') || !loaded || !gpuExpected(i))
    return null;
  const runtime = get(i, 'cudart_major') ?? get(i, 'cuda');
  const older = i.compat.tensorflow.builds.filter(
    (r) => r.platform === 'windows' && compareTo(r.tf, end.lastVersion) <= 0 && r.verified !== false,
  );
  const sameCuda = runtime ? older.filter((r) => major(r.cuda) === major(runtime.value)) : [];
  const rows = sameCuda.length ? sameCuda : older.filter((r) => majorMinor(r.tf) === end.lastVersion);
  if (rows.length === 0) return null;
  const cudnns = [...new Set(rows.map((r) => r.cudnn))].sort(compareVersions);
  const releases = [...new Set(rows.map((r) => majorMinor(r.tf)))].sort(compareVersions);
  const span = releases.length > 1 ? `${releases[0]}-${releases.at(-1)}` : releases[0];
  const cuda = runtime && sameCuda.length ? ` for CUDA ${major(runtime.value)}` : '';
  const fits = cudnns.some((c) =>
    parts(loaded.value).length >= 2 ? compareTo(loaded.value, c) === 0 : major(loaded.value) === major(c),
  );
  const text = `TensorFlow's version is not in the paste, but a native-Windows log with a GPU means TF ${end.lastVersion} or older (the last release with GPU on native Windows); TF ${span}${cuda} was tested with cuDNN ${cudnns.join(' or ')} (inferred): cuDNN ${seen(loaded)} ${fits ? 'is one of them' : 'is not one of them'}`;
  return {
    topic: TOPIC.cudnn,
    check: verdict({
      id: 'tf-cudnn',
      cause: 'cudnn-version-mismatch',
      status: fits ? 'ok' : 'warn',
      text,
      rows: [end, rows.at(-1)],
      command: COMMANDS.tfBuild,
    }),
  };
}

export function tfWindowsGpu(i: CheckInput): TopicalCheck | null {
  const tf = get(i, 'tensorflow');
  const end = i.compat.tensorflow.windowsNativeGpu;
  if (!tf || i.os !== 'windows' || compareTo(tf.value, end.lastVersion) <= 0 || !gpuExpected(i)) return null;
  const last = tfBuild(i.compat, end.lastVersion, 'windows');
  const fallback = last ? `, or TF ${end.lastVersion} with CUDA ${last.cuda} and cuDNN ${last.cudnn}` : '';
  const text = `TF ${at(tf)} has no GPU support on native Windows: ${end.lastVersion} was the last release with it; use WSL2${fallback}`;
  return {
    topic: TOPIC.gpu,
    check: verdict({
      id: 'tf-windows-gpu',
      status: 'fail',
      cause: 'gpu-not-detected',
      text,
      rows: [end, last],
      command: COMMANDS.tfGpus,
    }),
  };
}
