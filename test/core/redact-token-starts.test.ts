// The token shapes run only on text holding one of the literal texts their matches start
// with (tokens.ts, literalStarts). Those starts must hold for every match: checked here on
// strings generated from each pattern itself, and on hand-made patterns for each form the
// reading understands or refuses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findTokens, literalStarts, shapesToRun, TOKEN_SHAPES } from '../../src/core/redact/tokens.js';
import { Doc } from '../../src/core/redact/values.js';

describe('the literal starts of a pattern', () => {
  it.each([
    [/(?<![\w-])hf_[A-Za-z0-9]{30}/g, ['hf_']],
    [/ya29\.[0-9A-Za-z_-]{20}/g, ['ya29.']],
    [/[rs]k_(?:live|test)_\d/g, ['rk_', 'sk_']],
    [/(?:glc_\w|glsa_\w)/g, ['glc_', 'glsa_']],
    [/PMAK-[a-f0-9]{24}/gi, ['pmak-']],
    // A character that may be left out ends the start before it; one that repeats, after it.
    [/abc?d/g, ['ab']],
    [/abc+d/g, ['abc']],
    [/abc{2}d/g, ['ab']],
  ] as const)('GIVEN %s THEN its matches start with %j', (re, starts) => {
    expect(literalStarts(re)).toEqual(starts);
  });

  it.each([
    // Nothing to go by: the pattern always runs.
    /[MNO][A-Za-z0-9_-]{23}\.x/g,
    /(?:ops_)?eyJ[A-Za-z0-9]{57}/g,
    /hf_[A-Za-z]{30}|ghp_[A-Za-z]{30}|x/g,
    /(?:abc|d)\w/g,
    /^abc/g,
    /\dabc/g,
    /a/g,
  ])('GIVEN %s THEN no start is claimed', (re) => {
    expect(literalStarts(re)).toEqual([]);
  });

  it('GIVEN any string a token shape matches THEN its match starts with one of the starts', () => {
    for (const { re } of TOKEN_SHAPES) {
      const starts = literalStarts(re);
      if (starts.length === 0) continue;
      const plain = new RegExp(re.source, re.flags.replace('g', ''));
      // The generator knows no lookarounds: strings come from the pattern without them.
      const bare = new RegExp(
        re.source.replace(/\(\?<?[!=](?:\[[^\]]*\]|[^)])*\)/g, ''),
        plain.flags.replace('i', ''),
      );
      fc.assert(
        fc.property(fc.stringMatching(bare), (s) => {
          const m = plain.exec(s);
          if (!m) return true;
          const at = re.ignoreCase ? s.slice(m.index).toLowerCase() : s.slice(m.index);
          return starts.some((x) => at.startsWith(x));
        }),
        { numRuns: 40, seed: 7 },
      );
    }
  });

  it('GIVEN text around anything a token shape matches THEN that shape is run on it', () => {
    TOKEN_SHAPES.forEach(({ re }, i) => {
      const plain = new RegExp(re.source, re.flags.replace('g', ''));
      const bare = new RegExp(
        re.source.replace(/\(\?<?[!=](?:\[[^\]]*\]|[^)])*\)/g, ''),
        plain.flags.replace('i', ''),
      );
      // Mixed case where the shape ignores it; any characters, ASCII or not, around it.
      const token = fc
        .tuple(fc.stringMatching(bare), fc.boolean())
        .map(([t, up]) => (re.ignoreCase && up ? t.toLowerCase() : t));
      fc.assert(
        fc.property(
          fc.string({ unit: 'grapheme', maxLength: 8 }),
          token,
          fc.string({ maxLength: 8 }),
          (a, t, b) => {
            const text = a + t + b;
            return !plain.test(text) || shapesToRun(text)[i] === 1;
          },
        ),
        { numRuns: 30, seed: 11 },
      );
    });
  });

  it('GIVEN text with no start of any shape THEN only the shapes without starts run, and find nothing', () => {
    const found: { start: number; end: number; kind: string }[] = [];
    findTokens(new Doc('RuntimeError: CUDA error: an illegal memory access was encountered'), found);
    expect(found).toEqual([]);
  });
});
