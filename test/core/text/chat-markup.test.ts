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
    ['a closing fence with white space after it', 'Killed```  \t', 'Killed'],
    ['a closing fence of five backticks', 'Killed`````', 'Killed'],
    ['two backticks at the end (no fence)', 'Killed``', 'Killed``'],
    ['backticks after a space', 'Killed ```', 'Killed ```'],
    ['four backticks after a space (a fence from the second)', 'Killed ````', 'Killed `'],
    ['an opening fence then a space', '```` x', '` x'],
  ])('GIVEN %s THEN %j', (_name, text, expected) => {
    expect(undoChatMarkup(text)).toBe(expected);
  });
});
