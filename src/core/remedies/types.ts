// What a remedy is, as data: the checks and snippets of a cause, each with the situations
// it applies to, and shell commands written once as steps that every shell renders in its
// own syntax (see commands.ts). knowledge/causes/*.yaml holds them; src/knowledge compiles
// them into these frozen values.
import type { Framework, Os, Shell, SnippetFramework } from '../types.js';

/** The shells a command is rendered for. zsh renders as bash; its label says zsh. */
export type { Shell };
export const SHELLS: readonly Shell[] = ['bash', 'zsh', 'powershell', 'cmd'];

/** A shell family a literal step is written for (bash covers zsh). */
export type ShellFamily = 'bash' | 'powershell' | 'cmd';

/**
 * One step of a shell command. Written once, rendered per shell:
 * - run: a command line every shell runs as written (only double quotes, no shell
 *   syntax: the loader checks it), with `env` set for it and `filter` keeping the output
 *   lines holding one of the words (grep / Select-String / findstr);
 * - set / unset: session environment variables;
 * - show: print environment variables;
 * - prepend: put a folder first on a path-like variable;
 * - where: find programs or DLLs on PATH (where.exe, where, which);
 * - comment: a line of explanation;
 * - literal: the step spelled per shell family, for what has no common form.
 * `note` is a short comment on the step (after it, or on the line before it in cmd).
 */
export type Step =
  | {
      kind: 'run';
      run: string;
      env?: readonly (readonly [string, string])[];
      filter?: readonly string[];
      note?: string;
    }
  | { kind: 'set'; vars: readonly (readonly [string, string])[]; note?: string }
  | { kind: 'unset'; vars: readonly string[]; note?: string }
  | { kind: 'show'; vars: readonly string[]; note?: string }
  | { kind: 'prepend'; variable: string; dir: string; note?: string }
  | { kind: 'where'; names: readonly string[]; note?: string }
  | { kind: 'comment'; text: string }
  | { kind: 'literal'; forms: Readonly<Partial<Record<ShellFamily, string>>>; note?: string };

/**
 * What a log shows beyond its error line, that changes which remedy fits:
 * - late-in-run: the job ran several epochs before it died (not a setup problem);
 * - several-gpus: more than one GPU (device ordinals, ranks, nproc_per_node);
 * - framework-holds-memory: the framework itself held most of the card (PyTorch's OOM figures);
 * - fragmented-memory: memory reserved by the framework's allocator but unused is large;
 * - other-processes-memory: a large part of the card was held outside this process;
 * - no-versions: no framework, CUDA, cuDNN or driver version in the paste;
 * - bare-exit: an exit code and no rule fired on any other line (a native crash said nothing).
 */
export type EvidenceTag =
  | 'late-in-run'
  | 'several-gpus'
  | 'framework-holds-memory'
  | 'fragmented-memory'
  | 'other-processes-memory'
  | 'no-versions'
  | 'bare-exit';
export const EVIDENCE_TAGS: readonly EvidenceTag[] = [
  'late-in-run',
  'several-gpus',
  'framework-holds-memory',
  'fragmented-memory',
  'other-processes-memory',
  'no-versions',
  'bare-exit',
];

/** A version bound: ">=2.11", "<2.11", "==2.10" on a component of Signals.versions or the GPU. */
export interface VersionBound {
  op: '<' | '<=' | '>' | '>=' | '==';
  version: string;
}

/**
 * Where a remedy applies. Every listed field must hold. In `when`, a version or compute
 * capability bound needs the value to be known; in `unless`, an unknown value excludes nothing.
 */
export interface RemedyCondition {
  os?: readonly Os[];
  shells?: readonly Shell[];
  frameworks?: readonly Framework[];
  /** Decoded exit code names (STATUS_STACK_BUFFER_OVERRUN, SIGKILL). */
  exit?: readonly string[];
  /** Every tag must be seen. */
  evidence?: readonly EvidenceTag[];
  /** At least one tag must be seen. */
  anyEvidence?: readonly EvidenceTag[];
  /** At least one of these causes is among the ranked ones. */
  candidates?: readonly string[];
  /** Versions the log must show (keys of Signals.versions), whatever they are. */
  known?: readonly string[];
  /** Bounds on versions the log shows (keys of Signals.versions). */
  versions?: Readonly<Record<string, readonly VersionBound[]>>;
  computeCapability?: readonly VersionBound[];
}

export interface Conditioned {
  when?: RemedyCondition;
  unless?: RemedyCondition;
}

export interface RemedyCheck extends Conditioned {
  id: string;
  text: string;
  /** The command that settles it, as steps rendered in the user's shell. */
  steps?: readonly Step[];
  source?: string;
}

export interface RemedySnippet extends Conditioned {
  id: string;
  framework: SnippetFramework;
  title: string;
  /** A shell snippet: steps rendered in the user's shell, labelled with it. */
  steps?: readonly Step[];
  /** Or code in one language (python, yaml, ...). */
  code?: string;
  language?: string;
  /** Snippets of one group are alternatives: the first that applies is shown. */
  group?: string;
  /**
   * Variables this advice needs left alone (LD_LIBRARY_PATH when it says the pip cuDNN must
   * come first): a later snippet that sets or prepends to one contradicts it.
   */
  keepsClean?: readonly string[];
  source?: string;
}
