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
import { parts, sameRelease } from './version-util.js';

const MAX_VALUES = 6;
const MAX_LIBRARIES = 48;
const MAX_GPUS = 16;
const MAX_TEXT = 300;

interface Rec extends Sighting {
  lastLine: number;
}

const local = (v: string) => /\+(.+)$/.exec(v)?.[1];

/** Same release, and no two different local labels ("2.1.0+cu118" is not "2.1.0+cu121"). */
function sameValue(a: string, b: string): boolean {
  const la = local(a);
  const lb = local(b);
  return sameRelease(a, b) && (la === lb || la === undefined || lb === undefined);
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
    const same = recs.find((r) => sameValue(r.value, value));
    if (!same) {
      if (recs.length < MAX_VALUES) recs.push({ value, line, origin, text: clip(text), lastLine: line });
      return;
    }
    same.lastLine = Math.max(same.lastLine, line);
    const better = ORIGIN_RANK[origin] < ORIGIN_RANK[same.origin];
    const finer =
      ORIGIN_RANK[origin] === ORIGIN_RANK[same.origin] && specificity(value) > specificity(same.value);
    if (better || finer) Object.assign(same, { value, origin, line, text: clip(text) });
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
      const strip = ({ lastLine: _, ...s }: Rec): Sighting => s;
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

function specificity(v: string): number {
  return parts(v).length + (local(v) ? 1 : 0);
}

function clip(text: string): string {
  const t = text.trim();
  return t.length > MAX_TEXT ? `${t.slice(0, MAX_TEXT - 1)}…` : t;
}
