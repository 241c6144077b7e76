import { describe, expect, it } from 'vitest';
import { codeBlock, escapeDiscord } from '../../../../src/adapters/discord/render/markdown.js';

describe('escapeDiscord', () => {
  it.each([
    [
      'markup stays literal',
      'loss is **huge** and _x_ ~~y~~ ||z||',
      'loss is \\*\\*huge\\*\\* and \\_x\\_ \\~\\~y\\~\\~ \\|\\|z\\|\\|',
    ],
    [
      'code spans are kept as they are',
      'set `CUDA_VISIBLE_DEVICES=0` now',
      'set `CUDA_VISIBLE_DEVICES=0` now',
    ],
    ['mentions and channels do not render', 'ping <@123> in <#456>', 'ping \\<@123> in \\<#456>'],
    ['everyone and here do not highlight', 'hey @everyone and @here', 'hey @\u200beveryone and @\u200bhere'],
    ['masked links stay text', '[click](https://example.com)', '\\[click\\](https://example.com)'],
    [
      'headings, quotes and lists at a line start',
      '# Title\n> quoted\n- item\n1. first',
      '\\# Title\n\\> quoted\n\\- item\n1\\. first',
    ],
    ['a stray backtick cannot open code', 'it`s', 'it\\`s'],
    ['a hash inside a line is left alone', 'issue #12 in C#', 'issue #12 in C#'],
  ])('GIVEN %s THEN the text shows as written', (_name, input, expected) => {
    expect(escapeDiscord(input)).toBe(expected);
  });
});

describe('codeBlock', () => {
  it.each([
    ['three backticks', 'print("```")'],
    ['six backticks', '``````'],
    ['a fence on its own line', 'a\n```\nb'],
  ])('GIVEN code with %s THEN the block cannot be closed early', (_name, code) => {
    const block = codeBlock(code, 'python');
    const inner = block.slice('```python\n'.length, -'\n```'.length);
    expect(inner).not.toContain('``');
    expect(inner.replace(/\u200b/g, '')).toBe(code);
  });

  it('GIVEN a language tag Discord does not take THEN the block has none', () => {
    expect(codeBlock('x', 'not a tag!')).toBe('```\nx\n```');
  });
});
