import { checkSync } from 'recheck';
import { describe, expect, it } from 'vitest';
import { createExtractors } from '../../../src/core/versions/index.js';

const { structured, prose } = createExtractors();
const PATTERNS = [...structured, prose].flatMap((x, i) =>
  x.patterns.map((re, j) => [`${i}.${j}`, re] as const),
);

describe('version extraction regular expressions', () => {
  it('GIVEN the extractors THEN they list the regular expressions they run', () => {
    expect(PATTERNS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(PATTERNS)(
    'GIVEN pattern %s THEN recheck proves it safe from catastrophic backtracking',
    (_id, re) => {
      const result = checkSync(re.source, re.flags.replace('g', ''), {
        checker: 'automaton',
        timeout: 10_000,
      });
      expect({ status: result.status, source: re.source }).toEqual({ status: 'safe', source: re.source });
    },
  );

  it.each([
    ['a 4,000-character run of digits and dots', `torch==${'1.'.repeat(2000)}`],
    ['a long pip row of spaces', `numpy${' '.repeat(3000)}x`],
    ['a long nvidia-smi-like row', `|   0  ${'NVIDIA '.repeat(500)}|`],
    ['a long library list', 'cudart64_110.dll '.repeat(250)],
  ])('GIVEN %s THEN one line is read in bounded time', async (_name, line) => {
    const { createVersionCollector } = await import('../../../src/core/versions/index.js');
    const c = createVersionCollector();
    const start = performance.now();
    for (let i = 0; i < 200; i++) c.line(line, i + 1);
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
