import { describe, expect, it } from 'vitest';
import { SLACK_LIMITS } from '../../../src/adapters/slack/block-parts.js';
import { renderPlainMessage, renderSlackMessages, textSize } from '../../../src/adapters/slack/blocks.js';
import type { Reply } from '../../../src/core/reply/model.js';
import { checkMessage } from './fake/block-limits.mjs';

const DIAGNOSIS: Reply = {
  kind: 'diagnosis',
  title: 'Likely cause: GPU out of memory (93%)',
  blocks: [
    {
      type: 'text',
      text: 'The GPU ran out of memory while allocating a tensor; `batch_size` is the usual lever.',
    },
    {
      type: 'quote',
      title: 'The lines that show it',
      lines: [
        { line: 9, text: 'Traceback (most recent call last):' },
        { line: 14, text: 'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB' },
      ],
    },
    { type: 'heading', text: 'Exit code' },
    {
      type: 'fields',
      fields: [
        { label: 'Framework', value: 'pytorch' },
        { label: 'GPU', value: 'RTX 3090' },
      ],
    },
    {
      type: 'list',
      title: 'Version checks',
      items: [
        { status: 'fail', text: 'cuDNN 8.0.5 loaded, TF built with 8.1' },
        { status: 'todo', text: 'Check the driver', detail: '`nvidia-smi`' },
      ],
    },
    {
      type: 'code',
      title: 'Lower the batch size',
      language: 'python',
      code: 'loader = DataLoader(ds, batch_size=16)\n',
    },
    { type: 'divider' },
  ],
  footer: 'Seen 3 times in this channel this week.',
  actions: [
    { id: 'feedback-fixed', label: 'Fixed it', value: '42' },
    { id: 'feedback-wrong', label: 'Wrong cause', value: '42' },
  ],
};

describe('renderSlackMessages', () => {
  it('GIVEN a diagnosis reply THEN it renders as one Block Kit message', () => {
    const messages = renderSlackMessages(DIAGNOSIS);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchInlineSnapshot(`
      {
        "blocks": [
          {
            "text": {
              "emoji": true,
              "text": "Likely cause: GPU out of memory (93%)",
              "type": "plain_text",
            },
            "type": "header",
          },
          {
            "text": {
              "text": "The GPU ran out of memory while allocating a tensor; \`batch_size\` is the usual lever.",
              "type": "mrkdwn",
            },
            "type": "section",
          },
          {
            "text": {
              "text": "*The lines that show it*
      \`\`\` 9 | Traceback (most recent call last):
      14 | torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB\`\`\`",
              "type": "mrkdwn",
            },
            "type": "section",
          },
          {
            "text": {
              "text": "*Exit code*",
              "type": "mrkdwn",
            },
            "type": "section",
          },
          {
            "fields": [
              {
                "text": "*Framework*
      pytorch",
                "type": "mrkdwn",
              },
              {
                "text": "*GPU*
      RTX 3090",
                "type": "mrkdwn",
              },
            ],
            "type": "section",
          },
          {
            "text": {
              "text": "*Version checks*
      :x: cuDNN 8.0.5 loaded, TF built with 8.1
      :grey_question: Check the driver
            \`nvidia-smi\`",
              "type": "mrkdwn",
            },
            "type": "section",
          },
          {
            "text": {
              "text": "*Lower the batch size*
      \`\`\`loader = DataLoader(ds, batch_size=16)\`\`\`",
              "type": "mrkdwn",
            },
            "type": "section",
          },
          {
            "type": "divider",
          },
          {
            "elements": [
              {
                "text": "Seen 3 times in this channel this week.",
                "type": "mrkdwn",
              },
            ],
            "type": "context",
          },
          {
            "block_id": "crashbot-feedback",
            "elements": [
              {
                "action_id": "feedback-fixed",
                "text": {
                  "text": "Fixed it",
                  "type": "plain_text",
                },
                "type": "button",
                "value": "42",
              },
              {
                "action_id": "feedback-wrong",
                "text": {
                  "text": "Wrong cause",
                  "type": "plain_text",
                },
                "type": "button",
                "value": "42",
              },
            ],
            "type": "actions",
          },
        ],
        "text": "Likely cause: GPU out of memory (93%)",
      }
    `);
  });

  it('GIVEN pasted text that would ping, format or close a fence THEN it shows as typed and cannot', () => {
    const [m] = renderSlackMessages({
      kind: 'diagnosis',
      title: 'x',
      blocks: [
        { type: 'text', text: 'hey <!channel> & <@U123> see __init__ and *args' },
        { type: 'code', language: 'text', code: 'a ``` b\n```' },
      ],
    });
    const shown = (i: number) => JSON.stringify(m!.blocks[i]).replaceAll('\u200b', '{zwsp}');
    expect(shown(1)).toMatchInlineSnapshot(
      `"{"type":"section","text":{"type":"mrkdwn","text":"hey &lt;!channel&gt; &amp; &lt;@U123&gt; see _{zwsp}_init__ and *{zwsp}args"}}"`,
    );
    expect(shown(2)).toMatchInlineSnapshot(
      `"{"type":"section","text":{"type":"mrkdwn","text":"\`\`\`a \`{zwsp}\`{zwsp}\` b\\n\`{zwsp}\`{zwsp}\`{zwsp}\`\`\`"}}"`,
    );
  });

  it('GIVEN a token in an evidence line, a snippet and the title THEN none of them reaches Slack', () => {
    const token = 'xoxb-1234567890-1234567890-abcdefghijklmnopqrstuvwx';
    const hf = 'hf_abcdefghijklmnopqrstuvwxyzABCDEFGH';
    const json = JSON.stringify(
      renderSlackMessages({
        kind: 'diagnosis',
        title: `Crash with ${token}`,
        blocks: [
          { type: 'quote', lines: [{ line: 1, text: `export SLACK_TOKEN=${token}` }] },
          { type: 'code', language: 'sh', code: `huggingface-cli login --token ${hf}` },
        ],
        footer: `by ${token}`,
      }),
    );
    expect(json).not.toContain(token);
    expect(json).not.toContain(hf);
    expect(json).toContain('[REDACTED:slack-token]');
  });

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
    const messages = renderSlackMessages({ ...DIAGNOSIS, blocks });
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
      ...DIAGNOSIS,
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

describe('renderPlainMessage', () => {
  it('GIVEN a reply THEN its plain form is one fenced text, redacted, without blocks', () => {
    const m = renderPlainMessage({ ...DIAGNOSIS, footer: 'token xoxb-1234567890-1234567890-abcdefghijkl' });
    expect(m.blocks).toEqual([]);
    expect(m.text.startsWith('```')).toBe(true);
    expect(m.text.endsWith('```')).toBe(true);
    expect(m.text).toContain('Likely cause: GPU out of memory (93%)');
    expect(m.text).not.toContain('xoxb-1234567890');
    expect(checkMessage(m)).toBeNull();
  });
});
