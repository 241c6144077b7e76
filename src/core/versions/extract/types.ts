// The contract between the collector and its extractors. An extractor declares its
// needles (lower-case literals); the collector hands it only lines holding one of them,
// which is what makes VERSION_NEEDLES a sound prefilter for the classifier.
import type { Os } from '../../types.js';
import type { BuildArchs, EnvKind, FlagKey, LibraryState, VersionKey, VersionOrigin } from '../facts.js';

export interface LineSink {
  version(key: VersionKey, value: string, origin: VersionOrigin): void;
  library(name: string, state: LibraryState): void;
  gpu(name: string, computeCapability: string | null): void;
  flag(key: FlagKey): void;
  buildArchs(from: BuildArchs['from'], archs: readonly string[], ptx: readonly string[]): void;
  os(os: Os): void;
  /** The current line's number, for extractors that relate nearby lines. */
  readonly lineNo: number;
}

/** What a line was: part of an environment report (which kind), versions in other text, or unused. */
export type ReadResult = EnvKind | 'other' | null;

export interface Extractor {
  readonly needles: readonly string[];
  /** Every regular expression it runs (a test proves each free of catastrophic backtracking). */
  readonly patterns: readonly RegExp[];
  read(text: string, sink: LineSink): ReadResult;
  /**
   * For a value printed on a line below the one that announced it (a REPL's output, `pip
   * show`'s "Version:"): whether it waits for line `lineNo`, whatever that line holds...
   */
  awaiting?(lineNo: number): boolean;
  /** ...and reading that line. */
  readNext?(text: string, sink: LineSink): ReadResult;
}

/** Needles that name NVIDIA GPU products; lines listing GPUs hold one of them. */
export const GPU_NEEDLES = ['nvidia', 'geforce', 'tesla', 'quadro', 'titan', 'rtx', 'gtx'] as const;

export const FIRST_VERSION = /\b\d+\.\d+(?:\.\d+){0,2}\b/;

/** The first version-looking token: "3.10.12 (main, ...)" -> "3.10.12". */
export function firstVersion(s: string): string | null {
  return FIRST_VERSION.exec(s)?.[0] ?? null;
}

/** A GPU name as printed, without vendor clutter at the edges; null when it is truncated or empty. */
export function cleanGpuName(s: string): string | null {
  const name = s.replace(/\s+/g, ' ').trim();
  if (!name || name.endsWith('...') || name.length > 80) return null;
  return name;
}
