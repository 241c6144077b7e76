// The collector reads inputs of any length with bounded memory: 5,000,000 lines, a million
// of them naming a version, a library or a GPU never seen before, leave a few hundred facts.
import { describe, expect, it } from 'vitest';
import { createVersionCollector } from '../../../src/core/versions/index.js';

const LINES = 5_000_000;

/** Four lines in five are training noise; the fifth names something never seen before. */
function line(n: number): string {
  if (n % 5 !== 0) return `Epoch ${n % 90}/90 - step ${n} - loss: 0.${n % 9973} - acc: 0.9${n % 7}`;
  const k = n / 5;
  switch (k % 5) {
    case 0:
      return `torch==2.${k % 97}.${k}+cu118`;
    case 1:
      return `Successfully opened dynamic library cudart64_${k % 997}.dll`;
    case 2:
      return `GPU ${k % 8}: NVIDIA GeForce RTX ${k}`;
    case 3:
      return `2024-01-01 00:00:00.000000: I tensorflow/core/util/port.cc:113] oneDNN custom operations are on. ${k}`;
    default:
      return `Loaded cuDNN version ${8000 + (k % 999)} ${'x'.repeat(k % 400)}`;
  }
}

describe('collector bounds', () => {
  it(`GIVEN ${LINES.toLocaleString('en')} lines with a million ever-new versions, libraries and GPUs THEN what it keeps stays bounded`, () => {
    const c = createVersionCollector();
    for (let n = 1; n <= LINES; n++) c.line(line(n), n);
    const facts = c.result();
    for (const entry of Object.values(facts.versions)) {
      expect(entry!.sightings.length).toBeLessThanOrEqual(6);
      for (const s of entry!.sightings) expect(s.text.length).toBeLessThanOrEqual(300);
    }
    expect(facts.libraries.length).toBeLessThanOrEqual(48);
    expect(facts.gpus.length).toBeLessThanOrEqual(16);
    expect(facts.flags.length).toBeLessThanOrEqual(12);
    expect(facts.env.reportLines + facts.env.otherLines).toBe(LINES / 5);
    expect(JSON.stringify(facts).length).toBeLessThan(64 * 1024);
  }, 120_000);
});
