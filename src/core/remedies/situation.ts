// What the paste shows about where and how the job ran: OS, shell, framework, versions,
// and evidence such as "it died late in a long run" or "PyTorch itself held the card".
// Remedies are picked for a Situation (conditions.ts).
import { normalizeLine } from '../text/normalize.js';
import type { Framework, GpuInfo, Os } from '../types.js';
import { EPOCH, GPU_ORDINAL_PARTS, SHELL_MARKERS, TORCH_MEMORY } from './markers.js';
import type { EvidenceTag, Shell } from './types.js';

export interface Situation {
  os: Os | null;
  shell: Shell;
  /** True when the paste itself showed the shell (a prompt, a shell's own message). */
  shellSeen: boolean;
  framework: Framework | null;
  /** Signals.versions: component -> version. */
  versions: Readonly<Record<string, string>>;
  /** The GPU's compute capability, printed or from the GPU table for a GPU the paste names (the lowest of several). */
  computeCapability: string | null;
  /** Names of the decoded exit codes seen. */
  exits: readonly string[];
  /** The ranked causes, best first. */
  causes: readonly string[];
  evidence: ReadonlySet<EvidenceTag>;
}

/** The lines a marker pattern matched (first and last few), as pasted. */
export type MarkerLines = (pattern: import('../knowledge.js').CompiledPattern) => {
  count: number;
  raws: readonly string[];
};

export interface SituationInput {
  lines: MarkerLines;
  os: Os | null;
  framework: Framework | null;
  versions: Readonly<Record<string, string>>;
  gpus: readonly GpuInfo[];
  exits: readonly string[];
  causes: readonly string[];
  /** An exit code and no rule fired on any other line (the ranking's bareExit). */
  bareExit: boolean;
  /** The shell the user chose, over what the paste shows. */
  shell?: Shell;
}

/** Epochs run before the crash from which it counts as late in the run. */
export const LATE_EPOCH = 5;
/** The share of the card PyTorch's own allocations must reach to say it held the memory. */
const HELD_SHARE = 0.7;
/** Reserved-but-unallocated memory that counts as fragmentation: this share of the card, and 0.5 GiB. */
const FRAGMENT_SHARE = 0.05;
const FRAGMENT_MIN_GIB = 0.5;
/** Memory used outside this process that counts as other processes holding the card. */
const OTHERS_SHARE = 0.15;

const VERSION_EVIDENCE = [
  'tensorflow',
  'torch',
  'jax',
  'jaxlib',
  'cuda',
  'nvcc',
  'torch_cuda',
  'tensorflow_cuda',
  'cudart_major',
  'cudnn',
  'cudnn_major',
  'driver',
  'cuda_driver_max',
];

export function readSituation(s: SituationInput): Situation {
  const evidence = new Set<EvidenceTag>();
  if (lastEpoch(s.lines) >= LATE_EPOCH) evidence.add('late-in-run');
  if (gpuCount(s.lines) >= 2 || s.gpus.length >= 2) evidence.add('several-gpus');
  for (const tag of memoryEvidence(s.lines)) evidence.add(tag);
  if (!VERSION_EVIDENCE.some((k) => s.versions[k] !== undefined)) evidence.add('no-versions');
  if (s.bareExit) evidence.add('bare-exit');
  const { shell, seen } = s.shell ? { shell: s.shell, seen: false } : pickShell(s.lines, s.os);
  const ccs = s.gpus.map((g) => g.computeCapability).filter((c): c is string => !!c);
  return {
    os: s.os,
    shell,
    shellSeen: seen,
    framework: s.framework,
    versions: s.versions,
    computeCapability: ccs.sort((a, b) => Number(a) - Number(b))[0] ?? null,
    exits: s.exits,
    causes: s.causes,
    evidence,
  };
}

/** The shell most marker lines point at; without any, the OS's usual one (PowerShell, zsh on macOS, bash). */
export function pickShell(lines: MarkerLines, os: Os | null): { shell: Shell; seen: boolean } {
  let best: Shell | null = null;
  let bestCount = 0;
  for (const m of SHELL_MARKERS) {
    let n = 0;
    for (const pattern of m.patterns) n += lines(pattern).count;
    if (n > bestCount) {
      best = m.shell;
      bestCount = n;
    }
  }
  if (best) return { shell: best, seen: true };
  return { shell: os === 'windows' ? 'powershell' : os === 'macos' ? 'zsh' : 'bash', seen: false };
}

