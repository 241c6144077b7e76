// The big-log anchor search: on any text, it finds the lines a plain case-insensitive
// search for each literal finds (the first literal on each line), over one range or
// over a log cut into chunks anywhere, with literals across the cut and across the
// quarters where its four cursors meet.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnchoredByteScanner } from '../../../src/core/classify/byte-scan.js';
import { buildGramTables } from '../../../src/core/classify/gram-filter.js';
import { LiteralSearch } from '../../../src/core/classify/literal-search.js';

const LITERALS = [
  'out of memory',
  'segmentation fault (core dumped)',
  'cudnn_status_internal_error',
  'illegal memory access was encountered',
  'nccl error in: ',
];

/** The line numbers (from 1) holding some literal, ASCII case ignored. */
function expectedLines(text: string, literals: readonly string[]): number[] {
  const out: number[] = [];
  text.split('\n').forEach((line, i) => {
    const lower = line.toLowerCase();
    if (literals.some((l) => lower.includes(l))) out.push(i + 1);
  });
  return out;
}

function lineOf(bytes: Uint8Array, at: number): number {
  let n = 1;
  for (let i = 0; i < at; i++) if (bytes[i] === 10) n++;
  return n;
}

const noise = fc.constantFrom(
  'step 12 loss=0.31 lr=3e-4',
  'INFO memory 1.2 GiB reserved',
  'out of mem',
  'Segmentation',
  'NCCL INFO ring 00',
  'x'.repeat(300),
  '',
);
const piece = fc.oneof(
  { weight: 5, arbitrary: noise },
  { weight: 1, arbitrary: fc.constantFrom(...LITERALS).map((l) => `E ${l.toUpperCase()} here`) },
  { weight: 1, arbitrary: fc.constantFrom(...LITERALS).map((l) => `${l} and ${l}`) },
);
const logText = fc.array(piece, { minLength: 1, maxLength: 400 }).map((lines) => lines.join('\n'));

describe('LiteralSearch.findLines', () => {
  const search = new LiteralSearch(LITERALS);

  it('GIVEN any text in one range THEN it reports one start per line holding a literal, in order', () => {
    fc.assert(
      fc.property(logText, (short) => {
        // Short text is searched by one cursor, long text by four.
        for (const text of [short, `${short}\n`.repeat(Math.ceil(40_000 / (short.length + 1)))]) {
          const bytes = new TextEncoder().encode(text);
          const starts: number[] = [];
          search.findLines(bytes, 0, bytes.length, (s) => starts.push(s));
          expect(starts).toEqual([...starts].sort((a, b) => a - b));
          expect(starts.map((s) => lineOf(bytes, s))).toEqual(expectedLines(text, LITERALS));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('GIVEN a literal right across a quarter of a long range (where its cursors meet) THEN it is found once', () => {
    const size = 80_000;
    for (const literal of LITERALS) {
      for (const quarter of [1, 2, 3]) {
        for (let shift = -40; shift <= 40; shift += 3) {
          const line = `zz ${literal} zz`;
          const at = Math.floor(size / 4) * quarter + shift - 3;
          const text = `${'a'.repeat(at - 1)}\n${line}\n`.padEnd(size, 'b');
          const bytes = new TextEncoder().encode(text);
          const starts: number[] = [];
          search.findLines(bytes, 0, bytes.length, (s) => starts.push(s));
          expect(starts.map((s) => lineOf(bytes, s))).toEqual([2]);
        }
      }
    }
  });

  it('GIVEN a big log cut into chunks anywhere THEN the reader hands on every line holding a literal', () => {
    const grams = buildGramTables(LITERALS);
    const limits = { head: 64, tail: 64, around: 0, budget: 0 };
    fc.assert(
      fc.property(logText, fc.integer({ min: 1, max: 5000 }), (text, chunk) => {
        const read: number[] = [];
        const s = new AnchoredByteScanner(grams, search, (_t, n) => read.push(n), limits);
        const bytes = new TextEncoder().encode(text);
        for (let i = 0; i < bytes.length; i += chunk) s.push(bytes.subarray(i, i + chunk));
        s.end();
        for (const n of expectedLines(text, LITERALS)) expect(read).toContain(n);
      }),
      { numRuns: 200 },
    );
  });
});
