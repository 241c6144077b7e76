// The lines that tell which shell the user runs and what the run looked like before it
// died: prompts and shell messages, epoch counters, GPU ordinals, PyTorch's memory
// figures. The scanner reads them on every line (harmless ones too), like the framework
// and OS markers; situation.ts turns their hits into a Situation.
import type { CompiledPattern } from '../knowledge.js';
import type { Shell } from './types.js';

function p(re: RegExp, needles: readonly string[]): CompiledPattern {
  return Object.freeze({ source: re.source, re, needles: Object.freeze(needles) });
}

export interface ShellMarker {
  shell: Shell;
  /**
   * Several small patterns rather than one alternation: each is proved free of catastrophic
   * backtracking on its own in well under a second, where their union (case-insensitive)
   * took recheck's automaton more than five minutes.
   */
  patterns: readonly CompiledPattern[];
}

export const SHELL_MARKERS: readonly ShellMarker[] = [
  {
    shell: 'powershell',
    patterns: [
      p(/^\s*(?:\(\S+\) )?PS [A-Za-z]:\\[^>:*?"<|\n]*>/i, ['ps ']),
      p(/^\s*PS \/[^>]*>/i, ['ps ']),
      p(/\$env:[A-Za-z_]/i, ['$env:']),
      p(/^\s*\+ (?:CategoryInfo|FullyQualifiedErrorId)\b/i, ['categoryinfo', 'fullyqualifiederrorid']),
      p(/is not recognized as (?:the|a) name of a cmdlet|Windows PowerShell|\bpwsh\b/i, [
        'name of a cmdlet',
        'powershell',
        'pwsh',
      ]),
    ],
  },
  {
    shell: 'cmd',
    patterns: [
      p(/^\s*(?:\(\S+\) )?[A-Za-z]:\\[^>:*?"<|\n]*>/i, [':\\']),
      p(
        /is not recognized as an internal or external command|^Microsoft Windows \[Version|Anaconda Prompt/i,
        ['internal or external command', 'microsoft windows [version', 'anaconda prompt'],
      ),
    ],
  },
  {
    shell: 'zsh',
    patterns: [p(/^zsh: |\bzsh\b|^\s*(?:\(\S+\) )?[\w.-]+@[\w.-]+ [^\s%]+ % /i, ['zsh', '% '])],
  },
  {
    shell: 'bash',
    patterns: [
      p(
        /^bash: |^\s*(?:\(\S+\) )?[\w.-]+@[\w.-]+:[^\s$#]*[$#] |^[\w.-]+@[\w.-]+ MINGW(?:64|32)\b|^\s*\$ \S|\bexport [A-Z_]+=/,
        ['bash: ', '$ ', '# ', 'mingw', 'export '],
      ),
    ],
  },
];

/** Keras' "Epoch 87/200", Lightning's "Epoch 86:", "epoch 87 of 200", "Epoch [87/200]". */
export const EPOCH = p(/\bepoch[\s:=]+(?:\[\s*)?(\d+)\s*(?:(?:\/|of)\s*(\d+))?/i, ['epoch']);

/**
 * GPU ordinals, ranks and counts: /device:GPU:1, cuda:1, "visible gpu devices: 0, 1", nproc_per_node=4,
 * nvidia-smi's rows (`|   0  NVIDIA A100`: the index is right-aligned in four columns, so at
 * least two spaces follow the bar; `| ` alone is on every progress bar's line). One pattern for
 * each kind, each with one group: their union, case-insensitive, took recheck's backtracking proof
 * about 90 s, near its two-minute limit on a busy machine; each part takes seconds.
 */
export const GPU_ORDINAL_PARTS = [
  { kind: 'ordinal', ...p(/device:GPU:(\d+)/i, ['device:gpu:']) },
  { kind: 'ordinal', ...p(/\bcuda:(\d+)\b/i, ['cuda:']) },
  { kind: 'visible', ...p(/visible gpu devices: ([\d, ]+)/i, ['visible gpu devices']) },
  { kind: 'count', ...p(/\bnproc[_-]per[_-]node[= ](\d+)/i, ['nproc']) },
  { kind: 'count', ...p(/\bworld[_ ]size[= :]+(\d+)/i, ['world']) },
  { kind: 'ordinal', ...p(/^\| {2,}(\d+) +(?:NVIDIA|Tesla|GeForce|Quadro|RTX|A\d+|H\d+)/i, ['|  ']) },
  { kind: 'count', ...p(/\bFound (\d+) GPUs?\b/i, ['found']) },
  { kind: 'count', ...p(/Num GPUs Available:? (\d+)/i, ['num gpus']) },
] as const satisfies readonly (CompiledPattern & { kind: 'ordinal' | 'visible' | 'count' })[];

/** PyTorch's out-of-memory figures (2.x and 1.x wording). */
export const TORCH_MEMORY = p(/total capacity(?: of|;)|reserved in total by PyTorch|allocated by PyTorch/i, [
  'total capacity',
  'reserved in total by pytorch',
  'allocated by pytorch',
]);

/** Every situation pattern, for the engine and the backtracking-safety test. */
export const SITUATION_PATTERNS: readonly CompiledPattern[] = [EPOCH, ...GPU_ORDINAL_PARTS, TORCH_MEMORY];
export const REMEDY_PATTERNS: readonly CompiledPattern[] = [
  ...SHELL_MARKERS.flatMap((m) => m.patterns),
  ...SITUATION_PATTERNS,
];
