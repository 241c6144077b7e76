// A big log is read where its anchors are (byte-scan.ts): the lines holding an error rule's
// literal, each with context around it. An anchor that healthy training output prints on
// many lines (a traceback header a data pipeline logs and survives, the dlopen failure of
// NCCL's optional network plugin on every rank) makes the reader classify thousands of
// lines of a log that has no crash in them. Each kind of generated training log the scan
// benchmark reads holds almost no anchor line before its crash.
import { describe, expect, it } from 'vitest';
import { KINDS, trainingLogLines } from '../../../bench/training-logs.mjs';
import { classifierFor } from '../../../src/core/diagnose.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

const LINES = 20_000;
/** Anchor lines allowed per LINES lines of a kind's healthy output. */
const MOST = 20;

describe("the big-log reader's anchors against healthy training output", () => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error('knowledge does not load');
  const search = classifierFor(r.kb).anchors;

  it.each(KINDS.map((k) => [k.name, k] as const))(
    'GIVEN %s output without its crash THEN at most a few lines hold an anchor',
    (_name, kind) => {
      const text = Buffer.from(`${trainingLogLines(kind, LINES).join('\n')}\n`);
      const hits: string[] = [];
      search.findLines(text, 0, text.length, (start) => {
        const end = text.indexOf(10, start);
        hits.push(
          text
            .subarray(text.lastIndexOf(10, start) + 1, end)
            .toString()
            .slice(0, 120),
        );
      });
      expect(hits.length, hits.slice(0, 5).join('\n')).toBeLessThanOrEqual(MOST);
    },
  );

  it('GIVEN the crash a kind ends with THEN the reader finds an anchor in it', () => {
    for (const kind of KINDS) {
      const text = Buffer.from(kind.crash);
      let found = 0;
      search.findLines(text, 0, text.length, () => found++);
      expect(found, kind.name).toBeGreaterThan(0);
    }
  });
});
