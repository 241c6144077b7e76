// Messages in which a library states a version problem itself: PyTorch's GPU-capability
// and driver warnings, JAX's jax/jaxlib/plugin checks, NumPy 2's ABI warning, protobuf's
// "Descriptors cannot be created directly", and `X.__version__` prints.
import type { VersionKey } from '../facts.js';
import { computeCapability, decodeCudaNumber, decodeCudnnNumber } from '../version-util.js';
import { cleanGpuName, type Extractor, type LineSink } from './types.js';

type Rule = { re: RegExp; read(m: RegExpExecArray, sink: LineSink, text: string): void };

/** A version token; trailing dots (end of sentence) are trimmed by `ver`. */
const V = String.raw`(\d[\w.+]*)`;
/** Without its trailing dots; a loop, as `/\.+$/` would rescan a run of dots from each of them. */
function ver(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 0x2e) end--;
  return s.slice(0, end);
}
const PLUGIN_JAXLIB = new RegExp(`with (?:the installed )?jaxlib version ${V}`);
const JAX_AFTER = new RegExp(`incompatible with jax version ${V}`);

const RULES: readonly Rule[] = [
  {
    // "NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation."
    re: /(?:UserWarning:\s{0,4})?(\S.{0,80}?) with CUDA capability (sm_\d{2,3}) is not compatible with the current PyTorch/,
    read(m, sink) {
      const name = cleanGpuName(m[1]!);
      if (name) sink.gpu(name, computeCapability(m[2]!));
      sink.flag('torch-arch-unsupported');
    },
  },
  {
    re: /current PyTorch install supports CUDA capabilities((?: {1,4}(?:sm|compute)_\d{2,3}[a-z]?){1,30})/,
    read(m, sink) {
      const items = m[1]!.trim().split(/\s+/);
      const cc = (p: string) =>
        items
          .filter((i) => i.startsWith(p))
          .map((i) => computeCapability(i)!)
          .filter(Boolean);
      sink.buildArchs('torch-warning', cc('sm_'), cc('compute_'));
    },
  },
  {
    // "Found GPU0 GeForce GTX 960M which is of cuda capability 5.0."
    re: /Found GPU\d{1,2} (.{1,80}?) which is of cuda capability (\d{1,2})\.(\d)/,
    read(m, sink) {
      const name = cleanGpuName(m[1]!);
      if (name) sink.gpu(name, `${m[2]}.${m[3]}`);
    },
  },
  {
    re: /minimum cuda capability (?:that we support|supported by this library) is|no longer supports this GPU because it is too old/i,
    read: (_m, s) => s.flag('torch-arch-unsupported'),
  },
  {
    re: /NVIDIA driver on your system is too old \(found version (\d{4,6})\)/,
    read(m, sink) {
      const v = decodeCudaNumber(m[1]!);
      if (v) sink.version('cuda_driver_max', v, 'log');
      sink.flag('torch-driver-too-old');
    },
  },
  { re: /Torch not compiled with CUDA enabled/, read: (_m, s) => s.flag('torch-no-cuda') },
  {
    re: /CUDA driver version is insufficient for CUDA runtime version/i,
    read: (_m, s) => s.flag('driver-insufficient'),
  },
  {
    // "jaxlib version 0.4.14 is newer than and incompatible with jax version 0.4.6"
    re: new RegExp(`jaxlib version ${V} is newer than`),
    read(m, sink, text) {
      sink.version('jaxlib', ver(m[1]!), 'log');
      const jax = JAX_AFTER.exec(text);
      if (jax) sink.version('jax', ver(jax[1]!), 'log');
      sink.flag('jax-jaxlib-mismatch');
    },
  },
  {
    // "jaxlib is version 0.1.55, but this version of jax requires version >= 0.1.58."
    re: new RegExp(`jaxlib is version ${V}, but`),
    read(m, sink) {
      sink.version('jaxlib', ver(m[1]!), 'log');
      sink.flag('jax-jaxlib-mismatch');
    },
  },
  {
    // "JAX plugin jax_cuda12_plugin version 0.7.2 is installed, but it is not compatible with the installed jaxlib version 0.7.1"
    re: new RegExp(`JAX plugin jax_(cuda1[23])_plugin version ${V} is`),
    read(m, sink, text) {
      if (!text.includes('not compatible')) return;
      sink.version(m[1] === 'cuda12' ? 'jax_cuda12_plugin' : 'jax_cuda13_plugin', ver(m[2]!), 'log');
      const jaxlib = PLUGIN_JAXLIB.exec(text);
      if (jaxlib) sink.version('jaxlib', ver(jaxlib[1]!), 'log');
      sink.flag('jax-plugin-mismatch');
    },
  },
  { re: /compiled using NumPy 1\.x cannot be run in/, read: (_m, s) => s.flag('numpy-abi') },
  {
    // NumPy's warning wraps: "... cannot be run in" / "NumPy 2.0.0 as it may crash."
    re: /(?:^|cannot be run in\s{1,4})NumPy (\d\.\d{1,2}(?:\.\d{1,2})?) as it may crash/,
    read(m, sink) {
      sink.version('numpy', m[1]!, 'log');
      sink.flag('numpy-abi');
    },
  },
  { re: /Descriptors cannot (?:not )?be created directly/, read: (_m, s) => s.flag('protobuf-descriptors') },
  {
    re: /Downgrade the protobuf package to \d+\.\d+\.x or lower/,
    read: (_m, s) => s.flag('protobuf-advice'),
  },
];

