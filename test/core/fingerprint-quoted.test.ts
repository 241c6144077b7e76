// A diagnosis fingerprints its evidence without redacting it again, since quoting
// redacted it. That holds only while redacting is idempotent and the two fingerprints
// agree: both are checked here on lines that carry secrets of every planted and public
// shape, and on diagnoses of the fixture logs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseText } from '../../src/core/diagnose.js';
import { fingerprint, quotedFingerprint } from '../../src/core/fingerprint.js';
import { redactSecrets } from '../../src/core/redact/index.js';
import { quoteText } from '../../src/core/text/normalize.js';
import { loadKnowledge } from '../../src/knowledge/load.js';
import { rand } from '../fixtures/secrets/generate.js';
import { plantedLogs } from '../fixtures/secrets/planted.js';
import { PUBLIC_SHAPES } from '../fixtures/secrets/public-shapes.js';

const CRASH = 'RuntimeError: CUDA error: an illegal memory access was encountered';

function secretLines(): string[] {
  const lines = plantedLogs().flatMap((l) => l.text.split('\n'));
  PUBLIC_SHAPES.forEach((shape, i) => {
    for (let n = 0; n < 3; n++) {
      const value = shape.make(rand(5000 + i * 10 + n));
      lines.push(shape.context ? shape.context.replace('§', value) : `${CRASH} (while using ${value})`);
    }
  });
  return lines.filter((l) => l.trim() !== '');
}

describe('quoted evidence is not redacted twice', () => {
  const lines = secretLines();

  it(`GIVEN ${lines.length} lines with planted and public-shape secrets WHEN a quoted line is redacted again THEN nothing changes`, () => {
    expect(lines.length).toBeGreaterThan(300);
    const changed = lines.map((l) => quoteText(l, 2048)).filter((q) => redactSecrets(q).text !== q);
    expect(changed).toEqual([]);
  });

  it('GIVEN those lines as evidence THEN the quoted fingerprint equals the one that redacts', () => {
    const differ = lines.filter((l) => {
      const q = quoteText(l, 2048);
      const d = { causes: [{ id: 'gpu-oom', evidence: [{ text: q }] }], exitCode: null };
      return quotedFingerprint(d) !== fingerprint(d);
    });
    expect(differ).toEqual([]);
  });

  it('GIVEN every fixture log THEN its diagnosis carries the fingerprint that redacts', () => {
    const r = loadKnowledge();
    if (!r.ok) throw new Error('knowledge');
    const dir = join(import.meta.dirname, '..', 'fixtures', 'logs');
    const logs = readdirSync(dir).flatMap((d) =>
      readdirSync(join(dir, d)).map((f) => readFileSync(join(dir, d, f), 'utf8')),
    );
    expect(logs.length).toBeGreaterThan(50);
    for (const log of logs) {
      const d = diagnoseText(log, r.kb);
      expect(d.fingerprint).toBe(fingerprint(d));
    }
  });
});
