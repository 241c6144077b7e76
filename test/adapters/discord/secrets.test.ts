// Secrets in pasted logs: nothing the bot sends to Discord may carry one, even when it
// sits on the very line the diagnosis quotes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSecret, plantedLogs } from '../../fixtures/secrets/planted.js';
import { embedText, type Harness, startHarness } from './harness.js';
import { PYTORCH_OOM } from './logs.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

describe('GIVEN logs with secrets in them', () => {
  it('GIVEN every planted-secret log THEN no secret reaches anything the bot sends', async () => {
    const logs = plantedLogs();
    const sent = logs.map((l) => h.fake.postMessage({ mentionBot: true, content: l.text }));
    const replies = await Promise.all(sent.map((m) => h.replyTo(m.id, 15_000)));
    expect(replies).toHaveLength(logs.length);
    const everything = JSON.stringify(h.fake.rest.calls.filter((c) => c.method !== 'GET').map((c) => c.body));
    const leaked = logs.flatMap((l) =>
      l.secrets.filter((s) => everything.includes(s)).map((s) => `${l.name}: ${s.slice(0, 6)}…`),
    );
    expect(leaked).toEqual([]);
  });

  it.each(['discord-bot', 'github-classic', 'hf', 'openai', 'aws-access', 'jwt'])(
    'GIVEN a %s token on the very line the diagnosis quotes THEN the quote shows it redacted',
    async (kind) => {
      const secret = makeSecret(kind, 7).value;
      const log = PYTORCH_OOM.replace('If reserved memory', `(auth ${secret}) If reserved memory`);
      const m = h.fake.postMessage({ mentionBot: true, content: log });
      const call = await h.replyTo(m.id);
      const text = embedText(call.body);
      expect(text).toContain('torch.cuda.OutOfMemoryError');
      expect(text).toContain('[REDACTED:');
      expect(text).not.toContain(secret);
    },
  );
});
