import { checkSync } from 'recheck';
import { describe, expect, it } from 'vitest';
import { EXIT_CODE_REGEXES } from '../../../src/core/exit-codes/regexes.js';

describe('exit-code regular expressions', () => {
  it('GIVEN the module THEN it lists its regular expressions for this check', () => {
    expect(EXIT_CODE_REGEXES.length).toBeGreaterThanOrEqual(25);
  });

  it.each(EXIT_CODE_REGEXES.map((r) => [r.id, r.re] as const))(
    'GIVEN the regex %s THEN recheck proves it safe from catastrophic backtracking',
    (_id, re) => {
      const result = checkSync(re.source, re.flags, { checker: 'automaton', timeout: 60_000 });
      expect({ status: result.status, source: re.source }).toEqual({ status: 'safe', source: re.source });
    },
    // The proof takes seconds per pattern, longer on a busy machine.
    90_000,
  );
});
