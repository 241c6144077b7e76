import { describe, expect, it } from 'vitest';
import { renderSlackMessages } from '../../../src/adapters/slack/blocks.js';
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
    expect(checkMessage(messages[0]!)).toBeNull();
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
});
