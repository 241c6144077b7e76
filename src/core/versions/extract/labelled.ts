// "Label: value" lines: PyTorch's collect_env report, TensorFlow's issue-template bullets
// ("- CUDA/cuDNN version: 11.2/8.1"), scripts that print their versions, and GitHub issue
// forms, where the label is a heading ("### TensorFlow version") and the value a line below.
import type { Os } from '../../types.js';
import type { VersionOrigin } from '../facts.js';
import { cleanGpuName, type Extractor, FIRST_VERSION, firstVersion, type LineSink } from './types.js';

const LABELS = [
  'pytorch version',
  'cuda used to build pytorch',
  'is cuda available',
  'cuda runtime version',
  'nvidia driver version',
  'cudnn version',
  'cuda/cudnn version',
  'python version',
  'python platform',
  'os',
  'os platform and distribution',
  'gpu models and configuration',
  'gpu model and memory',
  'tensorflow version',
  'tf version',
  'keras version',
  'numpy version',
] as const;
type Label = (typeof LABELS)[number];

// "- **TensorFlow version (use command below)**: 2.4.0", "cuDNN version: 8.9.2", "OS: Ubuntu 22.04":
// the label is what comes before the first ':' or '=', without list markers, bold and a parenthesis.
const LABEL_EDGES = /^[-*•\s]*|[*\s]*$/g;
const LABEL_NOTE = /\([^()]*\)$/;
const VALUE_EDGES = /^[*\s]*|[*\s]*$/g;
const KNOWN: ReadonlySet<string> = new Set(LABELS);

const TORCH = /\d{1,4}\.\d{1,4}(?:\.\d{1,4})?(?:[a-z]{1,8}\d{0,4})?(?:\+[\w.]{1,30})?/;
const GPU_HINT = /nvidia|geforce|tesla|quadro|titan|rtx|gtx|\b[a-h]\d{2,3}\b/i;
const TF_VERSIONS = /\b\d+\.\d+(?:\.\d+)?(?:-?rc\d+)?\b/g;
const BOTH = /(\d{1,4}(?:\.\d{1,4}){1,3})\D{1,12}?(\d{1,4}(?:\.\d{1,4}){1,3})/;
/** An issue form's heading: "### TensorFlow version" (the value comes on a line below). */
const HEADING = /^#{2,4}\s{1,4}([A-Za-z][\w/ .()-]{1,60})$/;
/** How many lines below its heading an issue form's value may be (a blank line sits between). */
const HEADING_REACH = 2;
const MAX_VALUE = 200;

/** collect_env's own labels; the others are template bullets or prints. */
const COLLECT_ENV: ReadonlySet<Label> = new Set([
  'pytorch version',
  'cuda used to build pytorch',
  'is cuda available',
  'cuda runtime version',
  'nvidia driver version',
  'cudnn version',
  'python version',
  'python platform',
  'os',
  'os platform and distribution',
  'gpu models and configuration',
]);

