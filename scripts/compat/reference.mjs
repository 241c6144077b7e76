// cuDNN and GPU tables, transcribed from the verified reference pack: cuDNN releases and the
// CUDA majors they are built for, CUDA/cuDNN library file names, GPU compute capabilities.
import { must, sourced, tableMeta } from './common.mjs';

const dropNote = (s) => s.replace(/\s*\(.*$/, '').trim();

export function buildCudnn(up) {
  const read = String(up.manifest.read);
  const cudnn = up.json('reference/cudnn.json');
  const pairs = cudnn.cudnn_major_vs_cuda
    .filter((r) => r.cuda_builds)
    .map((r) => {
      const m = /^(\d+\.\d+(?:\.\d+)?)(?:\.x)?(?:-(\d+\.\d+)(?:\.x)?|(\+))?$/.exec(r.cudnn);
      must(m, `cudnn ${r.cudnn}`);
      return {
        from: m[1],
        ...(!m[3] && { to: m[2] ?? m[1] }),
        cuda: r.cuda_builds.map((c) => /^\d+(\.\d+(?=$| ))?/.exec(c)[0]),
        ...sourced(r.source, r.verified, read),
      };
    });
  // The newest release the packaging history names ("HEAD 9.25.0.15").
  const head = pairs
    .map((p) => /HEAD (\d+(?:\.\d+)+)/.exec(p.source)?.[1])
    .filter(Boolean)
    .at(-1);
  must(head, 'the newest cuDNN the packaging history names');
  const libs = [];
  const lib = (name, component, version, r, verified = r.verified) => {
    const flagged = /\(pattern/.test(name);
    libs.push({
      name: dropNote(name),
      component,
      version,
      ...sourced(r.source, flagged ? false : verified, read),
    });
  };
  for (const r of cudnn.cudnn_library_files)
    for (const n of [...r.windows, ...r.linux]) lib(n, 'cudnn', String(r.cudnn_major), r);
  for (const r of cudnn.cuda_runtime_and_math_library_names) {
    const version = dropNote(r.cuda).replace(/\.x$/, '');
    for (const n of [...(r.windows ?? []), ...(r.linux ?? [])]) {
      const c = /^(?:lib)?(cudart|cublasLt|cublas)/.exec(n)?.[1];
      if (c) lib(n, c === 'cudart' ? 'cudart' : 'cublas', version, r);
    }
    for (const n of r.unverified_windows_names ?? [])
      if (n.startsWith('cublas')) lib(n, 'cublas', version, r, false);
  }
  return { meta: tableMeta(up.manifest, 'cudnn', { newest: head }), cudaPairs: pairs, libraries: libs };
}

/** Rows of the GPU table that name several products, split into one name each. */
const ALIASES = {
  'Tesla V100 (NVIDIA V100)': ['Tesla V100', 'NVIDIA V100'],
  'Jetson AGX Xavier / Xavier NX': ['Jetson AGX Xavier', 'Jetson Xavier NX'],
  'Tesla K40 / K20': ['Tesla K40', 'Tesla K20'],
  'Quadro RTX 4000/5000/6000/8000, T400/T600/T1000': [
    'Quadro RTX 4000',
    'Quadro RTX 5000',
    'Quadro RTX 6000',
    'Quadro RTX 8000',
    'NVIDIA T400',
    'NVIDIA T600',
    'NVIDIA T1000',
  ],
  'GeForce GTX 1660 Ti / SUPER': ['GeForce GTX 1660 Ti', 'GeForce GTX 1660 SUPER'],
  'Jetson AGX Orin / Orin NX / Orin Nano': ['Jetson AGX Orin', 'Jetson Orin NX', 'Jetson Orin Nano'],
  'Jetson T5000 / T4000 (Thor)': ['Jetson T5000', 'Jetson T4000'],
  'NVIDIA RTX PRO 6000 Blackwell (Workstation/Server/Max-Q)': [
    'NVIDIA RTX PRO 6000 Blackwell',
    'NVIDIA RTX PRO 6000 Blackwell Workstation Edition',
    'NVIDIA RTX PRO 6000 Blackwell Server Edition',
    'NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition',
  ],
  'NVIDIA RTX PRO 5000/4500/4000/2000 Blackwell': [
    'NVIDIA RTX PRO 5000 Blackwell',
    'NVIDIA RTX PRO 4500 Blackwell',
    'NVIDIA RTX PRO 4000 Blackwell',
    'NVIDIA RTX PRO 2000 Blackwell',
  ],
  'NVIDIA GB10 (DGX Spark)': ['NVIDIA GB10'],
  'NVIDIA RTX 6000 Ada': ['NVIDIA RTX 6000 Ada', 'NVIDIA RTX 6000 Ada Generation'],
};

export function buildGpus(up) {
  const read = String(up.manifest.read);
  const gpu = up.json('reference/gpu_cc.json');
  return {
    meta: tableMeta(up.manifest, 'gpus'),
    gpus: gpu.gpus.map((r) => {
      must(ALIASES[r.gpu] || !/[/(,]/.test(r.gpu), `composite GPU name ${r.gpu}`);
      return {
        names: ALIASES[r.gpu] ?? [r.gpu],
        computeCapability: r.compute_capability,
        architecture: r.architecture,
        ...sourced(r.source, r.verified, read),
      };
    }),
  };
}
