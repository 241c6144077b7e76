import { describe, expect, it } from 'vitest';
import { renderEmbeds } from '../../../../src/adapters/discord/render/embeds.js';
import { renderReply } from '../../../../src/adapters/discord/render/index.js';
import { renderPlain } from '../../../../src/adapters/discord/render/plain.js';
import type { Reply, ReplyBlock } from '../../../../src/core/reply/model.js';
import { messageProblem } from '../fake/validate.mjs';

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

const lines = (n: number, width: number) =>
  Array.from({ length: n }, (_, i) => ({ line: i + 1, text: `L${i + 1} ${'x'.repeat(width)}` }));

const huge: [string, Reply][] = [
  [
    'a 2,000-line quote',
    { kind: 'diagnosis', title: 'Long', blocks: [{ type: 'quote', lines: lines(2000, 40) }] },
  ],
  [
    'one 20,000-character line',
    { kind: 'diagnosis', title: 'Wide', blocks: [{ type: 'text', text: 'y'.repeat(20_000) }] },
  ],
  [
    '60 fields with long values',
    {
      kind: 'summary',
      title: 'Fields',
      blocks: [
        {
          type: 'fields',
          fields: Array.from({ length: 60 }, (_, i) => ({
            label: `F${i} ${'n'.repeat(300)}`,
            value: 'v'.repeat(2000),
          })),
        },
      ],
    },
  ],
  [
    '300 list items and 40 snippets',
    {
      kind: 'diagnosis',
      title: 't'.repeat(400),
      blocks: [
        {
          type: 'list',
          title: 'Items',
          items: Array.from({ length: 300 }, (_, i) => ({ text: `item ${i} ${'z'.repeat(80)}` })),
        },
        ...Array.from(
          { length: 40 },
          (_, i): ReplyBlock => ({ type: 'code', language: 'bash', code: `echo ${i}\n${'c'.repeat(900)}` }),
        ),
      ],
      footer: 'f'.repeat(3000),
    },
  ],
  [
    'code full of fences',
    {
      kind: 'diagnosis',
      title: 'Fences',
      blocks: [{ type: 'code', language: 'text', code: '```\n'.repeat(3000) }],
    },
  ],
];

describe('Discord limits', () => {
  it.each(huge)(
    "GIVEN %s THEN every message passes Discord's checks, as embeds and as plain text",
    (_name, reply) => {
      for (const embeds of [true, false]) {
        const messages = renderReply(reply, { embeds });
        expect(messages.length).toBeGreaterThan(0);
        for (const m of messages)
          expect(messageProblem({ ...m, components: m.components }, m.files.length)).toBeNull();
      }
    },
  );

  it('GIVEN a 2,000-line quote THEN every quoted line is still there, in order, over several messages', () => {
    const messages = renderEmbeds(huge[0]![1]);
    expect(messages.length).toBeGreaterThan(1);
    const text = messages.flatMap((m) => m.embeds.map((e) => e.description ?? '')).join('\n');
    const numbers = [...text.matchAll(/^ *(\d+) \| L\1 /gm)].map((m) => Number(m[1]));
    expect(numbers).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
  });

  it('GIVEN a reply split over several messages THEN the buttons are under the last one and the files on the first', () => {
    const reply: Reply = { ...huge[0]![1], actions: diagnosis.actions ?? [], files: summary.files ?? [] };
    const messages = renderEmbeds(reply);
    expect(messages.map((m) => m.components.length)).toEqual([...messages.slice(1).map(() => 0), 1]);
    expect(messages.map((m) => m.files.length)).toEqual([1, ...messages.slice(1).map(() => 0)]);
  });

  it("GIVEN 60 fields THEN they spread over embeds of at most 25, cut to Discord's lengths", () => {
    const embeds = renderEmbeds(huge[2]![1]).flatMap((m) => m.embeds);
    const fields = embeds.flatMap((e) => e.fields ?? []);
    expect(fields).toHaveLength(60);
    expect(Math.max(...embeds.map((e) => e.fields?.length ?? 0))).toBeLessThanOrEqual(25);
    expect(Math.max(...fields.map((f) => f.value.length))).toBe(1024);
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
