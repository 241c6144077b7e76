// Keeps what the extractors report with bounded memory, whatever the input's length: a few
// distinct values per version key (the same release seen again only moves its last line),
// a capped set of libraries and GPUs, the first of each flag, and OS votes.
import type { Os } from '../types.js';
import {
  type BuildArchs,
  type Flag,
  type FlagKey,
  type GpuSighting,
  type LibrarySighting,
  type LibraryState,
  ORIGIN_RANK,
  type Sighting,
  type VersionEntry,
  type VersionKey,
  type VersionOrigin,
} from './facts.js';
import { parts } from './version-util.js';

const MAX_VALUES = 6;
const MAX_LIBRARIES = 48;
const MAX_GPUS = 16;
const MAX_TEXT = 300;

interface Rec extends Sighting {
  lastLine: number;
  nums: readonly number[];
  local: string | undefined;
}

const localOf = (v: string) => {
  const plus = v.indexOf('+');
  return plus < 0 ? undefined : v.slice(plus + 1);
};

/** Same release, and no two different local labels ("2.1.0+cu118" is not "2.1.0+cu121"). */
function sameValue(r: Rec, nums: readonly number[], local: string | undefined): boolean {
  const n = Math.min(r.nums.length, nums.length);
  if (n === 0) return false;
  for (let i = 0; i < n; i++) if (r.nums[i] !== nums[i]) return false;
  return r.local === local || r.local === undefined || local === undefined;
}

export class FactStore {
  private readonly versions = new Map<VersionKey, Rec[]>();
  private readonly libraries = new Map<string, LibrarySighting>();
  private readonly gpus = new Map<string, GpuSighting>();
  private readonly flags = new Map<FlagKey, Flag>();
  private readonly osVotes = new Map<Os, number>();
  private archs: BuildArchs | null = null;

  version(key: VersionKey, value: string, origin: VersionOrigin, line: number, text: string): void {
    const recs = this.versions.get(key) ?? [];
    if (recs.length === 0) this.versions.set(key, recs);
    // Most repeats are the same string: skip parsing for them.
    const exact = recs.find((r) => r.value === value);
    if (exact && ORIGIN_RANK[origin] >= ORIGIN_RANK[exact.origin]) {
      exact.lastLine = Math.max(exact.lastLine, line);
      return;
    }
    const nums = parts(value);
    const local = localOf(value);
    const same = exact ?? recs.find((r) => sameValue(r, nums, local));
    if (!same) {
      if (recs.length < MAX_VALUES)
        recs.push({ value, line, origin, text: clip(text), lastLine: line, nums, local });
      return;
    }
    same.lastLine = Math.max(same.lastLine, line);
    const better = ORIGIN_RANK[origin] < ORIGIN_RANK[same.origin];
    const finer =
      ORIGIN_RANK[origin] === ORIGIN_RANK[same.origin] &&
      specificity(nums, local) > specificity(same.nums, same.local);
    if (better || finer) Object.assign(same, { value, origin, line, text: clip(text), nums, local });
  }

  library(name: string, state: LibraryState, line: number): void {
    const key = `${name.toLowerCase()}|${state}`;
    if (!this.libraries.has(key) && this.libraries.size < MAX_LIBRARIES)
      this.libraries.set(key, { name, state, line });
  }

  gpu(name: string, computeCapability: string | null, line: number): void {
    const key = name.toLowerCase().replace(/^nvidia\s+/, '');
    const seen = this.gpus.get(key);
    if (seen) {
      if (!seen.computeCapability && computeCapability) seen.computeCapability = computeCapability;
    } else if (this.gpus.size < MAX_GPUS) this.gpus.set(key, { name, computeCapability, line });
  }

  flag(key: FlagKey, line: number, text: string): void {
    if (!this.flags.has(key)) this.flags.set(key, { key, line, text: clip(text) });
  }

  buildArchs(value: BuildArchs): void {
    this.archs ??= value;
  }

  os(os: Os): void {
    this.osVotes.set(os, (this.osVotes.get(os) ?? 0) + 1);
  }

  entries(): Partial<Record<VersionKey, VersionEntry>> {
    const out: Partial<Record<VersionKey, VersionEntry>> = {};
    for (const [key, recs] of this.versions) {
      const primary = recs.reduce((best, r) =>
        ORIGIN_RANK[r.origin] < ORIGIN_RANK[best.origin] ||
        (ORIGIN_RANK[r.origin] === ORIGIN_RANK[best.origin] && r.lastLine > best.lastLine)
          ? r
          : best,
      );
      const strip = ({ value, line, origin, text }: Rec): Sighting => ({ value, line, origin, text });
      out[key] = { sightings: recs.map(strip), primary: strip(primary) };
    }
    return out;
  }

  libraryList(): LibrarySighting[] {
    return [...this.libraries.values()];
  }

  gpuList(): GpuSighting[] {
    return [...this.gpus.values()];
  }

  flagList(): Flag[] {
    return [...this.flags.values()].sort((a, b) => a.line - b.line);
  }

  buildArchList(): BuildArchs | null {
    return this.archs;
  }

  /** WSL when it shows at all; otherwise the one OS the paste points at, or null when it points at several. */
  osGuess(): Os | null {
    if (this.osVotes.has('wsl')) return 'wsl';
    const seen = [...this.osVotes.keys()];
    return seen.length === 1 ? seen[0]! : null;
  }
}

function specificity(nums: readonly number[], local: string | undefined): number {
  return nums.length + (local ? 1 : 0);
}

function clip(text: string): string {
  const t = text.trim();
  return t.length > MAX_TEXT ? `${t.slice(0, MAX_TEXT - 1)}…` : t;
}
