// Every regular expression crashbot runs on pasted text, proved free of catastrophic
// backtracking by recheck's automaton checker (a proof, not a fuzz). Checking takes
// seconds per pattern, so verdicts are cached outside the repository, keyed by the
// pattern, its flags and the recheck version: a fresh clone (CI) checks them all, and a
// changed pattern is always checked again.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check } from 'recheck';
import { describe, expect, it } from 'vitest';
import { BUILTIN_PATTERNS } from '../../src/core/classify/builtins.js';
import { NORMALIZE_REGEXES } from '../../src/core/text/normalize.js';
import { loadKnowledge } from '../../src/knowledge/load.js';

const CACHE = fileURLToPath(new URL('../../node_modules/.cache/crashbot-redos.json', import.meta.url));
const RECHECK = (createRequire(import.meta.url)('recheck/package.json') as { version: string }).version;

function allPatterns(): Map<string, { source: string; flags: string; where: string }> {
  const r = loadKnowledge();
  if (!r.ok) throw new Error('knowledge does not load');
  const out = new Map<string, { source: string; flags: string; where: string }>();
  const add = (re: RegExp, where: string) => {
    const flags = re.flags.replace(/[gy]/g, '');
    out.set(`${flags}/${re.source}`, { source: re.source, flags, where });
  };
  for (const rule of r.kb.rules) {
    if (rule.match) add(rule.match.re, `${rule.file} ${rule.id}`);
    for (const c of [rule.when, rule.unless]) {
      for (const p of [...(c?.seen ?? []), ...(c?.anySeen ?? [])])
        add(p.re, `${rule.file} ${rule.id} (condition)`);
    }
  }
  for (const h of r.kb.harmless) add(h.pattern.re, `harmless.yaml ${h.id}`);
  for (const p of BUILTIN_PATTERNS) add(p.re, 'src/core/classify/builtins.ts');
  for (const re of NORMALIZE_REGEXES) add(re, 'src/core/text/normalize.ts');
  return out;
}

/**
 * A pattern with no repetition (no `*`, `+` or `{...}` outside character classes) matches
 * a finite language: from any start position it can try only a fixed number of paths, so
 * it cannot backtrack catastrophically. Those need no checker.
 */
function hasRepetition(source: string): boolean {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') inClass = true;
    else if (c === '*' || c === '+' || c === '{') return true;
  }
  return false;
}

function readCache(): Record<string, string> {
  try {
    return JSON.parse(readFileSync(CACHE, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

describe('regular expressions run on pasted text', () => {
  it('GIVEN every knowledge, built-in and normalisation pattern THEN recheck proves each safe', {
    timeout: 900_000,
  }, async () => {
    const cache = readCache();
    const verdicts: string[] = [];
    for (const [key, p] of allPatterns()) {
      const id = createHash('sha256').update(`${RECHECK}\0${key}`).digest('hex');
      let status = hasRepetition(p.source) ? cache[id] : 'safe';
      if (status !== 'safe') {
        const result = await check(p.source, p.flags, { checker: 'automaton', timeout: 120_000 });
        status = result.status;
        if (status === 'safe') cache[id] = status;
      }
      if (status !== 'safe') verdicts.push(`${status}: /${p.source}/${p.flags} (${p.where})`);
    }
    mkdirSync(dirname(CACHE), { recursive: true });
    writeFileSync(CACHE, JSON.stringify(cache));
    expect(verdicts).toEqual([]);
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
