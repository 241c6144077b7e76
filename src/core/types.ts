// The values every front end shares. `diagnose --json` prints a Diagnosis as it is,
// so field names here are a public contract: add fields, never rename them.

/** Cause ids from ../shared/taxonomy.md (the knowledge base holds the list). */
export type CauseId = string;

export type Framework = 'tensorflow' | 'keras' | 'pytorch' | 'jax' | 'transformers' | 'lightning' | 'other';
export type Os = 'windows' | 'linux' | 'macos' | 'wsl';
export type SnippetFramework = 'tensorflow' | 'pytorch' | 'jax' | 'shell' | 'any';
export type Shell = 'bash' | 'zsh' | 'powershell' | 'cmd';

/** A line quoted from the input. `line` is 1-based and refers to the text as pasted. */
export interface Evidence {
  line: number;
  /** The line as a reply quotes it: redacted, capped at 300 characters. */
  text: string;
  /**
   * The line uncapped (up to a few KB), for the fingerprint, which must see past the
   * quote's cap; not serialised. Absent: `text` is the whole line.
   */
  readonly full?: string;
}

export interface CauseResult {
  id: CauseId;
  title: string;
  confidence: number;
  /** One sentence: why this cause, in plain words. */
  summary: string;
  evidence: Evidence[];
}

export type ExitPlatform = 'windows' | 'posix';

export interface DecodedExitCode {
  /** The code as it was written (`-1073740791`, `0xC0000409`, `exit code 137`, `Killed`). */
  input: string;
  platform: ExitPlatform;
  /** STATUS_STACK_BUFFER_OVERRUN, SIGKILL, ... */
  name: string;
  /** 0xC0000409 for NTSTATUS; for POSIX the 128+N shell status in hex. */
  hex: string;
  signed: number;
  unsigned: number;
  /** What the code means, in plain words. */
  meaning: string;
  /** What usually produces it in ML jobs. */
  mlCauses: string;
  /** For POSIX: the signal number. */
  signal?: number;
  source: string;
  /** 1-based input line it was read from, when it came from a log. */
  line?: number;
}

export type CheckStatus = 'fail' | 'warn' | 'ok' | 'todo';

export interface Check {
  id: string;
  status: CheckStatus;
  text: string;
  /** For `todo` (and often others): the command that settles or confirms it. */
  command?: string;
  /** Where the fact the verdict rests on comes from. */
  source?: string;
  /** The cause this check bears on, when a failing check supports one. */
  cause?: CauseId;
  /** The input lines the verdict read its versions from. */
  evidence?: Evidence[];
}

export interface Snippet {
  id: string;
  framework: SnippetFramework;
  language: string;
  title: string;
  code: string;
  source?: string;
}

export interface GpuInfo {
  name: string;
  computeCapability?: string;
}

export interface Signals {
  framework: Framework | null;
  os: Os | null;
  /**
   * The shell the commands are written for: the one the paste shows (a prompt, a shell's
   * own message), else the OS's usual one. Absent in diagnoses stored before it existed.
   */
  shell?: Shell;
  /** Component -> version, e.g. { tensorflow: "2.10.0", cuda: "11.2", cudnn: "8.1" }. */
  versions: Record<string, string>;
  /** DLL and .so names seen in the log (`cudart64_110.dll`, `libcudnn.so.8`). */
  libraries: string[];
  gpus: GpuInfo[];
}

/** An NVIDIA Xid event reported in the log, read against NVIDIA's Xid catalog. */
export interface XidReport {
  xid: number;
  /** NVIDIA's mnemonic (ROBUST_CHANNEL_GR_EXCEPTION); absent for an Xid the catalogue lacks. */
  mnemonic?: string;
  /** NVIDIA's description ("Graphics Engine Exception"). */
  meaning: string;
  /** What it points at: application, driver, hardware, gpu (hardware or driver), follow-on, unknown. */
  points: 'application' | 'driver' | 'hardware' | 'gpu' | 'follow-on' | 'unknown';
  /** restart-app, reset-gpu, reboot-node, follow-other, none, check-hardware, ... or unknown. */
  action: string;
  /** NVIDIA's resolution bucket for the immediate action (RESTART_APP, RESET_GPU, RESTART_BM, ...). */
  nvidiaAction?: string;
  /** What to do, in words. */
  advice: string;
  /** NVIDIA's trigger conditions, paraphrased. */
  note?: string;
  /** The taxonomy cause it supports, when it supports one. */
  cause?: CauseId;
  /** How many times it was logged, and the first lines. */
  count: number;
  evidence: Evidence[];
  pids: number[];
  processes: string[];
  /** PCI addresses of the GPUs that logged it. */
  gpus: string[];
  source: string;
}

