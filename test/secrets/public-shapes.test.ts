// The second, independent list of secret shapes (test/fixtures/secrets/public-shapes.ts,
// from gitleaks' rules and detect-secrets' keyword plugin): each shape, three values of it,
// planted bare in a crash line (or in the context its rule needs), must not come out of
// the redactor or of a reply that quotes the line.
import { beforeAll, describe, expect, it } from 'vitest';
import { diagnoseText } from '../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../src/core/knowledge.js';
import { redactText } from '../../src/core/redact/index.js';
import { diagnosisReply } from '../../src/core/reply/diagnosis.js';
import { renderText } from '../../src/core/reply/render-text.js';
import { loadKnowledge } from '../../src/knowledge/load.js';
import { rand } from '../fixtures/secrets/generate.js';
import { PUBLIC_SHAPES } from '../fixtures/secrets/public-shapes.js';
import { leakedWindow } from './pipeline.js';

let kb: KnowledgeBase;
beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error('knowledge');
  kb = r.kb;
});

const CRASH = 'RuntimeError: CUDA error: an illegal memory access was encountered';

describe('secret shapes from public rule lists', () => {
  it('GIVEN the list THEN it holds at least 100 shapes', () => {
    expect(PUBLIC_SHAPES.length).toBeGreaterThanOrEqual(100);
  });

  it.each(PUBLIC_SHAPES.map((s, i) => [s.id, s, i] as const))(
    'GIVEN %s THEN three values of it, in a crash line or their context, are redacted',
    (_id, shape, i) => {
      const leaked: string[] = [];
      for (let n = 0; n < 3; n++) {
        const value = shape.make(rand(1000 + i * 10 + n));
        const line = shape.context ? shape.context.replace('§', value) : `${CRASH} (while using ${value})`;
        const text = [
          'Traceback (most recent call last):',
          '  File "train.py", line 3, in <module>',
          `${line} ${CRASH}`,
        ].join('\n');
        const outputs = [redactText(text), renderText(diagnosisReply(diagnoseText(text, kb)))];
        for (const o of outputs) {
          const w = leakedWindow(value, o);
          if (w) leaked.push(`${value} -> "${w}"`);
        }
      }
      expect(leaked).toEqual([]);
    },
  );
});
