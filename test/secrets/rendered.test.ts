// Every planted secret against every reply crashbot renders: the diagnosis JSON, text
// and Markdown, Slack Block Kit (and its plain fallback), Discord embeds (and plain
// content). One test turns the redactor off to show the check does see leaks.
import { beforeAll, describe, expect, it } from 'vitest';
import { renderReply } from '../../src/adapters/discord/render/index.js';
import { renderPlainMessage, renderSlackMessages } from '../../src/adapters/slack/blocks.js';
import { diagnoseText } from '../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../src/core/knowledge.js';
import { diagnosisReply } from '../../src/core/reply/diagnosis.js';
import type { Reply } from '../../src/core/reply/model.js';
import { renderMarkdown } from '../../src/core/reply/render-markdown.js';
import { renderText } from '../../src/core/reply/render-text.js';
import { loadKnowledge } from '../../src/knowledge/load.js';
import { plantedLogs } from '../fixtures/secrets/planted.js';
import { corpusCounts, leaks } from './leaks.js';

let kb: KnowledgeBase;
beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error('knowledge');
  kb = r.kb;
});

const CRASH = 'RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB';
const logs = plantedLogs();

/** Every rendering of `reply` a user could see. */
function renderings(reply: Reply): string[] {
  return [
    renderText(reply),
    renderMarkdown(reply),
    JSON.stringify(renderSlackMessages(reply)),
    JSON.stringify(renderPlainMessage(reply)),
    JSON.stringify(renderReply(reply, { embeds: true })),
    JSON.stringify(renderReply(reply, { embeds: false })),
  ];
}

/** A reply that quotes every line of the log as pasted, as a careless builder would. */
function quotingReply(text: string): Reply {
  const lines = text.split('\n').map((t, i) => ({ line: i + 1, text: t }));
  return {
    kind: 'diagnosis',
    title: `Likely cause: ${lines[0]?.text ?? ''}`,
    blocks: [
      { type: 'quote', title: lines[1]?.text ?? 'Evidence', lines },
      { type: 'fields', fields: lines.slice(0, 3).map((l) => ({ label: l.text, value: l.text })) },
      { type: 'list', items: lines.map((l) => ({ text: l.text, detail: l.text })) },
      { type: 'code', language: 'sh', code: text },
    ],
    footer: lines.at(-1)?.text ?? '',
  };
}

describe('planted secrets in rendered replies', () => {
  it('GIVEN the whole corpus THEN no secret reaches a diagnosis, its JSON or any rendering (Slack, Discord, text, Markdown)', () => {
    const outputs: string[] = [];
    for (const log of logs) {
      // Secrets on the line of the error itself and on the lines quoted around it.
      const withCrash = `${log.text}\n${CRASH}\n${log.text
        .split('\n')
        .map((l) => `${l} ${CRASH}`)
        .join('\n')}`;
      const d = diagnoseText(withCrash, kb);
      expect(d.causes.length).toBeGreaterThan(0);
      outputs.push(JSON.stringify(d), ...renderings(diagnosisReply(d)));
    }
    expect(outputs.join('\n')).toContain('[REDACTED:');
    expect(leaks(logs, outputs)).toEqual([]);
  });

  it('GIVEN replies that quote every pasted line raw THEN the Slack and Discord renderers still leak nothing', () => {
    const outputs = logs.flatMap((log) => {
      const reply = quotingReply(log.text);
      return [
        JSON.stringify(renderSlackMessages(reply)),
        JSON.stringify(renderPlainMessage(reply)),
        JSON.stringify(renderReply(reply, { embeds: true })),
        JSON.stringify(renderReply(reply, { embeds: false })),
      ];
    });
    expect(leaks(logs, outputs)).toEqual([]);
  });

  it('GIVEN the same replies before any renderer THEN the check sees every planted secret in them', () => {
    // The Reply itself holds the pasted lines raw: redaction is the renderers' first step.
    const outputs = logs.map((log) => JSON.stringify(quotingReply(log.text)));
    const found = leaks(logs, outputs);
    expect(found.length).toBe(corpusCounts(logs).secrets);
  });

  it('GIVEN those replies rendered as terminal text and Markdown THEN the renderers redact them too', () => {
    const outputs = logs.flatMap((log) => [
      renderText(quotingReply(log.text)),
      renderMarkdown(quotingReply(log.text)),
    ]);
    expect(leaks(logs, outputs)).toEqual([]);
  });
});
