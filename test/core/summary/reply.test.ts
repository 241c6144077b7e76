import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src/core/reply/render-markdown.js';
import { renderText } from '../../../src/core/reply/render-text.js';
import { summarizeWeek } from '../../../src/core/summary/aggregate.js';
import { change, emptyWeekReply, summaryReply } from '../../../src/core/summary/reply.js';
import { rec, source } from './records.js';

const titles: Record<string, string> = { 'gpu-oom': 'GPU out of memory', segfault: 'Segmentation fault' };
const titleOf = (id: string) => titles[id] ?? id;

describe('summaryReply', () => {
  const s = summarizeWeek(
    {
      ...source([
        rec('2026-11-10T10:00:00Z', 'gpu-oom', 'u1', {
          signature: 'CUDA out of memory. Tried to allocate <mem>',
        }),
        rec('2026-11-16T10:00:00Z', 'gpu-oom', 'u1', {
          signature: 'CUDA out of memory. Tried to allocate <mem>',
        }),
        rec('2026-11-17T10:00:00Z', 'gpu-oom', 'u2', {
          signature: 'CUDA out of memory. Tried to allocate <mem>',
        }),
        rec('2026-11-18T10:00:00Z', 'segfault', 'u2', { signature: 'Segmentation `fault`' }),
      ]),
      feedback: { fixed: 2, wrong: 1 },
    },
    '2026-W47',
    'UTC',
  );

  it('GIVEN a week with new and recurring crashes THEN the reply says it all', () => {
    const chart = {
      name: 'crashes-2026-W47.png',
      mime: 'image/png',
      data: new Uint8Array([1]),
      alt: 'chart',
    };
    expect(summaryReply(s, { titleOf, chart })).toEqual({
      kind: 'summary',
      title: 'Crash summary 2026-W47: 3 crashes, 2 distinct crashes',
      blocks: [
        {
          type: 'fields',
          fields: [
            { label: 'Crashes', value: "3 (+2 vs last week's 1)" },
            { label: 'Distinct crashes', value: '2' },
            { label: 'People affected', value: '2' },
            { label: 'Replies marked helpful', value: '67% (2 fixed it, 1 wrong)' },
          ],
        },
        {
          type: 'list',
          title: 'Top causes',
          items: [
            { text: 'GPU out of memory: 2', detail: '+1 vs last week' },
            { text: 'Segmentation fault: 1', detail: 'new vs last week' },
          ],
        },
        {
          type: 'list',
          title: 'New this week',
          items: [{ text: "`Segmentation 'fault'` (Segmentation fault)", detail: '1 time, 1 person' }],
        },
        {
          type: 'list',
          title: 'Keeps coming back',
          items: [
            {
              text: '`CUDA out of memory. Tried to allocate <mem>` (GPU out of memory)',
              detail: '2 times this week, first seen 2026-11-10',
            },
          ],
        },
        { type: 'fields', title: 'Frameworks', fields: [{ label: 'pytorch', value: '3' }] },
      ],
      footer: 'Week 2026-W47, 2026-11-16 to 2026-11-22 (UTC)',
      files: [chart],
    });
  });

  it('GIVEN the reply in Markdown or text THEN every section keeps its heading, Frameworks included', () => {
    const r = summaryReply(s, { titleOf });
    for (const rendered of [renderMarkdown(r), renderText(r)]) {
      for (const heading of ['Top causes', 'New this week', 'Keeps coming back', 'Frameworks'])
        expect(rendered).toContain(heading);
      expect(rendered).toMatch(/pytorch\W+3/);
    }
    expect(renderMarkdown(r)).toContain('**Frameworks**\n- **pytorch**: 3');
  });

  it('GIVEN no chart THEN the reply has no files', () => {
    expect(summaryReply(s).files).toBeUndefined();
  });

  it('GIVEN an empty week THEN the note is one line', () => {
    const r = emptyWeekReply('2026-W47', 'Europe/Berlin');
    expect(r.kind).toBe('summary');
    expect(r.blocks).toEqual([
      { type: 'text', text: 'No crashes were reported in this channel in 2026-W47 (Europe/Berlin).' },
    ]);
  });
});

describe('change', () => {
  it.each([
    [3, 1, '+2'],
    [1, 3, '−2'],
    [2, 2, '±0'],
    [2, 0, 'new'],
    [0, 0, '±0'],
  ])('GIVEN %i now and %i before THEN the change reads %s', (now, before, text) => {
    expect(change(now, before)).toBe(text);
  });
});
