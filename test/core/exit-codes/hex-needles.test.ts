import { describe, expect, it } from 'vitest';
import { findExitCodes } from '../../../src/core/exit-codes/find.js';
import { KNOWN_HEX_NEEDLES } from '../../../src/core/exit-codes/line-patterns.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

describe('the needles of bare hex codes', () => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error('knowledge');
  const table = r.kb.exitCodes;

  it('GIVEN every NTSTATUS in the table THEN its hex starts with one of the needles, so the prefilter lets it through', () => {
    const missed = table.ntstatus
      .map((c) => c.hex.toLowerCase())
      .filter((hex) => !KNOWN_HEX_NEEDLES.some((n) => hex.startsWith(n)));
    expect(missed).toEqual([]);
  });

  it.each(table.ntstatus.map((c) => [c.hex] as const))('GIVEN %s alone in a line THEN it is found', (hex) => {
    expect(findExitCodes(`crashed with ${hex} in native code`, table).map((c) => c.hex)).toContain(hex);
  });
});
