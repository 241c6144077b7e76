// TensorFlow: the cuDNN and CUDA it loads against its tested build (native Windows: see
// tensorflow-windows.ts).
import type { Os } from '../../types.js';
import type { TfBuild } from '../compat-types.js';
import type { Sighting } from '../facts.js';
import { libraryFile, tfBuild } from '../lookup.js';
import { compareTo, compareVersions, major, majorMinor, parts } from '../version-util.js';
import { type CheckInput, flag, get, suspects, TOPIC, type TopicalCheck } from './input.js';
import { at, fromLog, verdict } from './verdict.js';

/** "TF tested builds, Windows tensorflow_gpu-2.10.0"; with no OS known, the row's package names its table. */
export function rowLabel(row: TfBuild, os: Os | null): string {
  if (os === null) return `TF tested builds, ${row.package}`;
  return `TF tested builds, ${row.platform === 'windows' ? 'Windows' : 'Linux'} ${row.package}`;
}

const HOW: Record<string, string> = { log: 'loaded', 'build-info': 'build', path: 'file' };
export function seen(s: Sighting): string {
  return `${s.value} (${HOW[s.origin] ?? s.origin}, line ${s.line})`;
}

export function tfCudnn(i: CheckInput): TopicalCheck | null {
  const tf = get(i, 'tensorflow');
  const row = tf ? tfBuild(i.compat, tf.value, i.os) : null;
  const loaded = get(i, 'cudnn') ?? get(i, 'cudnn_major');
  const compiled = get(i, 'cudnn_compiled');
  const tfs = tf ? `TF ${tf.value}` : 'TensorFlow';
  const own = flag(i, 'tf-cudnn-mismatch');
  const base = { id: 'tf-cudnn', cause: 'cudnn-version-mismatch', rows: [row] } as const;
  if (own && loaded && compiled) {
    // The verdict rests on TensorFlow's own check; the table row only adds what was tested.
    const cite = row && row.verified !== false ? row : null;
    const tested = cite ? `; ${tfs} was tested with cuDNN ${cite.cudnn} (${rowLabel(cite, i.os)})` : '';
    const text = `cuDNN ${loaded.value} loaded, but TensorFlow was compiled with cuDNN ${compiled.value} (its own check, line ${own.line})${tested}`;
    return {
      topic: TOPIC.cudnn,
      check: verdict({
        ...base,
        rows: [cite],
        status: 'fail',
        text,
        logSource: fromLog("TensorFlow's cuDNN check", own.line),
      }),
    };
  }
  const custom = compiled?.origin === 'build-info' && row && major(compiled.value) !== major(row.cudnn);
  const want = row && !custom ? row.cudnn : compiled?.value;
  if (!want || !loaded || !(tf || compiled)) return null;
  const against =
    row && !custom
      ? `${tfs} was built and tested with cuDNN ${want} (${rowLabel(row, i.os)})`
      : `${tfs} was built with cuDNN ${want} (get_build_info(), line ${compiled!.line})`;
  const rows = row && !custom ? [row] : [];
  const logSource = custom || !row ? fromLog('tf.sysconfig.get_build_info()', compiled!.line) : undefined;
  const c = { ...base, rows, ...(logSource && { logSource }) };
  if (major(loaded.value) !== major(want)) {
    return {
      topic: TOPIC.cudnn,
      check: verdict({
        ...c,
        status: 'fail',
        text: `cuDNN ${seen(loaded)}, but ${against}: a different major`,
      }),
    };
  }
  if (parts(loaded.value).length < 2 || parts(want).length < 2) return null;
  const cmp = compareTo(loaded.value, want);
  if (cmp === 0)
    return {
      topic: TOPIC.cudnn,
      check: verdict({ ...c, status: 'ok', text: `cuDNN ${seen(loaded)} matches: ${against}` }),
    };
  if (cmp < 0) {
    return {
      topic: TOPIC.cudnn,
      check: verdict({
        ...c,
        status: 'fail',
        text: `cuDNN ${seen(loaded)}, but ${against}: older than the build`,
      }),
    };
  }
  // A newer minor loads (TensorFlow's own check takes an equal or higher minor), but it is not
  // the tested pair: the prime suspect for a crash nothing else explains (a bare fail-fast
  // exit); beside a memory cause that does (cuDNN failing to start when TensorFlow took the
  // GPU's memory), only a warning.
  const memory = i.causes.has('gpu-memory-preallocation') || i.causes.has('gpu-oom');
  const status = i.crash && !memory ? 'fail' : 'warn';
  return {
    topic: TOPIC.cudnn,
    check: verdict({ ...c, status, text: `cuDNN ${seen(loaded)}, but ${against}: not the tested pair` }),
  };
}

