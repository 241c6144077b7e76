// Every regular expression crashbot runs on pasted text, proved free of catastrophic
// backtracking by recheck's automaton checker (a proof, not a fuzz), and a knowledge file
// that adds an unsafe pattern refused by `crashbot knowledge check` with the pattern
// named. Verdicts are cached under node_modules/.cache, keyed by pattern, flags and
// checker version: a fresh clone (CI) proves them all, a changed pattern is proved again.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check } from 'recheck';
import { describe, expect, it } from 'vitest';
import { BUILTIN_PATTERNS } from '../../src/core/classify/builtins.js';
import { REMEDY_PATTERNS } from '../../src/core/remedies/markers.js';
import { MEMORY_REGEXES } from '../../src/core/remedies/situation.js';
import { CHAT_MARKUP_REGEXES } from '../../src/core/text/chat-markup.js';
import { NORMALIZE_REGEXES } from '../../src/core/text/normalize.js';
import { defaultKnowledgeDir, loadKnowledge } from '../../src/knowledge/load.js';
import {
  defaultProofCache,
  knowledgePatterns,
  type PatternSite,
  provePatterns,
  siteOf,
} from '../../src/knowledge/regex-safety.js';
import { hasRepetition, nestedRepetition } from '../../src/knowledge/regex-shape.js';
import { runInProcess } from '../helpers/cli.js';

function allPatterns(): PatternSite[] {
  const r = loadKnowledge();
  if (!r.ok) throw new Error('knowledge does not load');
  return [
    ...knowledgePatterns(r.kb),
    ...BUILTIN_PATTERNS.map((p) => siteOf(p.re, 'src/core/classify/builtins.ts')),
    ...NORMALIZE_REGEXES.map((re) => siteOf(re, 'src/core/text/normalize.ts')),
    ...CHAT_MARKUP_REGEXES.map((re) => siteOf(re, 'src/core/text/chat-markup.ts')),
    ...REMEDY_PATTERNS.map((p) => siteOf(p.re, 'src/core/remedies/markers.ts')),
    ...MEMORY_REGEXES.map((re) => siteOf(re, 'src/core/remedies/situation.ts')),
  ];
}

/** knowledge/ copied, with one more rule in gpu-oom.yaml matching `pattern`. */
function knowledgeWithRule(pattern: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'crashbot-kb-')), 'knowledge');
  cpSync(defaultKnowledgeDir(), dir, { recursive: true });
  const file = join(dir, 'causes', 'gpu-oom.yaml');
  const text = readFileSync(file, 'utf8');
  writeFileSync(
    file,
    text.replace(/^rules:\n/m, `rules:\n  - id: added\n    weight: 0.5\n    match: '${pattern}'\n`),
  );
  return dir;
}

describe('regular expressions run on pasted text', () => {
  it('GIVEN every knowledge, built-in and normalisation pattern THEN recheck proves each safe', {
    timeout: 1_800_000,
  }, async () => {
    const result = await provePatterns(allPatterns(), { cacheFile: defaultProofCache() });
    if (!result.available) throw new Error(result.reason);
    const unsafe = result.verdicts
      .filter((v) => v.status !== 'safe')
      .map((v) => `${v.status}: /${v.site.source}/${v.site.flags} (${v.site.where}) ${v.detail ?? ''}`);
    expect(unsafe).toEqual([]);
    expect(result.verdicts.length).toBeGreaterThan(150);
  });

  // Runs after the proof above (tests in a file run in order), so only the added pattern is new.
  it('GIVEN a knowledge file adding a polynomially backtracking pattern THEN `knowledge check` exits 1 naming it', {
    timeout: 600_000,
  }, async () => {
    const dir = knowledgeWithRule('CUDA error: \\w+\\d+ failed');
    const r = await runInProcess(['knowledge', 'check', '--dir', dir]);
    expect(r.status).toBe(1);
    expect(r.out).toContain(
      'causes/gpu-oom.yaml: rule gpu-oom/added: pattern /CUDA error: \\w+\\d+ failed/ can backtrack catastrophically (2nd degree polynomial',
    );
    expect(r.err).toContain('1 unsafe pattern(s)');
  });

  it('GIVEN a knowledge file adding a nested repetition THEN it is refused at load, even with --quick, naming it', async () => {
    const dir = knowledgeWithRule('CUDA error: (?:\\w+\\s?)+ failed');
    const r = await runInProcess(['knowledge', 'check', '--quick', '--dir', dir]);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(
      /^causes\/gpu-oom\.yaml: rules\[0\]\.match: pattern \/CUDA error: \(\?:\\w\+\\s\?\)\+ failed\/ repeats a group/m,
    );
  });

  it.each([
    ['(a+)+b', '(a+)+'],
    ['(?:foo|bar)*x', '(?:foo|bar)*'],
    ['(?:x(?:y\\d+)?){2,}', '(?:x(?:y\\d+)?){2,}'],
    ['(?:\\[\\d{1,3}\\][ +-]{1,8})?\\d+ killed', null],
    ['(?:ab){3}c', null],
    ['[(+)]+(x)', null],
    ['\\(a+\\)+', null],
  ])('GIVEN /%s/ THEN the nested repetition found is %s', (source, expected) => {
    expect(nestedRepetition(source)).toBe(expected);
  });

  it.each([
    ['CUDA out of memory', false],
    ['Killed|Segmentation fault \\(core dumped\\)', false],
    ['device-side assert(?:ion)? triggered', false],
    ['[+*{]', false],
    ['Loaded cuDNN version \\d+', true],
    ['a{2}', true],
    ['x*', true],
  ])('GIVEN /%s/ THEN repetition found is %s', (source, expected) => {
    expect(hasRepetition(source)).toBe(expected);
  });

  it('GIVEN a nested quantifier THEN the checker rejects it (the check can fail)', async () => {
    const result = await check('(a+)+b', '', { checker: 'automaton', timeout: 60_000 });
    expect(result.status).toBe('vulnerable');
  });
});