/** One rank's state in an NCCL watchdog timeout. */
export interface NcclRank {
  rank: number;
  /** The collective's sequence number it timed out in (or the watchdog stopped at). */
  seq: number;
  /** ALLREDUCE, BROADCAST, _REDUCE_SCATTER_BASE, ... when the line says. */
  opType?: string;
  lastEnqueued?: number;
  lastCompleted?: number;
  ranForMs?: number;
  evidence: Evidence;
}

/** Which ranks of an NCCL job stopped first, and at which collective. */
export interface NcclHang {
  /**
   * mismatch: ranks called different collectives at one sequence number; behind: some ranks
   * completed fewer collectives; silent: ranks between the reporting ones logged no timeout;
   * first-collective: the first collective never completed; all-equal: no rank is behind.
   */
  verdict: 'mismatch' | 'behind' | 'silent' | 'first-collective' | 'all-equal';
  /** The ranks judged to have stopped first (empty when none can be named). */
  stoppedFirst: number[];
  collective: { seq: number; opType?: string };
  processGroup?: string;
  summary: string;
  reportingRanks: number;
  ranks: NcclRank[];
  /** Shell lines that turn on PyTorch's Flight Recorder and run its analyzer. */
  confirm: string;
  confirmNote: string;
  source: string;
}

/**
 * Why no cause is named:
 * - no-input: nothing to read (empty, only blank lines, or not text);
 * - no-crash-evidence: text, but no error, traceback or exit code in it;
 * - evidence-but-no-known-cause: a crash is there, but no known cause matches it confidently.
 */
export type NoAnswerReason = 'no-input' | 'no-crash-evidence' | 'evidence-but-no-known-cause';

export interface NoAnswer {
  reason: NoAnswerReason;
  /** One sentence for the user saying which of the three it is. */
  text: string;
}

export interface Diagnosis {
  /** Ranked best first; empty means no confident cause. */
  causes: CauseResult[];
  /** Set exactly when `causes` is empty: why there is no answer. */
  noAnswer: NoAnswer | null;
  exitCode: DecodedExitCode | null;
  signals: Signals;
  checks: Check[];
  snippets: Snippet[];
  fingerprint: string;
  /** Whether this text deserves an unasked reply in listening mode. */
  crashReport: boolean;
  /** NVIDIA Xid events in the log (driver kernel-log lines), most telling first. */
  xids: XidReport[];
  /** NCCL watchdog timeouts read across ranks: who stopped first, where; null when there are none. */
  ncclHang: NcclHang | null;
  /** When no cause is confident (or evidence is thin): what to paste next. */
  next: string[];
  input: InputStats;
  /** Set when the text was read from an image (OCR): how it was read and what to check. */
  image?: ImageReading;
  /** How current the facts behind the version checks are: each compat table's newest release and dates. */
  knowledge?: KnowledgeDates;
}

export interface ImageReading {
  kind: string;
  width: number | null;
  height: number | null;
  /** The recogniser's own confidence in the text, 0..1. */
  confidence: number;
  /** Tokens mended for OCR's usual confusions (00M -> OOM, 6x -> 0x). */
  repaired: number;
  /** Numbers printed twice on a line (decimal and hex) that did not agree as read. */
  numbers: { line: number; read: string; readAs: string | null }[];
}

/** Per compat table: its newest release, when it was read, and the upstream date it reflects. */
export interface KnowledgeDates {
  tables: readonly {
    table: string;
    name: string;
    newest: string | null;
    /** The day its rows were read from the saved upstream copies. */
    read: string;
    /** The date of the newest upstream copy it was built from. */
    asOf: string | null;
    budgetDays: number | null;
  }[];
}

export interface InputStats {
  bytes: number;
  lines: number;
  /** True when the input was longer than the scanner keeps and only head/tail were scanned in full. */
  truncated: boolean;
  /** True when the input held NUL bytes or was mostly not text. */
  binary: boolean;
  /** Invalid UTF-8 sequences replaced by U+FFFD in the lines crashbot read (lines without a clue are skipped unread). */
  invalidUtf8: number;
}
