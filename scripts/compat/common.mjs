// Shared by the table builders: reading the saved copies, failing loudly when a copy no
// longer has the shape a parser expects, dates and versions as the upstream files print them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Stops the build when a saved copy changed shape: a parser must never guess. */
export function must(ok, what) {
  if (!ok) throw new Error(`a saved upstream copy changed shape, check its parser: ${what}`);
}

/** The saved copies: `text(path)`, `json(path)`, and their manifest entries. */
export function upstream(dir, manifest) {
  const entry = (path) => {
    const e = manifest.files.find((f) => f.path === path);
    must(e, `${path} is not listed in manifest.yaml`);
    return e;
  };
  return {
    dir,
    manifest,
    entry,
    text: (path) => {
      entry(path);
      return readFileSync(join(dir, path), 'utf8');
    },
    json: (path) => {
      entry(path);
      return JSON.parse(readFileSync(join(dir, path), 'utf8'));
    },
  };
}

/** "scripts/upstream/pytorch/RELEASE.md": where a row's saved copy sits in this repository. */
export const savedAt = (path) => `scripts/upstream/${path}`;

/** A row's provenance: its source, how well it was verified, and the day it was read. */
export function sourced(source, verified, read) {
  must(typeof source === 'string' && source.trim().length > 0, `a row without a source`);
  must(verified !== undefined, `a row without a verified flag: ${source.slice(0, 60)}`);
  return { source, verified, read };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * Dates as release notes print them -> ISO: "July 16, 2026", "Dec 17, 2024", "18 Mar 2026",
 * "2 Sept 2026" -> "2026-07-16"; a month alone ("Oct 2023") -> "2023-10"; anything else -> null.
 */
export function isoDate(text) {
  const s = text.trim().replace(/,/g, ' ').replace(/\s+/g, ' ');
  const month = (word) => {
    const i = MONTHS.indexOf(word.slice(0, 3).toLowerCase());
    return i < 0 ? null : String(i + 1).padStart(2, '0');
  };
  let m = /^([A-Za-z]{3,9}) (\d{1,2}) (\d{4})$/.exec(s);
  if (m && month(m[1])) return `${m[3]}-${month(m[1])}-${m[2].padStart(2, '0')}`;
  m = /^(\d{1,2}) ([A-Za-z]{3,9}) (\d{4})$/.exec(s);
  if (m && month(m[2])) return `${m[3]}-${month(m[2])}-${m[1].padStart(2, '0')}`;
  m = /^([A-Za-z]{3,9}) (\d{4})$/.exec(s);
  if (m && month(m[1])) return `${m[2]}-${month(m[1])}`;
  return null;
}

/** Numeric comparison of dotted versions ("2.10" > "2.9"). */
export function compareVersions(a, b) {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** The metadata block of a table: its name, when it was read, the upstream date it reflects, its budget. */
export function tableMeta(manifest, table, extra = {}) {
  const t = manifest.tables[table];
  must(t, `manifest.yaml has no table ${table}`);
  const files = manifest.files.filter((f) => f.table === table);
  const dates = files
    .map((f) => f.date)
    .filter(Boolean)
    .map(String)
    .sort();
  return {
    name: t.name,
    read: String(manifest.read),
    ...(dates.length && { asOf: dates.at(-1) }),
    ...(t.staleAfterDays && { staleAfterDays: t.staleAfterDays }),
    ...extra,
    sources: files.map((f) => (f.url ? `${f.url} (saved in ${savedAt(f.path)})` : savedAt(f.path))),
  };
}
