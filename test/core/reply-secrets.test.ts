// Logs hold secrets: nothing a diagnosis says (the JSON, the text and Markdown replies,
// the terminal chat) may repeat one. Every line a cause quotes is redacted, and so is
// every other text the reply is built from.
import { beforeAll, describe, expect, it } from 'vitest';
import { diagnoseText } from '../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../src/core/knowledge.js';
import { diagnosisReply } from '../../src/core/reply/diagnosis.js';
import { renderMarkdown } from '../../src/core/reply/render-markdown.js';
import { renderText } from '../../src/core/reply/render-text.js';
import { loadKnowledge } from '../../src/knowledge/load.js';
import { plantedLogs } from '../fixtures/secrets/planted.js';

let kb: KnowledgeBase;
beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error('knowledge');
  kb = r.kb;
});

/** A crash line added to each log so the reply quotes lines around the secrets. */
const CRASH = 'RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB';

describe('secrets in pasted logs', () => {
  const logs = plantedLogs();

  it('GIVEN the planted-secret corpus THEN it plants at least 50 logs and 50 secrets (the check has something to find)', () => {
    expect(logs.length).toBeGreaterThanOrEqual(50);
    expect(logs.flatMap((l) => l.secrets).length).toBeGreaterThanOrEqual(50);
  });

  it.each(logs.map((l) => [l.name, l] as const))(
    'GIVEN %s THEN no secret survives into the diagnosis or its replies',
    (_name, log) => {
      // Secrets on the very line of the error, and on the lines quoted around it.
      const withCrash = `${log.text}\n${CRASH}\n${log.text
        .split('\n')
        .map((l) => `${l} ${CRASH}`)
        .join('\n')}`;
      const d = diagnoseText(withCrash, kb);
      const reply = diagnosisReply(d);
      const outputs = [JSON.stringify(d), renderText(reply), renderMarkdown(reply)];
      const leaked = log.secrets.filter((s) => outputs.some((o) => o.includes(s)));
      expect(leaked).toEqual([]);
      expect(d.causes[0]?.evidence.length ?? 0).toBeGreaterThan(0);
    },
  );
});
