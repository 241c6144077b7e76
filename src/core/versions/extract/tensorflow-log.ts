// TensorFlow's own log lines (and XLA's, which JAX prints): the cuDNN it loaded, the GPUs it
// created devices on, the driver version it reports or blames, and
// tf.sysconfig.get_build_info() (one dict, or one key per line).
import { computeCapability, decodeBuildInfoVersion, decodeCudnnNumber } from '../version-util.js';
import { cleanGpuName, type Extractor, type LineSink } from './types.js';

const LOADED_CUDNN = /Loaded cuDNN version (\d{4,6})\b/i;
const RUNTIME_VS_COMPILED =
  /Loaded runtime CuDNN library: (\d[\d.]*) but source was compiled with: (\d[\d.]*\d)/i;
// "Created device /job:localhost/replica:0/task:0/device:GPU:0 with 3994 MB memory:  -> device: 0, name: NVIDIA GeForce GTX 1650, pci bus id: 0000:01:00.0, compute capability: 7.5"
const CREATED =
  /device: \d{1,3}, name: ([^,]{1,80}), pci bus id: [^,]{0,40}, compute capability: (\d{1,2}\.\d)/;
// TF 2.1-2.4: "pciBusID: 0000:01:00.0 name: GeForce RTX 2070 computeCapability: 7.5"; TF 1.x: "name: GeForce GTX 1080 major: 6 minor: 1"
const FOUND = /name: (.{1,80}?) computeCapability: (\d{1,2}\.\d)/;
const FOUND_1X = /name: (.{1,80}?) major: (\d{1,2}) minor: (\d)\b/;
const REPORTED = /(?:kernel|libcuda) reported version is: (\d{2,4}\.\d{1,3}(?:\.\d{1,3})?)/;
// cuDNN handle failures name the kernel driver: "Possibly insufficient driver version: 525.60.11"
const INSUFFICIENT = /insufficient driver version: (\d{2,4}\.\d{1,3}(?:\.\d{1,3})?)/i;
// "kernel version 470.57.2 does not match DSO version 510.39.1": the kernel module is the driver that runs
const KERNEL_VS_DSO = /kernel version (\d{2,4}\.\d{1,3}(?:\.\d{1,3})?) does not match DSO version/;
// /proc/driver/nvidia/version (TF quotes it too): "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  ..."
const NVRM = /NVRM version: NVIDIA UNIX [\w-]{1,20} Kernel Module\s{1,4}(\d{2,4}\.\d{1,3}(?:\.\d{1,3})?)/;

