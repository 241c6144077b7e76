import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EMPTY_COMPAT } from '../../src/core/versions/compat-types.js';
import { loadCompat } from '../../src/knowledge/compat.js';
import { ProblemList } from '../../src/knowledge/files.js';

const ROOT = join(import.meta.dirname, '..', '..');
const COMPAT = join(ROOT, 'knowledge', 'compat');
const UPSTREAM = join(ROOT, 'scripts', 'upstream');
const REFERENCE = join(UPSTREAM, 'reference');
const FILES = readdirSync(COMPAT).filter((f) => f.endsWith('.yaml'));
const raw = (f: string) => parse(readFileSync(join(COMPAT, f), 'utf8')) as Record<string, unknown>;

/** Every row of a compat file: the elements of its top-level lists, and its top-level facts (not its meta). */
function rows(file: string): [string, Record<string, unknown>][] {
  return Object.entries(raw(file))
    .filter(([key]) => key !== 'meta')
    .flatMap(([key, value]) =>
      Array.isArray(value)
        ? value.map(
            (r, i) =>
              [`${file} ${key}[${i}]`, r as Record<string, unknown>] as [string, Record<string, unknown>],
          )
        : [[`${file} ${key}`, value as Record<string, unknown>] as [string, Record<string, unknown>]],
    );
}
const ALL_ROWS = FILES.flatMap(rows);

/** Sets (or, with undefined, deletes) the value at a path of parsed YAML. */
function setAt(data: unknown, path: readonly (string | number)[], value: unknown): void {
  let node = data as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});
function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'crashbot-compat-'));
  temps.push(dir);
  cpSync(COMPAT, join(dir, 'compat'), { recursive: true });
  return dir;
}

