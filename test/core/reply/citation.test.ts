// A reply cites documents, never how a fact was checked: every exit-code row of the
// knowledge base, as a reply would cite it.
import { describe, expect, it } from 'vitest';
import { citeSources } from '../../../src/core/reply/citation.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

describe('citeSources', () => {
  it.each([
    [
      "mingw-w64 ntstatus.h (Debian package, /usr/share/x.h; same in winnt.h) - value checked locally ; python/cpython#90995 title 'x'; subprocess reports 'y' (find_string hits)",
      'Sources: mingw-w64 ntstatus.h; python/cpython#90995',
    ],
    [
      "Linux x86_64, Python 3.11.7 (this machine); bash(1) man page (/usr/share/man): 'x'; reproduced: kill -9 -> 137",
      'Source: bash(1) man page',
    ],
    ['error text: cortexlabs/cortex#2115 (real log)', 'Source: cortexlabs/cortex#2115'],
    ['(this machine)', null],
  ])('GIVEN %s THEN %s', (source, cited) => {
    expect(citeSources(source)).toBe(cited);
  });

  it('GIVEN every exit-code row THEN a citation with no notes on how it was checked and no project paths', () => {
    const kb = loadKnowledge();
    if (!kb.ok) throw new Error('knowledge');
    const { ntstatus, signals, plain } = kb.kb.exitCodes;
    const rows = [...ntstatus, ...signals, ...plain];
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      const cited = citeSources(row.source);
      expect(cited, row.name).toMatch(/^Sources?: \S/);
      expect(cited, row.name).not.toMatch(
        /this machine|checked locally|find_string|reproduced|\.\.\/shared|\([^)]*[\s/][^)]*\)/,
      );
    }
  });
});
