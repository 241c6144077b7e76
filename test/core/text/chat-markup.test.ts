import { describe, expect, it } from 'vitest';
import { undoChatMarkup } from '../../../src/core/text/chat-markup.js';

describe('undoChatMarkup', () => {
  it.each([
    ['fence lines (emptied, so line numbers stay)', '```python\nKilled\n```', '\nKilled\n'],
    ['fences glued to the first and last line', '```RuntimeError: x\nKilled```', 'RuntimeError: x\nKilled'],
    ['a one-line code block', '```RuntimeError: CUDA out of memory```', 'RuntimeError: CUDA out of memory'],
    ['a line that is one code span', '`RuntimeError: x`', 'RuntimeError: x'],
    ['quote markers', '> Traceback\n> Killed', 'Traceback\nKilled'],
    ["Discord's block quote", '>>> Traceback\nKilled', 'Traceback\nKilled'],
    ['a Python prompt inside the paste', 'x = 1\n>>> import torch', 'x = 1\n>>> import torch'],
    ['backticks inside a line', 'Assertion `x < n` failed', 'Assertion `x < n` failed'],
    ['text without markup', 'Killed', 'Killed'],
  ])('GIVEN %s THEN %j', (_name, text, expected) => {
    expect(undoChatMarkup(text)).toBe(expected);
  });
});
