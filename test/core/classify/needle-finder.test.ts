// The needle search finds exactly the needles a case-insensitive regular expression of
// each finds: every one, wherever it is (line start, inside a longer needle, repeated),
// and none that is not there, whatever the text holds (other scripts, case, control bytes).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileClassifier } from '../../../src/core/classify/engine.js';
import { rarestGram } from '../../../src/core/classify/gram-filter.js';
import { NeedleFinder } from '../../../src/core/classify/needle-finder.js';
import { EXIT_CODE_NEEDLES } from '../../../src/core/exit-codes/find.js';
import { NCCL_NEEDLES } from '../../../src/core/nccl/find.js';
import { primeRemembered } from '../../../src/core/remembered.js';
import { escapeRegExp } from '../../../src/core/text/regex-escape.js';
import { VERSION_NEEDLES } from '../../../src/core/versions/index.js';
import { XID_NEEDLES } from '../../../src/core/xid/find.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

const loaded = loadKnowledge();
if (!loaded.ok) throw new Error('knowledge does not load');
const compiled = compileClassifier(loaded.kb, {
  exitCodes: EXIT_CODE_NEEDLES,
  versions: VERSION_NEEDLES,
  signals: [XID_NEEDLES, NCCL_NEEDLES],
});
const NEEDLES = compiled.set.finder.needles;
const regexes = NEEDLES.map((n) => new RegExp(escapeRegExp(n), 'i'));

function found(finder: NeedleFinder, text: string): number[] {
  const seen = new Set<number>();
  finder.scan(text, (i) => {
    seen.add(i);
    return false;
  });
  return [...seen].sort((a, b) => a - b);
}

function expected(text: string): number[] {
  return regexes.flatMap((re, i) => (re.test(text) ? [i] : []));
}

/** Text made of needles (in any case), their pieces and other characters. */
const text = fc
  .array(
    fc.oneof(
      fc.constantFrom(...NEEDLES).map((n) => n.toUpperCase()),
      fc.constantFrom(...NEEDLES),
      fc.constantFrom(...NEEDLES).map((n) => n.slice(1)),
      fc.constantFrom(...NEEDLES).map((n) => n.slice(0, -1)),
      fc.string({ maxLength: 6 }),
      fc.constantFrom('\u212a', '\u017f', 'İ', 'é', '\x1b[31m', '\t', '\n', '\0', 'ÿ', '\u0130'),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('NeedleFinder', () => {
  it('GIVEN the classifier needles and any text THEN it finds the needles a case-insensitive regex of each finds', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(found(compiled.set.finder, t)).toEqual(expected(t));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['a needle at the very start', ':\\Users', [':\\']],
    ['one inside a longer one', 'NCCL error: unhandled', ['nccl error', 'error']],
    ['the same one twice', 'error error', ['error']],
    ['none', 'loss=0.25 lr=3e-4', []],
    ['a needle cut short by the end', 'out of memor', []],
  ])('GIVEN %s THEN it finds what is there', (_name, t, want) => {
    const finder = new NeedleFinder(['nccl error', 'error', ':\\', 'out of memory']);
    expect(found(finder, t).map((i) => finder.needles[i])).toEqual(
      want.sort((a, b) => finder.needles.indexOf(a) - finder.needles.indexOf(b)),
    );
  });

  it('GIVEN a needle that is not ASCII or too short THEN building fails', () => {
    expect(() => new NeedleFinder(['é'])).toThrow();
    expect(() => new NeedleFinder(['x'])).toThrow();
  });

  it('GIVEN has THEN it answers whether any needle is there', () => {
    const finder = new NeedleFinder(['segmentation fault', 'tf.']);
    expect(finder.has('Fatal Python error: Segmentation Fault')).toBe(true);
    expect(finder.has('TF.__version__')).toBe(true);
    expect(finder.has('tf 2.1')).toBe(false);
  });
});

describe('gram choices saved with the snapshot', () => {
  it('GIVEN primed choices THEN valid ones are used, and ones outside their needle are ignored', () => {
    primeRemembered({
      grams: [
        ['4:zqzqxwxwvuvu', 5],
        ['4:qqqqwwwwkkkk', 9],
        ['5:abcdefgh', 1],
        ['4:yyyyjjjj', -1],
      ],
    });
    expect(rarestGram('zqzqxwxwvuvu', 4)).toBe(5);
    // 9 + 4 > 12: not a piece of the needle, so it is scored instead.
    expect(rarestGram('qqqqwwwwkkkk', 4)).toBeLessThanOrEqual(8);
    expect(rarestGram('yyyyjjjj', 4)).toBeGreaterThanOrEqual(0);
    const finder = new NeedleFinder(['zqzqxwxwvuvu']);
    const found: number[] = [];
    finder.scan('log: ZQZQXWXWVUVU here', (i) => {
      found.push(i);
      return false;
    });
    expect(found).toEqual([0]);
  });
});
