// VERSION_NEEDLES is the classifier's prefilter: lines without one never reach the collector,
// except the line the collector asks for (a value printed below its command).
// These tests hold the property on every input the version tests use and on the real corpus.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeLine } from '../../../src/core/text/normalize.js';
import type { LineSink } from '../../../src/core/versions/extract/types.js';
import { createExtractors, VERSION_NEEDLES } from '../../../src/core/versions/index.js';
import { hasShared, sharedPath } from '../../helpers/shared.js';
import { collect } from './helpers.js';
import { SCENARIOS } from './scenarios/index.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');

function inputs(): [string, string][] {
  const out: [string, string][] = readdirSync(FIXTURES).map((f) => [
    f,
    readFileSync(join(FIXTURES, f), 'utf8'),
  ]);
  for (const s of SCENARIOS) out.push([s.name, s.paste]);
  for (const f of ['dev.jsonl', 'listen-dev.jsonl']) {
    // The corpus sits beside the checkout; a plain clone holds the property on the fixtures only.
    if (!hasShared('the version needles on the labelled corpus', 'corpus', f)) continue;
    const text = readFileSync(sharedPath('corpus', f), 'utf8');
    for (const row of text.split('\n').filter(Boolean)) {
      const r = JSON.parse(row) as { id: string; log?: string; text?: string };
      out.push([`${f}:${r.id}`, r.log ?? r.text ?? '']);
    }
  }
  return out;
}

const INPUTS = inputs();
const hasNeedle = (s: string, needles: readonly string[]) => {
  const lower = s.toLowerCase();
  return needles.some((n) => lower.includes(n));
};

/** A sink that only records whether anything was reported. */
function probe(): LineSink & { used: boolean } {
  const state = { used: false };
  const mark = () => {
    state.used = true;
  };
  return {
    get used() {
      return state.used;
    },
    lineNo: 1,
    version: mark,
    library: mark,
    gpu: mark,
    flag: mark,
    buildArchs: mark,
    os: mark,
  };
}

describe('VERSION_NEEDLES', () => {
  it('GIVEN the needles THEN each is a non-empty lower-case literal', () => {
    expect(VERSION_NEEDLES.length).toBeGreaterThan(20);
    for (const n of VERSION_NEEDLES) expect(n).toBe(n.toLowerCase());
    expect(VERSION_NEEDLES.every((n) => n.length >= 3)).toBe(true);
  });

  it(`GIVEN ${INPUTS.length} test and corpus inputs THEN every line an extractor takes a fact from holds one of its needles`, () => {
    const misses: string[] = [];
    for (const [name, text] of INPUTS) {
      const { structured, prose } = createExtractors();
      for (const raw of text.split(/\r?\n/)) {
        for (const piece of normalizeLine(raw)) {
          for (const x of [...structured, prose]) {
            const sink = probe();
            x.read(piece, sink);
            if (sink.used && !hasNeedle(piece, x.needles)) misses.push(`${name}: ${piece}`);
          }
        }
      }
    }
    expect(misses).toEqual([]);
  });

  it.each(INPUTS)(
    'GIVEN %s filtered by the needles THEN the facts are those of the whole paste',
    (_name, text) => {
      expect(collect(text, (piece, asked) => asked || hasNeedle(piece, VERSION_NEEDLES))).toEqual(
        collect(text),
      );
    },
  );
});
