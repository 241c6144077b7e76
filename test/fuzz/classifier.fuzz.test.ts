// Random and adversarial input for the classifier: nothing throws, every result has
// the contract's shape, and text fed in any chunking gives the same diagnosis as
// whole. A short budget runs in `npm test`; FUZZ_RUNS raises it for long runs.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createByteDiagnoser, createDiagnoser, diagnoseText } from '../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../src/core/knowledge.js';
import type { Diagnosis } from '../../src/core/types.js';
import { loadKnowledge } from '../../src/knowledge/load.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
/** Long runs (npm run fuzz) take minutes; the budget, not a clock, bounds them. */
const LONG = { timeout: 1_800_000 };
let kb: KnowledgeBase;
beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error('knowledge');
  kb = r.kb;
});

const PIECES = [
  'Traceback (most recent call last):\n',
  'RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB\n',
  'Killed',
  'Segmentation fault (core dumped)\n',
  'Process finished with exit code -1073740791 (0xC0000409)\n',
  'Loaded runtime CuDNN library: 8.0.4 but source was compiled with: 8.1.0\n',
  '\x1b[31m',
  '&lt;&gt;&amp;',
  '```',
  '\r',
  '\u200b\u200f\u202e',
  '((((((((((',
  '[[[[[[[[',
  'exit code ',
  '0x',
  'torch 2.1.0+cu118\n',
  'NVIDIA-SMI 535.104.05 Driver Version: 535.104.05 CUDA Version: 12.2\n',
  '\n',
  '\u0000',
  'é漢字🙂',
];

const adversarial = fc.oneof(
  fc.string({ maxLength: 2000 }),
  fc.string({ unit: 'binary', maxLength: 2000 }),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 200 }).map((a) => a.join('')),
  fc.tuple(fc.constantFrom(...PIECES), fc.integer({ min: 1, max: 3000 })).map(([p, n]) => p.repeat(n)),
  fc
    .tuple(fc.constantFrom('a', ' ', '(', '0', 'x', '\\', ':'), fc.integer({ min: 1, max: 200_000 }))
    .map(([c, n]) => c.repeat(n)),
);

function wellFormed(d: Diagnosis): void {
  expect(Array.isArray(d.causes)).toBe(true);
  for (const c of d.causes) {
    expect(c.confidence).toBeGreaterThanOrEqual(0);
    expect(c.confidence).toBeLessThanOrEqual(1);
    for (const e of c.evidence) expect(e.line).toBeGreaterThanOrEqual(1);
  }
  expect(typeof d.crashReport).toBe('boolean');
  expect(typeof d.fingerprint).toBe('string');
  expect(() => JSON.stringify(d)).not.toThrow();
}

describe('classifier fuzzing', () => {
  it('GIVEN random and adversarial text THEN diagnose returns a well-formed diagnosis', LONG, () => {
    fc.assert(
      fc.property(adversarial, (text) => {
        wellFormed(diagnoseText(text, kb));
      }),
      { numRuns: RUNS },
    );
  });

  it('GIVEN text cut into random chunks THEN the diagnosis is the one of the whole text', LONG, () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 60 }).map((a) => a.join('')),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 20 }),
        (text, cuts) => {
          const d = createDiagnoser(kb);
          let at = 0;
          for (const n of cuts) {
            d.push(text.slice(at, at + n));
            at += n;
          }
          d.push(text.slice(at));
          const chunked = d.end();
          const whole = diagnoseText(text, kb);
          expect(chunked.causes.map((c) => c.id)).toEqual(whole.causes.map((c) => c.id));
          expect(chunked.input.lines).toBe(whole.input.lines);
          expect(chunked.crashReport).toBe(whole.crashReport);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it(
    'GIVEN random bytes in random chunks THEN the byte diagnoser never throws and counts every byte',
    LONG,
    () => {
      fc.assert(
        fc.property(
          fc.uint8Array({ maxLength: 20_000 }),
          fc.integer({ min: 1, max: 4096 }),
          (bytes, size) => {
            const d = createByteDiagnoser(kb);
            for (let i = 0; i < bytes.length; i += size) d.push(bytes.subarray(i, i + size));
            const r = d.end();
            wellFormed(r);
            expect(r.input.bytes).toBe(bytes.length);
          },
        ),
        { numRuns: RUNS },
      );
    },
  );

  it('GIVEN UTF-8 text as bytes in random chunks THEN the byte path agrees with the text path', LONG, () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom(...PIECES.filter((p) => p !== '\u0000')), { minLength: 1, maxLength: 60 })
          .map((a) => a.join('')),
        fc.integer({ min: 1, max: 64 }),
        (text, size) => {
          const bytes = new TextEncoder().encode(text);
          const d = createByteDiagnoser(kb);
          for (let i = 0; i < bytes.length; i += size) d.push(bytes.subarray(i, i + size));
          const viaBytes = d.end();
          const viaText = diagnoseText(text, kb);
          if (viaBytes.input.binary || viaText.input.binary) return;
          expect(viaBytes.causes.map((c) => c.id)).toEqual(viaText.causes.map((c) => c.id));
          expect(viaBytes.input.lines).toBe(viaText.input.lines);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
