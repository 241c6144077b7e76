import { describe, expect, it } from 'vitest';
import { renderEmbeds } from '../../../../src/adapters/discord/render/embeds.js';
import { renderPlain } from '../../../../src/adapters/discord/render/plain.js';
import type { Reply } from '../../../../src/core/reply/model.js';

const diagnosis: Reply = {
  kind: 'diagnosis',
  title: 'Likely cause: GPU out of memory (93%)',
  blocks: [
    { type: 'text', text: 'The GPU ran out of memory for this step.' },
    {
      type: 'quote',
      title: 'The lines that show it',
      lines: [
        { line: 13, text: 'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB' },
      ],
    },
    {
      type: 'list',
      title: 'Version checks',
      items: [
        { status: 'fail', text: 'TF 2.10 was built against cuDNN 8.1; this log loaded cuDNN 8.0.4' },
        { status: 'todo', text: 'Check the driver', detail: '`nvidia-smi`' },
      ],
    },
    { type: 'code', title: 'Smaller batches', language: 'python', code: 'batch_size = 32' },
  ],
  footer: 'First time this crash was seen in this channel this week.',
  actions: [
    { id: 'feedback-fixed', label: 'Fixed it', value: '7' },
    { id: 'feedback-wrong', label: 'Wrong cause', value: '7' },
  ],
};

const summary: Reply = {
  kind: 'summary',
  title: 'Crash summary 2026-W47: 3 crashes, 2 distinct crashes',
  blocks: [
    {
      type: 'fields',
      fields: [
        { label: 'Crashes', value: "3 (+1 vs last week's 2)" },
        { label: 'People affected', value: '2' },
      ],
    },
    {
      type: 'list',
      title: 'Top causes',
      items: [{ text: 'GPU out of memory: 2', detail: '+1 vs last week' }],
    },
  ],
  footer: 'Week 2026-W47, 2026-11-16 to 2026-11-22 (UTC)',
  files: [
    {
      name: 'crashes-2026-W47.png',
      mime: 'image/png',
      data: new Uint8Array([1, 2, 3]),
      alt: 'Crashes per day',
    },
  ],
};

describe('renderEmbeds', () => {
  it('GIVEN a diagnosis THEN one message: an embed with quoted lines, checks, a snippet, the footer and two buttons', () => {
    expect(renderEmbeds(diagnosis)).toMatchInlineSnapshot(`
      [
        {
          "components": [
            {
              "components": [
                {
                  "custom_id": "crashbot:feedback-fixed:7",
                  "label": "Fixed it",
                  "style": 3,
                  "type": 2,
                },
                {
                  "custom_id": "crashbot:feedback-wrong:7",
                  "label": "Wrong cause",
                  "style": 2,
                  "type": 2,
                },
              ],
              "type": 1,
            },
          ],
          "embeds": [
            {
              "color": 15105570,
              "description": "The GPU ran out of memory for this step.

      **The lines that show it**
      \`\`\`text
      13 | torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB
      \`\`\`

      **Version checks**
      - ❌ TF 2.10 was built against cuDNN 8.1; this log loaded cuDNN 8.0.4
      - 🔎 Check the driver
        - \`nvidia-smi\`

      **Smaller batches**
      \`\`\`python
      batch_size = 32
      \`\`\`",
              "footer": {
                "text": "First time this crash was seen in this channel this week.",
              },
              "title": "Likely cause: GPU out of memory (93%)",
            },
          ],
          "files": [],
        },
      ]
    `);
  });

  it('GIVEN a weekly summary with its chart THEN the figures are fields and the chart is the embed image', () => {
    const [message, ...rest] = renderEmbeds(summary);
    expect(rest).toEqual([]);
    expect(message?.files.map((f) => f.name)).toEqual(['crashes-2026-W47.png']);
    expect(message?.embeds).toMatchInlineSnapshot(`
      [
        {
          "color": 5793266,
          "fields": [
            {
              "inline": true,
              "name": "Crashes",
              "value": "3 (+1 vs last week's 2)",
            },
            {
              "inline": true,
              "name": "People affected",
              "value": "2",
            },
          ],
          "title": "Crash summary 2026-W47: 3 crashes, 2 distinct crashes",
        },
        {
          "color": 5793266,
          "description": "**Top causes**
      - GPU out of memory: 2
        - \\+1 vs last week",
          "footer": {
            "text": "Week 2026-W47, 2026-11-16 to 2026-11-22 (UTC)",
          },
          "image": {
            "url": "attachment://crashes-2026-W47.png",
          },
        },
      ]
    `);
  });
});

describe('renderPlain', () => {
  it('GIVEN a diagnosis THEN plain markdown with the same parts, under 2,000 characters', () => {
    const [message, ...rest] = renderPlain(diagnosis);
    expect(rest).toEqual([]);
    expect(message?.content).toMatchInlineSnapshot(`
      "**Likely cause: GPU out of memory (93%)**

      The GPU ran out of memory for this step.

      **The lines that show it**
      \`\`\`text
      13 | torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB
      \`\`\`

      **Version checks**
      - ❌ TF 2.10 was built against cuDNN 8.1; this log loaded cuDNN 8.0.4
      - 🔎 Check the driver
        - \`nvidia-smi\`

      **Smaller batches**
      \`\`\`python
      batch_size = 32
      \`\`\`

      -# First time this crash was seen in this channel this week."
    `);
  });
});