/** The highest epoch number the log printed (0 when none). */
function lastEpoch(lines: MarkerLines): number {
  let max = 0;
  for (const raw of lines(EPOCH).raws) {
    for (const text of normalizeLine(raw)) {
      const m = EPOCH.re.exec(text);
      if (!m) continue;
      const n = Number(m[1]);
      const of = m[2] === undefined ? null : Number(m[2]);
      // "Epoch 0/..." counts from zero; a number past its total is not an epoch counter.
      if (of !== null && n > of) continue;
      max = Math.max(max, n);
    }
  }
  return max;
}

/** How many GPUs the log shows: the highest ordinal + 1, or a count it printed. */
function gpuCount(lines: MarkerLines): number {
  const raws = new Set<string>();
  for (const part of GPU_ORDINAL_PARTS) for (const raw of lines(part).raws) raws.add(raw);
  let count = 0;
  for (const raw of raws) {
    for (const text of normalizeLine(raw)) {
      // The leftmost kind on the line, the earlier one where two start together: one read per line.
      let first: { kind: string; value: string; at: number } | null = null;
      for (const part of GPU_ORDINAL_PARTS) {
        const m = part.re.exec(text);
        if (m && (first === null || m.index < first.at))
          first = { kind: part.kind, value: m[1]!, at: m.index };
      }
      if (!first) continue;
      if (first.kind === 'ordinal') count = Math.max(count, Number(first.value) + 1);
      else if (first.kind === 'visible')
        count = Math.max(count, first.value.split(',').filter((x) => x.trim() !== '').length);
      else count = Math.max(count, Number(first.value));
    }
  }
  return count;
}

const UNIT: Record<string, number> = { kib: 1 / (1024 * 1024), mib: 1 / 1024, gib: 1, tib: 1024 };

/** "74.12 GiB" in a PyTorch OOM line -> 74.12 (in GiB). */
function gib(text: string, re: RegExp): number | null {
  const m = re.exec(text);
  if (!m) return null;
  const factor = UNIT[m[2]!.toLowerCase()];
  return factor === undefined ? null : Number(m[1]) * factor;
}

const SIZE = String.raw`\b(\d+(?:\.\d+)?) ?([KMGT]iB)`;
const CAPACITY_2X = new RegExp(`total capacity of ${SIZE}`, 'i');
const FREE_2X = new RegExp(`of which ${SIZE} is free`, 'i');
const THIS_PROCESS = new RegExp(`this process has ${SIZE} memory in use`, 'i');
const BY_TORCH = new RegExp(`${SIZE} is allocated by PyTorch`, 'i');
const UNUSED_2X = new RegExp(`${SIZE} is reserved by PyTorch but unallocated`, 'i');
const CAPACITY_1X = new RegExp(`${SIZE} total capacity`, 'i');
const ALLOCATED_1X = new RegExp(`${SIZE} already allocated`, 'i');
const FREE_1X = new RegExp(`${SIZE} free`, 'i');
const RESERVED_1X = new RegExp(`${SIZE} reserved in total by PyTorch`, 'i');

/** The expressions run on the memory lines, for the backtracking-safety test. */
export const MEMORY_REGEXES: readonly RegExp[] = [
  CAPACITY_2X,
  FREE_2X,
  THIS_PROCESS,
  BY_TORCH,
  UNUSED_2X,
  CAPACITY_1X,
  ALLOCATED_1X,
  FREE_1X,
  RESERVED_1X,
];

/** Reads the last PyTorch out-of-memory line's figures. */
function memoryEvidence(lines: MarkerLines): EvidenceTag[] {
  const raws = lines(TORCH_MEMORY).raws;
  const text = raws.at(-1);
  if (!text) return [];
  const total = gib(text, CAPACITY_2X) ?? gib(text, CAPACITY_1X);
  if (!total) return [];
  const tags: EvidenceTag[] = [];
  const allocated = gib(text, BY_TORCH) ?? gib(text, ALLOCATED_1X);
  const reserved = gib(text, RESERVED_1X);
  const unused =
    gib(text, UNUSED_2X) ?? (reserved !== null && allocated !== null ? reserved - allocated : null);
  const free = gib(text, FREE_2X) ?? gib(text, FREE_1X);
  const mine = gib(text, THIS_PROCESS) ?? reserved;
  if (allocated !== null && allocated >= HELD_SHARE * total) tags.push('framework-holds-memory');
  if (unused !== null && unused >= FRAGMENT_MIN_GIB && unused >= FRAGMENT_SHARE * total)
    tags.push('fragmented-memory');
  if (free !== null && mine !== null && total - free - mine >= OTHERS_SHARE * total)
    tags.push('other-processes-memory');
  return tags;
}
