// TensorFlow: the tested build configurations (GPU) of the Linux and native-Windows pages,
// the end of GPU support on native Windows (pip.md), and the first release with [and-cuda].
import { must, savedAt, sourced, tableMeta } from './common.mjs';

const PAGES = [
  ['tensorflow/source.md', 'linux', 'https://www.tensorflow.org/install/source#gpu'],
  ['tensorflow/source_windows.md', 'windows', 'https://www.tensorflow.org/install/source_windows#gpu'],
];

/** The rows of the HTML table under the "GPU" heading: package, Python, cuDNN, CUDA. */
export function parseGpuTable(text) {
  const at = text.search(/^#{2,4} GPU\s*$/m);
  must(at >= 0, 'GPU heading of the tested-build page');
  const end = text.indexOf('</table>', at);
  must(end > at, 'GPU table end');
  const rows = [];
  for (const line of text.slice(at, end).split('\n')) {
    if (!line.startsWith('<tr><td>')) continue;
    const cells = [...line.matchAll(/<td>([^<]*)<\/td>/g)].map((m) => m[1].trim());
    must(cells.length === 6, `tested-build row ${line}`);
    const [pkg, python, , , cudnn, cuda] = cells;
    const tf = /^tensorflow(?:_gpu)?-(\d+\.\d+\.\d+)$/.exec(pkg);
    must(tf, `package ${pkg}`);
    rows.push({ package: pkg, tf: tf[1], python, cudnn, cuda });
  }
  must(rows.length > 10, 'tested-build rows');
  return rows;
}

/** "3.10-3.13" / "2.7, 3.3-3.6" -> ranges. */
export function pythonRanges(s) {
  return s.split(',').map((p) => {
    const [min, max] = p.trim().split('-');
    must(/^\d+\.\d+$/.test(min) && (max === undefined || /^\d+\.\d+$/.test(max)), `python ${s}`);
    return { min, max: max ?? min };
  });
}

/** pip.md's caution: "TensorFlow `2.10` was the **last** TensorFlow release that supported GPU on native-Windows." */
export function parseWindowsEnd(text) {
  const m =
    /Caution: TensorFlow `(\d+\.\d+)` was the \*\*last\*\* TensorFlow release that\s+supported GPU on native-Windows\.\s+Starting with TensorFlow `(\d+\.\d+)`/.exec(
      text,
    );
  must(m, 'pip.md: the last release with GPU on native Windows');
  return { last: m[1], next: m[2] };
}

export function buildTensorflow(up) {
  const read = String(up.manifest.read);
  const builds = [];
  for (const [path, platform, url] of PAGES) {
    const e = up.entry(path);
    const commit = /blob\/([0-9a-f]{40})\//.exec(e.url)?.[1];
    for (const r of parseGpuTable(up.text(path))) {
      builds.push({
        tf: r.tf,
        platform,
        package: r.package,
        python: pythonRanges(r.python),
        cuda: r.cuda,
        cudnn: r.cudnn,
        ...sourced(
          `${url} ; tensorflow/docs@${commit} (${e.date}):${path.replace('tensorflow/', 'site/en/install/')} (Tested build configurations table; saved in ${savedAt(path)})`,
          true,
          read,
        ),
      });
    }
  }
  const pip = up.entry('tensorflow/pip.md');
  const end = parseWindowsEnd(up.text('tensorflow/pip.md'));
  const lastWin = builds.find((b) => b.platform === 'windows' && b.tf.startsWith(`${end.last}.`));
  must(lastWin, `a Windows tested build for ${end.last}`);
  const py = lastWin.python.map((r) => (r.min === r.max ? r.min : `${r.min}-${r.max}`)).join(', ');
  const ref = up.json('reference/tf_builds.json');
  const andCuda = ref.and_cuda_extra;
  must(andCuda.first_tf_version === '2.14', 'tensorflow[and-cuda] first version');
  return {
    meta: tableMeta(up.manifest, 'tensorflow'),
    builds,
    windowsNativeGpu: {
      lastVersion: end.last,
      fact: `TF ${end.last} was the last TensorFlow release with GPU support on native Windows; from TF ${end.next}, GPU on Windows needs WSL2 (or tensorflow-cpu with the TensorFlow-DirectML-Plugin). TF ${end.last}'s tested Windows build (${lastWin.package}) takes Python ${py}, CUDA ${lastWin.cuda} and cuDNN ${lastWin.cudnn}.`,
      ...sourced(
        `https://www.tensorflow.org/install/pip (Windows Native tab) ; ${pip.url} (saved in ${savedAt(pip.path)})`,
        true,
        read,
      ),
    },
    andCuda: {
      firstVersion: andCuda.first_tf_version,
      fact: andCuda.fact,
      ...sourced(andCuda.source, andCuda.verified, read),
    },
  };
}
