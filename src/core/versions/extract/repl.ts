// Versions printed below the command that asked for them: a REPL (`>>> print(tf.__version__)`
// then `2.10.0`; `>>> torch.version.cuda` then `'12.8'`; IPython's `Out[2]:`) and
// `python -c "import torch; print(torch.__version__)"` then `2.14.0+cu130`. The command line
// announces what its output lines will hold; the collector hands the next lines over.
import type { FlagKey, VersionKey } from '../facts.js';
import { decodeCudnnNumber } from '../version-util.js';
import { torchBuildFacts } from './packages.js';
import { cleanGpuName, type Extractor, type LineSink } from './types.js';

/** What one printed value is. */
type Slot =
  | { kind: 'version'; key: VersionKey }
  | { kind: 'cudnn-int' }
  | { kind: 'false-flag'; flag: FlagKey }
  | { kind: 'gpu' }
  | { kind: 'word' };

const EXPRESSIONS: Readonly<Record<string, Slot>> = {
  'tf.__version__': { kind: 'version', key: 'tensorflow' },
  'tensorflow.__version__': { kind: 'version', key: 'tensorflow' },
  'torch.__version__': { kind: 'version', key: 'torch' },
  'torch.version.cuda': { kind: 'version', key: 'torch_cuda' },
  'torch.backends.cudnn.version()': { kind: 'cudnn-int' },
  'torch.cuda.is_available()': { kind: 'false-flag', flag: 'cuda-unavailable' },
  'tf.test.is_built_with_cuda()': { kind: 'false-flag', flag: 'tf-cpu-build' },
  'jax.__version__': { kind: 'version', key: 'jax' },
  'jax.version.__version__': { kind: 'version', key: 'jax' },
  'jaxlib.__version__': { kind: 'version', key: 'jaxlib' },
  'jaxlib.version.__version__': { kind: 'version', key: 'jaxlib' },
  'np.__version__': { kind: 'version', key: 'numpy' },
  'numpy.__version__': { kind: 'version', key: 'numpy' },
  'keras.__version__': { kind: 'version', key: 'keras' },
  'tf.keras.__version__': { kind: 'version', key: 'keras' },
  'platform.python_version()': { kind: 'version', key: 'python' },
  'sys.version': { kind: 'version', key: 'python' },
  'torch.cuda.get_device_name()': { kind: 'gpu' },
  'torch.cuda.get_device_name(0)': { kind: 'gpu' },
};

/** `python -c "..."`, `python3.11 -c '...'`, `py -c "..."`: the code between the quotes. */
const PY_C =
  /\b(?:python(?:3(?:\.\d{1,2})?)?|py)(?:\.exe)?\s{1,4}-c\s{1,4}(?:"([^"]{1,2000})"|'([^']{1,2000})')/;