describe('knowledge/compat', () => {
  it('GIVEN the shipped tables THEN they load without a problem and every table has rows', () => {
    const problems = new ProblemList(ROOT);
    const t = loadCompat(COMPAT, problems);
    expect(problems.items).toEqual([]);
    expect(t.tensorflow.builds.length).toBeGreaterThanOrEqual(39);
    expect(t.pytorch.releases.length).toBeGreaterThanOrEqual(23);
    expect(t.pytorch.archLists.length).toBeGreaterThanOrEqual(30);
    expect(t.cudaDrivers.toolkits.length).toBeGreaterThanOrEqual(60);
    expect(t.cudaDrivers.minorVersion.map((r) => r.cudaMajor)).toEqual([13, 12, 11]);
    expect(t.cudnn.libraries.length).toBeGreaterThanOrEqual(50);
    expect(t.gpus.length).toBeGreaterThanOrEqual(80);
    expect(Object.isFrozen(t.tensorflow.builds[0])).toBe(true);
  });

  it(`GIVEN all ${ALL_ROWS.length} compat rows THEN each carries a source, a verified flag and the day it was read`, () => {
    const missing = ALL_ROWS.filter(
      ([, r]) =>
        typeof r.source !== 'string' ||
        r.source.trim() === '' ||
        !(
          typeof r.verified === 'boolean' || ['secondary', 'partial', 'derived'].includes(String(r.verified))
        ) ||
        !/^\d{4}-\d{2}-\d{2}$/.test(String(r.read)),
    );
    expect(missing.map(([where]) => where)).toEqual([]);
    expect(ALL_ROWS.length).toBeGreaterThan(300);
  });

  it('GIVEN every table THEN its meta says when it was read, from which saved copies', () => {
    for (const f of FILES) {
      const meta = raw(f).meta as { read?: string; sources?: string[] };
      expect(meta.read, f).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const s of meta.sources ?? []) {
        const saved = /scripts\/upstream\/([\w./-]+)/.exec(s)?.[1];
        expect(saved && existsSync(join(UPSTREAM, saved)), `${f}: ${s}`).toBe(true);
      }
    }
  });

  it('GIVEN every row THEN its source names a saved upstream copy or is quoted from the reference pack, not made up', () => {
    const reference = readdirSync(REFERENCE)
      .filter((f) => f.endsWith('.json'))
      .map((f) => readFileSync(join(REFERENCE, f), 'utf8'))
      .join('\n');
    const quoted = (s: string) => reference.includes(JSON.stringify(s).slice(1, -1));
    const invented = ALL_ROWS.filter(([, r]) => {
      const s = String(r.source);
      const saved = [...s.matchAll(/saved in scripts\/upstream\/([\w./-]+?)\)?(?:[;)]|$)/g)].map(
        (m) => m[1]!,
      );
      if (saved.length) return !saved.every((p) => existsSync(join(UPSTREAM, p)));
      // The generator may add one parenthesis naming the table part a row comes from.
      return !quoted(s) && !quoted(s.replace(/ \([^()]*\)$/, '')) && !s.split(' ; ').every(quoted);
    });
    expect(invented.map(([where, r]) => `${where}: ${r.source}`)).toEqual([]);
  });

  it('GIVEN the saved upstream copies THEN the generator rebuilds exactly the committed tables', () => {
    const out = mkdtempSync(join(tmpdir(), 'crashbot-build-compat-'));
    temps.push(out);
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-compat.mjs'), '--out', out]);
    for (const f of FILES)
      expect(readFileSync(join(out, f), 'utf8'), f).toBe(readFileSync(join(COMPAT, f), 'utf8'));
    expect(readdirSync(out).sort()).toEqual([...FILES].sort());
    expect(() =>
      execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-compat.mjs'), '--check'], {
        stdio: 'pipe',
      }),
    ).not.toThrow();
  });

  it.each([
    ['a row without a source', 'tensorflow.yaml', ['builds', 0, 'source'], undefined, 'builds[0].source'],
    ['an unknown verified flag', 'gpus.yaml', ['gpus', 0, 'verified'], 'maybe', 'gpus[0].verified'],
    ['a version that is not one', 'tensorflow.yaml', ['builds', 2, 'cuda'], 'eleven', 'builds[2].cuda'],
    ['a fact without a source', 'jax.yaml', ['windowsNativeGpu', 'source'], '', 'windowsNativeGpu.source'],
    ['an unknown field', 'cudnn.yaml', ['cudaPairs', 0, 'cudaa'], ['11'], 'cudaPairs[0]'],
  ] as const)('GIVEN %s THEN loading reports the file and the field', (_name, file, path, value, field) => {
    const dir = copy();
    const target = join(dir, 'compat', file);
    const data = parse(readFileSync(target, 'utf8')) as unknown;
    setAt(data, path, value);
    writeFileSync(target, JSON.stringify(data));
    const problems = new ProblemList(dir);
    expect(loadCompat(join(dir, 'compat'), problems)).toBe(EMPTY_COMPAT);
    expect(problems.items).toContainEqual(expect.objectContaining({ file: `compat/${file}`, field }));
  });

  it.each([
    [
      'a missing table',
      (dir: string) => rmSync(join(dir, 'compat', 'jax.yaml')),
      'compat/jax.yaml',
      '(file)',
    ],
    [
      'an unknown table',
      (dir: string) => writeFileSync(join(dir, 'compat', 'extra.yaml'), 'rows: []'),
      'compat/extra.yaml',
      '(file)',
    ],
    [
      'broken YAML',
      (dir: string) => writeFileSync(join(dir, 'compat', 'gpus.yaml'), 'gpus: [\n'),
      'compat/gpus.yaml',
      '(yaml)',
    ],
  ])('GIVEN %s THEN loading reports it with its file', (_name, damage, file, field) => {
    const dir = copy();
    damage(dir);
    const problems = new ProblemList(dir);
    expect(loadCompat(join(dir, 'compat'), problems)).toBe(EMPTY_COMPAT);
    expect(problems.items).toContainEqual(expect.objectContaining({ file, field }));
  });
});
