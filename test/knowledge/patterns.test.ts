import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompiledPattern } from '../../src/core/knowledge.js';
import { normalizeLine } from '../../src/core/text/normalize.js';
import { loadKnowledge } from '../../src/knowledge/load.js';
import { compilePattern, literalNeedles } from '../../src/knowledge/patterns.js';
import { loadFixtures } from '../helpers/fixtures.js';

describe('literalNeedles', () => {
  it.each([
    ['CUDA out of memory\\. Tried', ['CUDA out of memory. Tried']],
    ['Loaded runtime CuDNN library: ([\\d.]+) but', ['Loaded runtime CuDNN library: ']],
    [
      'device-side assert(ion)? triggered',
      ['device-side assert triggered', 'device-side assertion triggered'],
    ],
    ['^Killed$|Segmentation fault', ['Killed', 'Segmentation fault']],
    ['colou?r is red', ['r is red']],
    ['(?:exit code|exit status) (-?\\d+)', []],
    ['a|bcdef', []],
    // Spelled out through groups of plain alternatives when that makes every needle longer.
    ['\\bnccl(?:SystemError|InternalError)\\b', ['ncclSystemError', 'ncclInternalError']],
    [
      'Could not (?:load|locate) (?:library )?(?:cudnn_[a-z_]{1,40}64_\\d\\.dll|zlibwapi\\.dll)',
      ['Could not load ', 'Could not locate '],
    ],
    ["version `(?:GLIBCXX|CXXABI)_[\\d.]+' not found", ['version `GLIBCXX_', 'version `CXXABI_']],
    [
      'parameters that were not used in producing (?:the )?loss',
      [
        'parameters that were not used in producing loss',
        'parameters that were not used in producing the loss',
      ],
    ],
    // Alternatives that differ only in case are one needle (the prefilter ignores case).
    ['load (cudnn|cuDNN|cublas)', ['load cudnn', 'load cublas']],
    // A group that repeats, or one whose alternatives are not plain text, ends the spelling.
    ['CUDNN_STATUS_(?:A|B)+ failed', ['CUDNN_STATUS_']],
    ['unable to (?:write|mmap \\d+ bytes) (?:to )?x', ['unable to ']],
    // The scanner's prefilter reads ASCII: a letter outside it ends a run like a wildcard.
    ['Ungültiger Maschinenbefehl', ['ltiger Maschinenbefehl']],
    ['[（(]killed[）)]|被 ?kill', ['killed', 'kill']],
    ['Instrucci(?:ó|o)n ilegal', ['Instrucci']],
    ['非法指令|Illegal instruction', []],
    // A literal healthy logs print on many lines gives way to another one long enough to be rare.
    ['^HTTPError +Traceback \\(most recent call last\\)', ['HTTPError']],
    ['libcudart\\.so[.\\d]*: cannot open shared object file', ['libcudart.so']],
    [
      'lib(?:cuda|nvidia-ml)\\.so[.\\d]{0,10}: cannot open shared object file',
      ['libcuda.so', 'libnvidia-ml.so'],
    ],
    ['Traceback \\(most recent call last\\):', ['Traceback (most recent call last):']],
    ['lib\\w+\\.so: cannot open shared object file', ['.so: cannot open shared object file']],
  ])('GIVEN /%s/ THEN the needles are %j', (source, needles) => {
    expect(literalNeedles(source)).toEqual(needles);
  });

  it('GIVEN a pattern that matches the empty string THEN it is refused', () => {
    expect(compilePattern('x?').ok).toBe(false);
  });
});

/** Every pattern the knowledge base compiles: rule triggers, their conditions, harmless notices. */
function knowledgePatterns(): CompiledPattern[] {
  const r = loadKnowledge();
  if (!r.ok) throw new Error('knowledge');
  return [
    ...r.kb.rules.flatMap((rule) => [
      rule.match,
      ...(rule.when?.seen ?? []),
      ...(rule.when?.anySeen ?? []),
      ...(rule.unless?.anySeen ?? []),
    ]),
    ...r.kb.harmless.map((h) => h.pattern),
  ].filter((p) => p !== undefined);
}

describe('the prefilter promise', () => {
  it('GIVEN every knowledge pattern and every fixture line it matches THEN the line holds one of its needles', () => {
    const patterns = knowledgePatterns();
    const lines = loadFixtures().flatMap((f) => f.text.split('\n').flatMap(normalizeLine));
    const broken: string[] = [];
    let matched = 0;
    for (const p of patterns) {
      for (const line of lines) {
        if (!p.re.test(line)) continue;
        matched++;
        const lower = line.toLowerCase();
        if (!p.needles.some((n) => lower.includes(n)))
          broken.push(`/${p.source}/ matched "${line}" without a needle`);
      }
    }
    expect(broken).toEqual([]);
    expect(matched).toBeGreaterThan(50);
  });

  it('GIVEN any text a knowledge pattern matches, made from the pattern itself THEN it holds one of its needles', () => {
    const patterns = knowledgePatterns();
    const broken: string[] = [];
    let checked = 0;
    for (const p of new Set(patterns)) {
      // The generator knows neither lookarounds nor case folding: it writes the text as the
      // pattern spells it (the prefilter ignores case, so that loses nothing here).
      let texts: fc.Arbitrary<string>;
      try {
        texts = fc.stringMatching(new RegExp(p.re.source));
      } catch {
        continue;
      }
      checked++;
      fc.assert(
        fc.property(texts, (text) => {
          if (!p.re.test(text)) return true;
          const lower = text.toLowerCase();
          if (!p.needles.some((n) => lower.includes(n)))
            broken.push(`/${p.source}/ matched "${text}" without a needle`);
          return true;
        }),
        { numRuns: 25, seed: 3 },
      );
    }
    expect(broken.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(patterns.length / 2);
  });
});
