import { describe, expect, it } from 'vitest';
import { LineSplitter, MAX_LINE, splitLines, WINDOW_OVERLAP } from '../../../src/core/text/lines.js';

function collect(chunks: string[]): [string, number][] {
  const out: [string, number][] = [];
  const s = new LineSplitter((t, n) => out.push([t, n]));
  for (const c of chunks) s.push(c);
  s.end();
  return out;
}

describe('LineSplitter', () => {
  it.each([
    [
      'one chunk',
      ['a\nb\nc'],
      [
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ],
    ],
    [
      'a trailing newline',
      ['a\nb\n'],
      [
        ['a', 1],
        ['b', 2],
      ],
    ],
    [
      'a line split across chunks',
      ['ab', 'c\nd'],
      [
        ['abc', 1],
        ['d', 2],
      ],
    ],
    [
      'empty lines keep their numbers',
      ['a\n\n\nb'],
      [
        ['a', 1],
        ['', 2],
        ['', 3],
        ['b', 4],
      ],
    ],
    ['nothing', [''], []],
  ])('GIVEN %s THEN lines keep their 1-based numbers', (_name, chunks, expected) => {
    expect(collect(chunks)).toEqual(expected);
  });

  it('GIVEN a 10 MB line in small chunks THEN it is handed on in overlapping windows of bounded size, all numbered 1', () => {
    const size = 10 * 1024 * 1024;
    const chunk = 'x'.repeat(64 * 1024);
    const out: [number, number][] = [];
    const s = new LineSplitter((t, n) => out.push([t.length, n]));
    for (let i = 0; i < size / chunk.length; i++) s.push(chunk);
    s.push('\nnext');
    s.end();
    const windows = out.filter(([, n]) => n === 1);
    expect(Math.max(...windows.map(([len]) => len))).toBeLessThanOrEqual(MAX_LINE + WINDOW_OVERLAP);
    const covered = windows.reduce((sum, [len]) => sum + len, 0) - WINDOW_OVERLAP * (windows.length - 1);
    expect(covered).toBe(size);
    expect(out.at(-1)).toEqual([4, 2]);
  });

  it('GIVEN a match straddling a window edge THEN one window holds it whole', () => {
    const needle = 'CUDA out of memory';
    const text = `${'y'.repeat(MAX_LINE - 5)}${needle}${'y'.repeat(MAX_LINE)}`;
    const seen: string[] = [];
    splitLines(text, (t) => seen.push(t));
    expect(seen.some((t) => t.includes(needle))).toBe(true);
  });
});
