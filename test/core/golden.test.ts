// Golden replies: what `crashbot diagnose --json` and `crashbot diagnose` print for every
// fixture log and every case of the dev corpus, kept byte for byte in test/golden/, one
// file per case. A change to the engine must leave them all as they are; a change to
// knowledge/ that moves a reply re-blesses the cases it moved:
//   UPDATE_GOLDEN=1 npx vitest run test/core/golden.test.ts
// (then `git diff test/golden` shows what changed, case by case).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { render } from '../../src/cli/commands/diagnose.js';
import { diagnoseText } from '../../src/core/diagnose.js';
import { loadKnowledge } from '../../src/knowledge/load.js';
import { runInProcess } from '../helpers/cli.js';
import { loadFixtures } from '../helpers/fixtures.js';

const GOLDEN = fileURLToPath(new URL('../golden', import.meta.url));
const CORPUS = fileURLToPath(new URL('../../../shared/corpus/dev.jsonl', import.meta.url));
const UPDATE = process.env.UPDATE_GOLDEN === '1';

interface Case {
  /** Path of its golden file under test/golden, without the extension. */
  name: string;
  text: string;
}

function fixtureCases(): Case[] {
  return loadFixtures().map((f) => ({ name: `fixtures/${f.file.replace(/\.log$/, '')}`, text: f.text }));
}

function corpusCases(): Case[] {
  return readFileSync(CORPUS, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { id: string; log: string })
    .map((c) => ({ name: `corpus/${c.id}`, text: c.log }));
}

/** What the CLI prints for the case, in both formats, as one text. */
async function replies(c: Case): Promise<string> {
  const json = await runInProcess(['diagnose', '--json'], c.text);
  const text = await runInProcess(['diagnose'], c.text);
  if (json.status !== 0 || text.status !== 0) throw new Error(`${c.name}: ${json.err}${text.err}`);
  return `== crashbot diagnose --json\n${json.out}== crashbot diagnose\n${text.out}`;
}

function goldenPath(name: string): string {
  return join(GOLDEN, `${name}.golden`);
}

/** Compares every case with its golden file (or writes them all under UPDATE_GOLDEN=1). */
async function checkCases(cases: readonly Case[], folder: string): Promise<void> {
  const changed: string[] = [];
  for (const c of cases) {
    const got = await replies(c);
    const path = goldenPath(c.name);
    const want = existsSync(path) ? readFileSync(path, 'utf8') : null;
    if (got === want) continue;
    if (UPDATE) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, got);
    } else changed.push(want === null ? `${c.name} (no golden file)` : c.name);
  }
  const orphans = goldenFiles(join(GOLDEN, folder))
    .map((f) => relative(GOLDEN, f).replace(/\.golden$/, ''))
    .filter((name) => !cases.some((c) => c.name === name));
  if (UPDATE) for (const o of orphans) rmSync(goldenPath(o));
  else changed.push(...orphans.map((o) => `${o} (golden file of no case)`));
  expect(changed, 'replies differ from test/golden; re-bless with UPDATE_GOLDEN=1 only if meant').toEqual([]);
}

function goldenFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? goldenFiles(join(dir, e.name)) : e.name.endsWith('.golden') ? [join(dir, e.name)] : [],
  );
}

/** The paste path (chat) and the byte path (files, attachments) must agree on every case. */
function pasteMismatches(cases: readonly Case[], golden: (c: Case) => string): string[] {
  const kb = loadKnowledge();
  if (!kb.ok) throw new Error('knowledge/ has problems');
  return cases.filter((c) => render(diagnoseText(c.text, kb.kb), 'json') !== golden(c)).map((c) => c.name);
}

function jsonPart(golden: string): string {
  return golden.slice('== crashbot diagnose --json\n'.length, golden.indexOf('== crashbot diagnose\n'));
}

describe('golden replies', () => {
  it('GIVEN every fixture log THEN diagnose --json and the text reply are byte for byte the kept ones', async () => {
    await checkCases(fixtureCases(), 'fixtures');
  }, 120_000);

  it('GIVEN every fixture log THEN a paste gives the same diagnosis as the file', () => {
    const cases = fixtureCases();
    expect(pasteMismatches(cases, (c) => jsonPart(readFileSync(goldenPath(c.name), 'utf8')))).toEqual([]);
  });
});

describe.runIf(existsSync(CORPUS))('golden replies on the dev corpus', () => {
  it('GIVEN every case of ../shared/corpus/dev.jsonl THEN diagnose --json and the text reply are the kept ones', async () => {
    await checkCases(corpusCases(), 'corpus');
  }, 120_000);

  it('GIVEN every corpus case THEN a paste gives the same diagnosis as the file', () => {
    const cases = corpusCases();
    expect(pasteMismatches(cases, (c) => jsonPart(readFileSync(goldenPath(c.name), 'utf8')))).toEqual([]);
  });
});

if (!existsSync(CORPUS)) {
  describe('golden replies on the dev corpus', () => {
    it.skip(`skipped: ${CORPUS} is absent (a plain clone without ../shared)`, () => {});
  });
}