const BUILD_CUDA = /['"]cuda_version['"]\s{0,2}[,:]\s{0,2}['"]([\w.]{1,12})['"]/;
const BUILD_CUDNN = /['"]cudnn_version['"]\s{0,2}[,:]\s{0,2}['"]([\w.]{1,12})['"]/;
const BUILD_ARCHS = /['"]cuda_compute_capabilities['"]\s{0,2}[,:]\s{0,2}\[([^\]]{0,300})\]/;
const BUILD_NOT_CUDA = /['"]is_cuda_build['"]\s{0,2}[,:]\s{0,2}False/;
const BUILD_CONTEXT = /cuda_compute_capabilities|is_cuda_build|is_rocm_build|cpu_compiler|get_build_info/;
const ARCH_ITEM = /(?:sm|compute)_\d{2,3}[a-z]?/g;
/** How far apart (in lines) the keys of one pretty-printed build-info dict may be. */
const WINDOW = 8;

type LineRule = readonly [RegExp, (m: RegExpExecArray, sink: LineSink) => void];

const gpu = (name: string, cc: string, sink: LineSink) => {
  const clean = cleanGpuName(name);
  if (clean) sink.gpu(clean, cc);
};

const LINE_RULES: readonly LineRule[] = [
  [
    LOADED_CUDNN,
    (m, sink) => {
      const v = decodeCudnnNumber(m[1]!);
      if (v) sink.version('cudnn', v, 'log');
    },
  ],
  [
    RUNTIME_VS_COMPILED,
    (m, sink) => {
      sink.version('cudnn', m[1]!, 'log');
      sink.version('cudnn_compiled', m[2]!, 'log');
      sink.flag('tf-cudnn-mismatch');
    },
  ],
  [CREATED, (m, sink) => gpu(m[1]!, m[2]!, sink)],
  [FOUND, (m, sink) => gpu(m[1]!, m[2]!, sink)],
  [FOUND_1X, (m, sink) => gpu(m[1]!, `${m[2]}.${m[3]}`, sink)],
  [REPORTED, (m, sink) => sink.version('driver', m[1]!, 'log')],
  [INSUFFICIENT, (m, sink) => sink.version('driver', m[1]!, 'log')],
  [KERNEL_VS_DSO, (m, sink) => sink.version('driver', m[1]!, 'log')],
  [NVRM, (m, sink) => sink.version('driver', m[1]!, 'log')],
];

export function tensorflowLogExtractor(): Extractor {
  // cuda_version / cudnn_version are common dict keys; they count only near build-info keys.
  let contextLine = Number.NEGATIVE_INFINITY;
  let pending: { key: 'tensorflow_cuda' | 'cudnn_compiled'; value: string; line: number }[] = [];
  const flush = (sink: LineSink) => {
    const near = (line: number) => Math.abs(line - contextLine) <= WINDOW;
    for (const p of pending) if (near(p.line)) sink.version(p.key, p.value, 'build-info');
    pending = pending.filter((p) => !near(p.line) && sink.lineNo - p.line <= WINDOW);
  };
  return {
    needles: [
      'loaded cudnn version',
      'loaded runtime cudnn',
      'compute capability',
      'computecapability',
      'memoryclockrate',
      'reported version',
      'insufficient driver version',
      'does not match dso',
      'kernel module',
      'cuda_version',
      'cudnn_version',
      'cuda_compute_capabilities',
      'is_cuda_build',
      'is_rocm_build',
      'cpu_compiler',
      'get_build_info',
    ],
    patterns: [
      LOADED_CUDNN,
      RUNTIME_VS_COMPILED,
      CREATED,
      FOUND,
      FOUND_1X,
      REPORTED,
      INSUFFICIENT,
      KERNEL_VS_DSO,
      NVRM,
      BUILD_CUDA,
      BUILD_CUDNN,
      BUILD_ARCHS,
      BUILD_NOT_CUDA,
      BUILD_CONTEXT,
      ARCH_ITEM,
    ],
    read(text, sink) {
      for (const [re, use] of LINE_RULES) {
        const m = re.exec(text);
        if (m) {
          use(m, sink);
          return 'other';
        }
      }
      return buildInfo(text, sink);
    },
  };

  function buildInfo(text: string, sink: LineSink): 'build-info' | null {
    const line = sink.lineNo;
    let used = false;
    if (BUILD_CONTEXT.test(text)) {
      contextLine = line;
      used = true;
      const archs = BUILD_ARCHS.exec(text);
      if (archs) readArchs(archs[1]!, sink);
      if (BUILD_NOT_CUDA.test(text)) sink.flag('tf-cpu-build');
    }
    const cuda = BUILD_CUDA.exec(text);
    const cudnn = BUILD_CUDNN.exec(text);
    for (const [key, m] of [
      ['tensorflow_cuda', cuda],
      ['cudnn_compiled', cudnn],
    ] as const) {
      const value = m && decodeBuildInfoVersion(m[1]!);
      if (value && pending.length < 8) pending.push({ key, value, line });
    }
    flush(sink);
    return used || cuda || cudnn ? 'build-info' : null;
  }
}

function readArchs(list: string, sink: LineSink): void {
  const archs: string[] = [];
  const ptx: string[] = [];
  for (const item of list.match(ARCH_ITEM) ?? []) {
    const cc = computeCapability(item);
    if (cc) (item.startsWith('sm') ? archs : ptx).push(cc);
  }
  if (archs.length || ptx.length) sink.buildArchs('tf-build-info', archs, ptx);
}
