// Patterns the classifier itself needs, beside the knowledge rules: the generic
// traceback and exception lines, and the tokens that reveal framework and OS.
import type { CompiledPattern } from '../knowledge.js';
import type { Framework, Os } from '../types.js';

function p(re: RegExp, needles: readonly string[]): CompiledPattern {
  return Object.freeze({ source: re.source, re, needles: Object.freeze(needles) });
}

export const TRACEBACK = p(/Traceback \(most recent call last\)/i, ['traceback (most recent call last)']);

/** `RuntimeError: ...`, `torch.cuda.OutOfMemoryError: ...`, `ImportError` at the end of a traceback. */
export const EXCEPTION_LINE = p(
  /^(?:[A-Za-z_]\w{0,60}\.){0,8}(?:[A-Za-z_]\w{0,60})?(?:Error|Exception)(?::|$| \(see above)/,
  ['error', 'exception'],
);

export interface Marker<T> {
  value: T;
  pattern: CompiledPattern;
}

export const FRAMEWORK_MARKERS: readonly Marker<Framework>[] = [
  { value: 'pytorch', pattern: p(/\btorch\b|pytorch|libtorch|\bTHC/i, ['torch', 'thc']) },
  { value: 'tensorflow', pattern: p(/tensorflow|\btf\.[a-z]/i, ['tensorflow', 'tf.']) },
  { value: 'keras', pattern: p(/\bkeras\b/i, ['keras']) },
  { value: 'jax', pattern: p(/\bjax(?:lib)?\b|xla_bridge/i, ['jax', 'xla_bridge']) },
  { value: 'transformers', pattern: p(/\btransformers\b/i, ['transformers']) },
  { value: 'lightning', pattern: p(/lightning/i, ['lightning']) },
];

export const OS_MARKERS: readonly Marker<Os>[] = [
  {
    value: 'windows',
    pattern: p(
      /\b[A-Z]:\\|\.dll\b|WinError|\bwindows\b|\bwin(?:10|11|32|64)\b|0xC0000|-10737\d{5}|PyCharm/i,
      [':\\', '.dll', 'winerror', 'windows', 'win1', 'win32', 'win64', '0xc0000', '-10737', 'pycharm'],
    ),
  },
  {
    value: 'wsl',
    pattern: p(/\bWSL2?\b|microsoft-standard|\/mnt\/c\//i, ['wsl', 'microsoft-standard', '/mnt/c/']),
  },
  {
    value: 'macos',
    pattern: p(/\bdarwin\b|\bmacOS\b|\bmac os\b|\/Users\/\w|\bApple M\d/i, [
      'darwin',
      'macos',
      'mac os',
      '/users/',
      'apple m',
    ]),
  },
  {
    value: 'linux',
    pattern: p(
      /\/home\/|\/usr\/(?:local|lib)|\/opt\/conda|\.so\.\d|\blinux\b|\bubuntu\b|\/root\/|dist-packages/i,
      ['/home/', '/usr/', '/opt/conda', '.so.', 'linux', 'ubuntu', '/root/', 'dist-packages'],
    ),
  },
];

/** Every built-in pattern, for the backtracking-safety test. */
export const BUILTIN_PATTERNS: readonly CompiledPattern[] = [
  TRACEBACK,
  EXCEPTION_LINE,
  ...FRAMEWORK_MARKERS.map((m) => m.pattern),
  ...OS_MARKERS.map((m) => m.pattern),
];
