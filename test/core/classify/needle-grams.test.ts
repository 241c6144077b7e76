// The gram prefilter hands a line on when it holds the rarest 4-gram (or 3-gram) of some
// needle. A needle whose every piece is common in ordinary training output ("nccl info",
// whose rarest piece was "info") makes most lines of a plain log pass, and the big-log scan
// slows for every user: each needle's chosen piece must be rare in ordinary output.
import { describe, expect, it } from 'vitest';
import { chosenGramOrdinaryCount } from '../../../src/core/classify/gram-filter.js';
import { diagnoseText } from '../../../src/core/diagnose.js';
import { rememberedEntries } from '../../../src/core/remembered.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

/** Needles that are an ordinary word themselves, read for the framework and the context. */
const ORDINARY_WORDS = new Set(['nccl']);

describe("the knowledge's needles against ordinary training output", () => {
  it('GIVEN every needle THEN the piece the prefilter keys on occurs at most twice in the ordinary text', () => {
    const r = loadKnowledge();
    if (!r.ok) throw new Error('knowledge does not load');
    diagnoseText('Traceback (most recent call last):\nRuntimeError: CUDA error: out of memory', r.kb);
    const common = (rememberedEntries().grams ?? [])
      .map(([key]) => ({ size: Number(key[0]), needle: key.slice(2) }))
      .filter(({ size, needle }) => needle.length >= size && !ORDINARY_WORDS.has(needle))
      .map(({ size, needle }) => [needle, chosenGramOrdinaryCount(needle, size)] as const)
      .filter(([, count]) => count > 2);
    expect(common).toEqual([]);
  });
});
