// Values worked out from a key by code that is slow while it is cold: the rarest piece of a
// needle, the literals of a pattern's source, the anchors among a knowledge base's needles.
// A long-running bot works each out once; a CLI start would work them all out again in
// code that has not warmed up (tens of milliseconds), so the build saves every table with
// the knowledge snapshot (rememberedEntries) and a start primes them (primeRemembered).
// Entries are checked when primed and found by key, so one saved for another needle,
// pattern or knowledge base is never used.

/** Tables by name, and primed entries waiting for a table not made yet. */
const tables = new Map<string, Remembered<unknown>>();
const waiting = new Map<string, unknown>();

export class Remembered<V> {
  private readonly known = new Map<string, V>();

  /**
   * `valid` says whether a primed value may stand for its key; `max` bounds the entries
   * (far more than a process works out: a bound, not a cache size).
   */
  constructor(
    readonly name: string,
    private readonly valid: (value: unknown, key: string) => value is V,
    private readonly max = 1 << 16,
  ) {
    if (tables.has(name)) throw new Error(`two remembered tables named ${name}`);
    tables.set(name, this as Remembered<unknown>);
    if (waiting.has(name)) {
      this.prime(waiting.get(name));
      waiting.delete(name);
    }
  }

  get(key: string, work: (key: string) => V): V {
    let value = this.known.get(key);
    if (value === undefined) {
      value = work(key);
      if (this.known.size >= this.max) this.known.clear();
      this.known.set(key, value);
    }
    return value;
  }

  forget(): void {
    this.known.clear();
  }

  entries(): [string, V][] {
    return [...this.known];
  }

  /** Entries as `entries()` gave them; any entry of another shape is ignored. */
  prime(entries: unknown): void {
    if (!Array.isArray(entries)) return;
    for (const e of entries) {
      if (this.known.size >= this.max) return;
      if (Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && this.valid(e[1], e[0]))
        this.known.set(e[0], e[1] as V);
    }
  }
}

/** Forgets every table's entries: the build, before running the work whose entries it saves. */
export function forgetRemembered(): void {
  for (const t of tables.values()) t.forget();
}

/** Every table's entries, by table name (for the snapshot). */
export function rememberedEntries(): Record<string, [string, unknown][]> {
  return Object.fromEntries([...tables].map(([name, t]) => [name, t.entries()]));
}

/** Primes each table from saved entries; a table made later is primed when it is made. */
export function primeRemembered(saved: unknown): void {
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return;
  for (const [name, entries] of Object.entries(saved)) {
    const table = tables.get(name);
    if (table) table.prime(entries);
    else waiting.set(name, entries);
  }
}
