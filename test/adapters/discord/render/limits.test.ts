// Discord's limits hold for any reply, however large: every message passes the same
// checks the fake Discord applies, as embeds and as plain text, and nothing is lost.
import { describe, expect, it } from 'vitest';
import { renderEmbeds } from '../../../../src/adapters/discord/render/embeds.js';
import { renderReply } from '../../../../src/adapters/discord/render/index.js';
import type { Reply, ReplyAction, ReplyBlock, ReplyFile } from '../../../../src/core/reply/model.js';
import { messageProblem } from '../fake/validate.mjs';

const actions: ReplyAction[] = [
  { id: 'feedback-fixed', label: 'Fixed it', value: '7' },
  { id: 'feedback-wrong', label: 'Wrong cause', value: '7' },
];
const files: ReplyFile[] = [
  { name: 'chart.png', mime: 'image/png', data: new Uint8Array([1, 2, 3]), alt: 'Crashes' },
];

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
    const reply: Reply = { ...huge[0]![1], actions, files };
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