const PRINT_CALL = /^print\((.*)\)$/;
const LITERAL = /^([fF]?)(?:"(.*)"|'(.*)')$/;
const KEYWORD_ARG = /^(?:sep|end|file|flush)\s*=/;
const QUOTES = /^['"]|['"]$/g;
const FIELD = /^\{([^{}]+)\}$/;
const PY_VERSION = /^['"]?(\d\.\d{1,2}\.\d{1,2})\b/;
const IPY_IN = /^In \[\d{1,6}\]:\s{0,4}/;
const IPY_OUT = /^Out\[\d{1,6}\]:\s{0,4}/;
/** A printed value: a version, a word, a number, quoted or not. */
const TOKEN = /^['"]?([\w.+-]{1,40})['"]?$/;
const VERSION = /^\d{1,4}(?:\.\d{1,4}){1,3}(?:[a-z]{1,6}\d{0,4})?(?:\+[\w.]{1,30})?$/;
/** A line that is code, not output. */
const CODE = /[=(]|^(?:import|from|print|>>>)\b/;
/** How many lines after the command its output may start (blank lines and fences are skipped). */
const REACH = 3;

interface Pending {
  line: number;
  /** One entry per output line: the values it holds, in order. */
  outputs: Slot[][];
}

export function replExtractor(): Extractor {
  let pending: Pending | null = null;
  return {
    needles: [
      '__version__',
      'torch.version.cuda',
      'cudnn.version()',
      'is_available()',
      'is_built_with_cuda',
      'python_version()',
      'sys.version',
      'get_device_name',
    ],
    patterns: [
      PY_C,
      IPY_IN,
      IPY_OUT,
      TOKEN,
      VERSION,
      CODE,
      PRINT_CALL,
      LITERAL,
      FIELD,
      PY_VERSION,
      KEYWORD_ARG,
      QUOTES,
    ],
    read(text, sink) {
      const outputs = commandOutputs(text);
      if (outputs.length === 0) return null;
      pending = { line: sink.lineNo, outputs };
      return 'other';
    },
    awaiting(lineNo) {
      if (pending && lineNo > pending.line + REACH) pending = null;
      return pending !== null && lineNo > pending.line;
    },
    readNext(text, sink) {
      const p = pending;
      if (!p) return null;
      const out = text.replace(IPY_OUT, '').trim();
      if (out === '') return null; // a blank line between the command and its output
      const slots = p.outputs.shift()!;
      p.line = sink.lineNo;
      const code = CODE.test(out);
      if (p.outputs.length === 0 || code) pending = null;
      return !code && readValues(out, slots, sink) ? 'other' : null;
    },
  };
}

/** The output lines a command line will print: one per print() call, or one for a bare REPL expression. */
export function commandOutputs(text: string): Slot[][] {
  const py = PY_C.exec(text);
  const code = py ? (py[1] ?? py[2]!) : text.replace(IPY_IN, '');
  const out: Slot[][] = [];
  for (const raw of code.split(';')) {
    const stmt = raw.trim();
    const call = PRINT_CALL.exec(stmt);
    if (call) {
      const slots = splitArgs(call[1]!).flatMap(argSlots);
      if (slots.some((s) => s.kind !== 'word')) out.push(slots);
    } else if (!py) {
      const slot = EXPRESSIONS[stmt.replace(/\s+/g, '')];
      if (slot) out.push([slot]);
    }
  }
  return out.length > 4 ? [] : out;
}

/** print()'s arguments, split on the commas outside quotes and brackets. */
function splitArgs(args: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < args.length; i++) {
    const c = args[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      out.push(args.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(args.slice(start).trim());
  return out.filter((a) => a && !KEYWORD_ARG.test(a));
}

/** The printed words of one argument: a known expression, a string literal's words, an f-string's. */
function argSlots(arg: string): Slot[] {
  const known = EXPRESSIONS[arg.replace(/\s+/g, '')];
  if (known) return [known];
  const literal = LITERAL.exec(arg);
  if (!literal) return [{ kind: 'word' }];
  return (literal[2] ?? literal[3]!)
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => {
      const inner = literal[1] ? FIELD.exec(w)?.[1] : undefined;
      return (inner && EXPRESSIONS[inner.replace(/\s+/g, '')]) || { kind: 'word' };
    });
}

/** Matches the printed values to their slots; a value of the wrong shape is not taken. */
function readValues(out: string, slots: readonly Slot[], sink: LineSink): boolean {
  const only = slots.length === 1 ? slots[0]! : null;
  if (only?.kind === 'gpu') {
    const name = cleanGpuName(out.replace(QUOTES, ''));
    if (name) sink.gpu(name, null);
    return name !== null;
  }
  if (only?.kind === 'version' && only.key === 'python') {
    const v = PY_VERSION.exec(out)?.[1];
    if (v) sink.version('python', v, 'log');
    return v !== undefined;
  }
  const words = out.split(/\s+/);
  if (words.length !== slots.length) return false;
  let used = false;
  slots.forEach((slot, i) => {
    const value = TOKEN.exec(words[i]!)?.[1];
    if (value && readValue(slot, value, sink)) used = true;
  });
  return used;
}

function readValue(slot: Slot, value: string, sink: LineSink): boolean {
  switch (slot.kind) {
    case 'version':
      if (slot.key === 'torch_cuda' && value === 'None') {
        sink.flag('torch-no-cuda');
        return true;
      }
      if (!VERSION.test(value)) return false;
      sink.version(slot.key, value, 'log');
      if (slot.key === 'torch') torchBuildFacts(value, undefined, 'log', sink);
      return true;
    case 'cudnn-int': {
      const v = decodeCudnnNumber(value);
      if (v) sink.version('torch_cudnn', v, 'log');
      return v !== null;
    }
    case 'false-flag':
      if (value === 'False') sink.flag(slot.flag);
      return value === 'False' || value === 'True';
    default:
      return false;
  }
}
