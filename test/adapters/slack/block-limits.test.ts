import { describe, expect, it } from 'vitest';
import { SLACK_LIMITS } from '../../../src/adapters/slack/block-parts.js';
import { renderSlackMessages, textSize } from '../../../src/adapters/slack/blocks.js';
import type { Reply } from '../../../src/core/reply/model.js';
import { checkMessage } from './fake/block-limits.mjs';

const BASE: Reply = {
  kind: 'diagnosis',
  title: 'Likely cause: GPU out of memory (93%)',
  blocks: [],
  footer: 'Seen 3 times in this channel this week.',
  actions: [
    { id: 'feedback-fixed', label: 'Fixed it', value: '42' },
    { id: 'feedback-wrong', label: 'Wrong cause', value: '42' },
  ],
};

describe("renderSlackMessages within Slack's limits", () => {
  const longLine = 'x'.repeat(5000);
  const manyLines = Array.from(
    { length: 400 },
    (_, i) => `frame ${i}: at torch/nn/modules/module.py:1501 in _call_impl`,
  );
  it.each<[string, Reply['blocks']]>([
    ['a 20,000-character snippet', [{ type: 'code', language: 'text', code: manyLines.join('\n') }]],
    ['a single 5,000-character line', [{ type: 'text', text: longLine }]],
    [
      'a quote of 400 lines',
      [{ type: 'quote', title: 'Evidence', lines: manyLines.map((text, i) => ({ line: i + 1, text })) }],
    ],
    [
      '120 list items',
      [{ type: 'list', items: manyLines.slice(0, 120).map((text) => ({ status: 'todo' as const, text })) }],
    ],
    [
      '80 blocks of text',
      Array.from({ length: 80 }, (_, i) => ({ type: 'text' as const, text: `paragraph ${i}` })),
    ],
    [
      '25 fields',
      [
        {
          type: 'fields',
          title: 'Versions',
          fields: manyLines.slice(0, 25).map((v, i) => ({ label: `lib${i}`, value: v })),
        },
      ],
    ],
  ])('GIVEN %s THEN every message is one Slack accepts', (_name, blocks) => {
    const messages = renderSlackMessages({ ...BASE, blocks });
    for (const m of messages) {
      expect(checkMessage(m)).toBeNull();
      expect(m.blocks.length).toBeLessThanOrEqual(SLACK_LIMITS.blocksPerMessage);
      expect(textSize(m.blocks)).toBeLessThanOrEqual(SLACK_LIMITS.textPerMessage);
    }
    expect(messages[0]!.blocks[0]!.type).toBe('header');
    const last = messages.at(-1)!.blocks;
    expect(last.at(-1)!.type).toBe('actions');
    expect(last.at(-2)!.type).toBe('context');
    for (const m of messages.slice(1)) expect(m.blocks[0]).toMatchObject({ type: 'context' });
  });

  it('GIVEN a 20,000-character snippet THEN no line of it is lost across the messages', () => {
    const messages = renderSlackMessages({
      ...BASE,
      blocks: [{ type: 'code', language: 'text', code: manyLines.join('\n') }],
    });
    expect(messages.length).toBeGreaterThan(1);
    const shown = messages
      .flatMap((m) => m.blocks)
      .map((b) => ('text' in b && b.text ? b.text.text : ''))
      .join('\n');
    for (const line of manyLines) expect(shown).toContain(line);
  });

  it('GIVEN a title longer than a header holds THEN it is cut to 150 characters', () => {
    const [m] = renderSlackMessages({ kind: 'notice', title: 'T'.repeat(400), blocks: [] });
    expect(m!.blocks[0]).toMatchObject({ type: 'header' });
    expect(checkMessage(m!)).toBeNull();
  });
});
