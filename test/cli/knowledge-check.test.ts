// `crashbot knowledge check` prints each compatibility table's age and warns past its budget;
// --strict makes that an error. The in-process CLI's clock says 2026-11-18.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';

const KNOWLEDGE = join(import.meta.dirname, '..', '..', 'knowledge');
const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A copy of knowledge/ whose compat tables all say their upstream copies are from `asOf`. */
function knowledgeAsOf(asOf: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'crashbot-ages-'));
  temps.push(dir);
  cpSync(KNOWLEDGE, dir, { recursive: true });
  for (const f of readdirSync(join(dir, 'compat'))) {
    const path = join(dir, 'compat', f);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/^ {2}asOf: .*$/m, `  asOf: ${asOf}`));
  }
  return dir;
}

describe('crashbot knowledge check: the age of the compatibility tables', () => {
  it('GIVEN the shipped tables THEN each is listed with its newest release, dates and age, and those past their budget warn', async () => {
    const r = await runInProcess(['knowledge', 'check', '--quick']);
    expect(r.status).toBe(0);
    expect(r.out).toMatch(
      /PyTorch +newest 2\.14 +upstream as of 2026-08-21, read 2026-11-25: 89 days old \(budget 60\) STALE/,
    );
    expect(r.out).toMatch(
      /CUDA +newest 13\.4 +upstream as of 2026-09-11, read 2026-11-25: 68 days old \(budget 90\) ok/,
    );
    expect(r.out).toMatch(/TensorFlow +newest 2\.21 .*\(budget 190\) STALE/);
    expect(r.out).toMatch(/JAX +newest 0\.11\.0 .*\(budget 35\) STALE/);
    expect(r.err).toMatch(/4 compatibility table\(s\) past their budget.*--strict makes this an error/);
    expect(r.out).toMatch(/no problems\n$/);
  });

  it('GIVEN --strict and tables past their budget THEN it exits 1', async () => {
    const r = await runInProcess(['knowledge', 'check', '--quick', '--strict']);
    expect(r.status).toBe(1);
    expect(r.err).toContain('past their budget');
  });

  it('GIVEN --strict and tables read from fresh upstream copies THEN it exits 0', async () => {
    const r = await runInProcess([
      'knowledge',
      'check',
      '--quick',
      '--strict',
      '--dir',
      knowledgeAsOf('2026-11-10'),
    ]);
    expect(r.err).toBe('');
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/PyTorch .*: 8 days old \(budget 60\) ok/);
  });
});