export function tfCuda(i: CheckInput): TopicalCheck | null {
  const tf = get(i, 'tensorflow');
  const row = tf ? tfBuild(i.compat, tf.value, i.os) : null;
  const built = get(i, 'tensorflow_cuda');
  if (!tf || !(row || built)) return null;
  const want = built?.value ?? row!.cuda;
  const against = built
    ? `TF ${tf.value} was built with CUDA ${want} (get_build_info(), line ${built.line})`
    : `TF ${tf.value} was built with CUDA ${want} (${rowLabel(row!, i.os)})`;
  const rows = built ? [] : [row];
  const logSource = built ? fromLog('tf.sysconfig.get_build_info()', built.line) : undefined;
  const c = { id: 'tf-cuda', rows, ...(logSource && { logSource }) };
  const runtime = get(i, 'cudart_major');
  const have = runtime ?? get(i, 'cuda');
  if (have) {
    const what = runtime
      ? `the CUDA ${runtime.value} runtime loaded (line ${runtime.line})`
      : `CUDA ${at(have)}`;
    if (major(have.value) !== major(want)) {
      // On Linux, TF >= 2.14 can use the CUDA pip packages ([and-cuda]) instead of a system toolkit.
      const pipCuda =
        !runtime &&
        i.os !== 'windows' &&
        compareVersions(tf.value, i.compat.tensorflow.andCuda.firstVersion) >= 0;
      const note = pipCuda
        ? `, unless TF uses the pip CUDA packages (tensorflow[and-cuda], TF ${i.compat.tensorflow.andCuda.firstVersion}+)`
        : '';
      const rowsNote = pipCuda ? [...rows, i.compat.tensorflow.andCuda] : rows;
      return {
        topic: TOPIC.cuda,
        check: verdict({
          ...c,
          rows: rowsNote,
          status: pipCuda ? 'warn' : 'fail',
          cause: 'cuda-version-mismatch',
          text: `${against}; this paste shows ${what}: a different major${note}`,
        }),
      };
    }
    if (!runtime && parts(have.value).length >= 2 && compareTo(have.value, majorMinor(want)) < 0) {
      return {
        topic: TOPIC.cuda,
        check: verdict({
          ...c,
          status: 'warn',
          cause: 'cuda-version-mismatch',
          text: `${against}; CUDA ${at(have)} is an older minor`,
        }),
      };
    }
    return {
      topic: TOPIC.cuda,
      check: verdict({ ...c, status: 'ok', text: `${against}; ${what} has the same major` }),
    };
  }
  const missing = i.facts.libraries.filter(
    (l) => l.state === 'missing' && /cudart|cublas|cudnn/i.test(l.name),
  );
  if (missing.length === 0 || !row) return null;
  const names = missing
    .slice(0, 3)
    .map((l) => `${l.name} (line ${l.line})`)
    .join(', ');
  const libRows = missing.slice(0, 3).map((l) => libraryFile(i.compat, l.name));
  const status = suspects(i, ['missing-cuda-library', 'gpu-not-detected', 'cuda-version-mismatch'])
    ? 'fail'
    : 'warn';
  const text = `TensorFlow could not load ${names}; TF ${tf.value} needs CUDA ${row.cuda} and cuDNN ${row.cudnn} (${rowLabel(row, i.os)})`;
  return {
    topic: TOPIC.cuda,
    check: verdict({ id: 'tf-cuda', rows: [row, ...libRows], status, cause: 'missing-cuda-library', text }),
  };
}
