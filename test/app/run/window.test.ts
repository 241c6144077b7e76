import { describe, expect, it } from 'vitest';
import { OutputWindow, outputLine } from '../../../src/app/run/window.js';

const lines = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}\n`).join('');

describe('OutputWindow', () => {
  it('GIVEN output smaller than the window THEN all of it is kept, nothing omitted', () => {
    const w = new OutputWindow({ headBytes: 100, tailBytes: 100, maxLineBytes: 100 });
    w.push('stdout', Buffer.from('a\nb\n'));
    w.push('stderr', Buffer.from('c\n'));
    const k = w.finish();
    expect(k.text).toBe('a\nb\nc\n');
    expect(k).toMatchObject({ omittedLines: 0, omittedBytes: 0, totalLines: 3, totalBytes: 6 });
  });

  it('GIVEN long output in small chunks THEN head and tail are whole lines and line numbers map back', () => {
    const w = new OutputWindow({ headBytes: 64, tailBytes: 64, maxLineBytes: 64 });
    const all = lines(1, 1000);
    for (let i = 0; i < all.length; i += 7) w.push('stdout', Buffer.from(all.slice(i, i + 7)));
    const k = w.finish();
    const kept = k.text.split('\n').filter(Boolean);
    expect(kept[0]).toBe('line 1');
    expect(kept.at(-1)).toBe('line 1000');
    expect(k.text).toMatch(/\[crashbot run: \d+ lines \(\d+ bytes\) of output not kept here\]/);
    expect(k.totalLines).toBe(1000);
    // Every kept tail line maps back to its number in the real output.
    const textLines = k.text.split('\n');
    textLines.forEach((t, i) => {
      const m = /^line (\d+)$/.exec(t);
      if (m) expect(outputLine(k, i + 1)).toBe(Number(m[1]));
    });
  });

  it('GIVEN stdout and stderr chunks that split lines THEN lines of the two are never mixed', () => {
    const w = new OutputWindow({ headBytes: 1000, tailBytes: 1000, maxLineBytes: 100 });
    w.push('stdout', Buffer.from('Epoch 1/10 lo'));
    w.push('stderr', Buffer.from('RuntimeError: CUDA '));
    w.push('stdout', Buffer.from('ss 0.5\n'));
    w.push('stderr', Buffer.from('out of memory\n'));
    expect(w.finish().text).toBe('Epoch 1/10 loss 0.5\nRuntimeError: CUDA out of memory\n');
  });

  it('GIVEN a \\r progress bar that never ends its line THEN only the last redraw is held, in bounded memory', () => {
    const w = new OutputWindow({ headBytes: 1000, tailBytes: 1000, maxLineBytes: 200 });
    for (let i = 0; i < 10_000; i++) w.push('stderr', Buffer.from(`\r${i}%|####   | ${i}/10000`));
    w.push('stderr', Buffer.from('\nKilled\n'));
    const k = w.finish();
    expect(k.text).toBe('\r9999%|####   | 9999/10000\nKilled\n');
  });

  it('GIVEN a line longer than the partial-line bound THEN its end is kept and the rest dropped', () => {
    const w = new OutputWindow({ headBytes: 10, tailBytes: 300, maxLineBytes: 50 });
    w.push('stdout', Buffer.from('x'.repeat(10_000)));
    w.push('stdout', Buffer.from('END\n'));
    const k = w.finish();
    expect(k.text.endsWith('END\n')).toBe(true);
    expect(k.text.length).toBeLessThan(400);
  });

  it('GIVEN output without a final newline THEN its last line still counts', () => {
    const w = new OutputWindow();
    w.push('stderr', Buffer.from('Segmentation fault (core dumped)'));
    expect(w.finish().text).toBe('Segmentation fault (core dumped)\n');
  });
});

describe('OutputWindow.skip', () => {
  it('GIVEN bytes skipped unread between head and tail THEN the marker says so and tail lines are numbered as kept', () => {
    const w = new OutputWindow({ headBytes: 20, tailBytes: 30, maxLineBytes: 10 });
    w.push('stdout', Buffer.from('head 1\nhead 2\nhead 3\nhead 4\n'));
    w.skip('stdout', 5000);
    w.push('stdout', Buffer.from('rt of a line\ntail 1\ntail 2\ntail 3\n'));
    const k = w.finish();
    expect(k.text).toMatch(
      /^head 1\nhead 2\n\[crashbot run: \d+ bytes of output not kept here, 5000 of them not read;/,
    );
    expect(k.text).not.toContain('rt of a line');
    expect(k.text.endsWith('tail 1\ntail 2\ntail 3\n')).toBe(true);
    expect(k.omittedLines).toBe(0);
    expect(outputLine(k, 5)).toBe(5);
  });
});