export function labelledExtractor(): Extractor {
  let heading: { label: Label; line: number } | null = null;
  return {
    awaiting(lineNo) {
      if (heading && lineNo > heading.line + HEADING_REACH) heading = null;
      return heading !== null && lineNo > heading.line;
    },
    readNext(text, sink) {
      const value = text.replace(VALUE_EDGES, '');
      if (value === '') return null;
      const label = heading!.label;
      heading = null;
      if (value.startsWith('#') || value.length > MAX_VALUE) return null;
      return readLabel(label, value, 'template', sink) ? 'template' : null;
    },
    needles: [
      'pytorch version',
      'cuda used to build',
      'is cuda available',
      'cuda runtime version',
      'nvidia driver version',
      'cudnn version',
      'python version',
      'python platform',
      'os:',
      'os platform',
      'gpu model',
      'tensorflow version',
      'tf version',
      'keras version',
      'numpy version',
    ],
    patterns: [
      LABEL_EDGES,
      LABEL_NOTE,
      VALUE_EDGES,
      BOTH,
      TORCH,
      GPU_HINT,
      TF_VERSIONS,
      FIRST_VERSION,
      HEADING,
    ],
    read(text, sink) {
      const h = HEADING.exec(text.trimEnd());
      const titled = h ? h[1]!.replace(LABEL_NOTE, '').trim().toLowerCase() : undefined;
      if (titled && KNOWN.has(titled)) {
        heading = { label: titled as Label, line: sink.lineNo };
        return 'template';
      }
      const cut = text.search(/[:=]/);
      if (cut < 2 || cut > 60) return null;
      const label = text
        .slice(0, cut)
        .replace(LABEL_EDGES, '')
        .replace(LABEL_NOTE, '')
        .replace(LABEL_EDGES, '')
        .toLowerCase();
      if (!KNOWN.has(label)) return null;
      const value = text.slice(cut + 1).replace(VALUE_EDGES, '');
      const known = label as Label;
      const origin: VersionOrigin = COLLECT_ENV.has(known) ? 'collect-env' : 'template';
      const used = readLabel(known, value, origin, sink);
      if (!used) return null;
      return origin === 'collect-env' ? 'collect-env' : 'template';
    },
  };
}

function readLabel(label: Label, value: string, origin: VersionOrigin, sink: LineSink): boolean {
  const v = firstVersion(value);
  switch (label) {
    case 'pytorch version': {
      const torch = TORCH.exec(value)?.[0];
      if (torch) sink.version('torch', torch, origin);
      return torch !== undefined;
    }
    case 'cuda used to build pytorch':
      if (/^none\b/i.test(value)) sink.flag('torch-no-cuda');
      else if (v) sink.version('torch_cuda', v, origin);
      return true;
    case 'is cuda available':
      if (/^(false|no)\b/i.test(value)) sink.flag('cuda-unavailable');
      return true;
    case 'cuda runtime version':
      if (v) sink.version('cuda', v, origin);
      return true;
    case 'nvidia driver version':
      if (v) sink.version('driver', v, origin);
      return true;
    case 'cudnn version':
      if (v && /^\d/.test(value)) sink.version('cudnn', v, origin);
      return true;
    case 'cuda/cudnn version': {
      const both = BOTH.exec(value);
      if (both) {
        sink.version('cuda', both[1]!, origin);
        // "11.2 / 11.2": the same number twice is the CUDA version typed in both places.
        if (both[2] !== both[1]) sink.version('cudnn', both[2]!, origin);
      }
      return both !== null;
    }
    case 'python version':
      if (v) sink.version('python', v, origin);
      return v !== null;
    case 'python platform':
    case 'os platform and distribution':
    case 'os': {
      const os = osOf(value);
      if (os) sink.os(os);
      return os !== null;
    }
    case 'gpu models and configuration':
    case 'gpu model and memory': {
      const name = cleanGpuName(value.replace(/^GPU \d+:\s*/i, '').split(/,|\(UUID/)[0] ?? '');
      if (name && GPU_HINT.test(name)) sink.gpu(name, null);
      return true;
    }
    case 'tensorflow version':
    case 'tf version': {
      // "v2.4.0-rc4-71-g582c8d236cb 2.4.0" (GIT_VERSION VERSION): the plain one is last.
      const all = value.match(TF_VERSIONS);
      const tf = all?.at(-1);
      if (tf) sink.version('tensorflow', tf, origin);
      return tf !== undefined;
    }
    case 'keras version':
      if (v) sink.version('keras', v, origin);
      return v !== null;
    case 'numpy version':
      if (v) sink.version('numpy', v, origin);
      return v !== null;
  }
}

function osOf(value: string): Os | null {
  if (/wsl|microsoft-standard/i.test(value)) return 'wsl';
  if (/windows/i.test(value)) return 'windows';
  if (/macos|mac os|darwin/i.test(value)) return 'macos';
  if (/linux|ubuntu|debian|centos|fedora|red hat|rocky|arch|suse|alpine/i.test(value)) return 'linux';
  return null;
}
