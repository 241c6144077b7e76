// The CLI's core runs as a script whose compiled code is kept beside it (src/cli/code-cache.ts):
// kept code that fits is used, and missing or damaged kept code only means compiling.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { codeCachePath, codeCacheUse, loadCachedScript, writeCodeCaches } from '../../src/cli/code-cache.js';

const dir = mkdtempSync(join(tmpdir(), 'crashbot-code-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = join(dir, 'm.script.js');
writeFileSync(
  file,
  '(function (factor) {"use strict";\nfunction scale(x) { return factor * x; }\nconst twice = (x) => scale(x) * 2;\nreturn { scale, twice };\n})\n',
);
const url = pathToFileURL(file);
const use = () => codeCacheUse().find((u) => u.file === file)?.used;

describe('loadCachedScript', () => {
  it('GIVEN no kept code THEN the script runs, compiled from source', () => {
    const m = loadCachedScript(url, [3]) as { scale(x: number): number; twice(x: number): number };
    expect(m.scale(2)).toBe(6);
    expect(m.twice(2)).toBe(12);
    expect(use()).toBeNull();
  });

  it('GIVEN its kept code THEN V8 takes it and the script gives the same results', () => {
    const m1 = loadCachedScript(url, [5]) as { twice(x: number): number };
    expect(m1.twice(1)).toBe(10);
    expect(writeCodeCaches()).toContain(codeCachePath(file));
    const m2 = loadCachedScript(url, [5]) as { twice(x: number): number };
    expect(use()).toBe(true);
    expect(m2.twice(1)).toBe(10);
  });

  it('GIVEN damaged kept code THEN it is not used and the script still runs', () => {
    const kept = readFileSync(codeCachePath(file));
    for (let i = kept.length - 200; i < kept.length; i += 7) kept[i] = (kept[i] ?? 0) ^ 0xff;
    writeFileSync(codeCachePath(file), kept);
    const m = loadCachedScript(url, [7]) as { twice(x: number): number };
    expect(use()).toBeNull();
    expect(m.twice(1)).toBe(14);
  });

  it('GIVEN kept code cut short THEN it is not used and the script still runs', () => {
    loadCachedScript(url, [1]);
    writeCodeCaches();
    const kept = readFileSync(codeCachePath(file));
    writeFileSync(codeCachePath(file), kept.subarray(0, 100));
    const m = loadCachedScript(url, [2]) as { twice(x: number): number };
    expect(use()).toBeNull();
    expect(m.twice(1)).toBe(4);
  });

  it('GIVEN kept code of another script of the same length THEN it is not used', () => {
    const other = readFileSync(file, 'utf8').replace('factor * x', 'factor + x');
    const otherFile = join(dir, 'o.script.js');
    writeFileSync(otherFile, other);
    loadCachedScript(pathToFileURL(otherFile), [1]);
    writeCodeCaches();
    writeFileSync(codeCachePath(file), readFileSync(codeCachePath(otherFile)));
    const m = loadCachedScript(url, [3]) as { scale(x: number): number };
    expect(use()).toBeNull();
    expect(m.scale(2)).toBe(6);
  });
});
