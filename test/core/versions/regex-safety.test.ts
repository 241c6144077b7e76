// Every pattern in src/ is proved by test/architecture/regex-safety.test.ts; these are the
// version reader's own worst cases, each a long line read many times.
import { describe, expect, it } from 'vitest';

describe('version extraction regular expressions', () => {
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
