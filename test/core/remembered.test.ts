// What the build saves with the knowledge snapshot so a start does not work it out again in
// cold code: primed entries are used by key, entries of the wrong shape are ignored, and a
// table made after the priming still gets its entries.
import { describe, expect, it } from 'vitest';
import { diagnoseText } from '../../src/core/diagnose.js';
import {
  forgetRemembered,
  primeRemembered,
  Remembered,
  rememberedEntries,
} from '../../src/core/remembered.js';
import { literalNeedles } from '../../src/core/text/regex-literals.js';
import { loadKnowledge } from '../../src/knowledge/load.js';

const isNumber = (v: unknown): v is number => typeof v === 'number';

describe('remembered tables', () => {
  it('GIVEN entries primed for a table not made yet THEN the table has them when it is made', () => {
    primeRemembered({ 'test-later': [['a', 1], ['b', 'two'], ['c']] });
    const table = new Remembered('test-later', isNumber);
    expect(table.get('a', () => 99)).toBe(1);
    // 'two' is not a number: the value is worked out.
    expect(table.get('b', () => 2)).toBe(2);
    expect(table.entries()).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
  });

  it('GIVEN two tables with one name THEN the second is refused', () => {
    new Remembered('test-twice', isNumber);
    expect(() => new Remembered('test-twice', isNumber)).toThrow(/two remembered tables/);
  });

  it("GIVEN primed literals for a pattern's source THEN literalNeedles gives them, a copy each time", () => {
    const source = 'zqxj remembered (?:alpha|beta) source';
    primeRemembered({
      literals: [
        [source, ['zqxj remembered ']],
        ['(?:x)', [42]],
      ],
    });
    const needles = literalNeedles(source);
    expect(needles).toEqual(['zqxj remembered ']);
    needles.push('changed');
    expect(literalNeedles(source)).toEqual(['zqxj remembered ']);
    // A malformed entry is not taken: the source is read.
    expect(literalNeedles('(?:x)')).toEqual([]);
  });

  it('GIVEN the tables forgotten and one diagnosis THEN the entries are what that diagnosis works out, and priming them back gives the same', () => {
    const r = loadKnowledge();
    if (!r.ok) throw new Error('knowledge does not load');
    forgetRemembered();
    const first = diagnoseText(
      'Traceback (most recent call last):\nRuntimeError: CUDA error: out of memory',
      r.kb,
    );
    const report = first.crashReport;
    const saved = rememberedEntries();
    expect(saved.literals?.length).toBeGreaterThan(100);
    expect(saved.grams?.length).toBeGreaterThan(100);
    forgetRemembered();
    primeRemembered(JSON.parse(JSON.stringify(saved)));
    expect(rememberedEntries()).toEqual(saved);
    const again = diagnoseText(
      'Traceback (most recent call last):\nRuntimeError: CUDA error: out of memory',
      r.kb,
    );
    expect(again.causes).toEqual(first.causes);
    expect(again.crashReport).toBe(report);
  });
});