const PRINTS: Readonly<Record<string, VersionKey>> = {
  tf: 'tensorflow',
  tensorflow: 'tensorflow',
  torch: 'torch',
  jax: 'jax',
  jaxlib: 'jaxlib',
  np: 'numpy',
  numpy: 'numpy',
  keras: 'keras',
};
// "tf.__version__: 2.10.0", "torch.__version__ = '2.1.0+cu118'", "torch.version.cuda -> 11.8"
const PRINT = /\b(tf|tensorflow|torch|jax|jaxlib|np|numpy|keras)\.__version__/;
const PRINTED = new RegExp(`^[^\\w\\n]{0,8}${V}`);
const TORCH_CUDA = /torch\.version\.cuda[^\w\n]{0,8}(\d{1,2}\.\d{1,2})/;
const TORCH_CUDNN = /torch\.backends\.cudnn\.version\(\)[^\w\n]{0,8}(\d{4,6})\b/;

export function messagesExtractor(): Extractor {
  return {
    needles: [
      'cuda capabilit',
      'too old',
      'not compiled with cuda',
      'driver version is insufficient',
      'jaxlib',
      'jax plugin',
      'numpy',
      'descriptors cannot',
      'downgrade the protobuf',
      '__version__',
      'torch.version.cuda',
      'cudnn.version()',
    ],
    patterns: [...RULES.map((r) => r.re), PLUGIN_JAXLIB, JAX_AFTER, PRINT, PRINTED, TORCH_CUDA, TORCH_CUDNN],
    read(text, sink) {
      let used = false;
      for (const rule of RULES) {
        const m = rule.re.exec(text);
        if (m) {
          rule.read(m, sink, text);
          used = true;
        }
      }
      const p = PRINT.exec(text);
      const printed = p && PRINTED.exec(text.slice(p.index + p[0].length));
      if (p && printed) sink.version(PRINTS[p[1]!]!, ver(printed[1]!), 'log');
      const tc = TORCH_CUDA.exec(text);
      if (tc) sink.version('torch_cuda', tc[1]!, 'log');
      const td = TORCH_CUDNN.exec(text);
      const tdv = td && decodeCudnnNumber(td[1]!);
      if (tdv) sink.version('torch_cudnn', tdv, 'log');
      return used || printed || tc || tdv ? 'other' : null;
    },
  };
}
