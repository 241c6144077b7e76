import { closeSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OutputWindow, outputLine } from '../../../src/app/run/window.js';
import { outputFiles, readBack } from '../../../src/cli/run/direct.js';

const dir = mkdtempSync(join(tmpdir(), 'crashbot-direct-'));
const open: number[] = [];
afterEach(() => {
  for (const fd of open.splice(0)) closeSync(fd);
});

function fileWith(name: string, text: string, flags = 'a+'): number {
  const path = join(dir, name);
  writeFileSync(path, text);
  const fd = openSync(path, flags);
  open.push(fd);
  return fd;
}

const lines = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}\n`).join('');

describe('outputFiles', () => {
  it('GIVEN stdout and stderr the same file THEN both are direct and it is read back once, from its size at start', () => {
    const fd = fileWith('same.log', 'earlier\n');
    const d = outputFiles({ stdout: fd, stderr: fd });
    expect([...d.direct].sort()).toEqual(['stderr', 'stdout']);
    expect(d.files).toEqual([{ stream: 'stdout', fd, start: 8 }]);
  });

  it('GIVEN two different files THEN each is read back', () => {
    const out = fileWith('out.log', '');
    const err = fileWith('err.log', 'x');
    expect(outputFiles({ stdout: out, stderr: err }).files.map((f) => [f.stream, f.start])).toEqual([
      ['stdout', 0],
      ['stderr', 1],
    ]);
  });

  it('GIVEN descriptors that are not files (closed, a pipe) THEN nothing is direct', () => {
    expect(outputFiles({ stdout: 987_654, stderr: 987_655 })).toEqual({ direct: new Set(), files: [] });
  });
});

describe('readBack', () => {
  it('GIVEN output within the count bound THEN all of it is read, lines counted from the output start', () => {
    const fd = fileWith('whole.log', `before\n${lines(1, 5000)}`);
    const w = new OutputWindow({ headBytes: 100, tailBytes: 200, maxLineBytes: 50 });
    expect(readBack({ stream: 'stdout', fd, start: 7 }, w, 1 << 30)).toBeNull();
    const k = w.finish();
    expect(k.text.startsWith('line 1\n')).toBe(true);
    expect(k.text.endsWith('line 5000\n')).toBe(true);
    expect(k.totalLines).toBe(5000);
  });

  it('GIVEN a middle bigger than a read THEN it is counted, not kept, and tail lines map to their line in the file', () => {
    const fd = fileWith('long.log', `before\n${lines(1, 300_000)}`);
    const w = new OutputWindow({ headBytes: 100, tailBytes: 200, maxLineBytes: 50 });
    expect(readBack({ stream: 'stdout', fd, start: 7 }, w, 1 << 30)).toBeNull();
    const k = w.finish();
    expect(k.totalLines).toBe(300_000);
    const kept = k.text.split('\n');
    expect(kept[0]).toBe('line 1');
    expect(kept[kept.length - 2]).toBe('line 300000');
    expect(outputLine(k, kept.length - 1)).toBe(300_000);
    expect(kept[k.headLines]).toMatch(/^\[crashbot run: \d+ lines \(\d+ bytes\) of output not kept here\]$/);
  });

  it('GIVEN output past the count bound THEN head and tail are read, the middle skipped and said', () => {
    const fd = fileWith('huge.log', lines(1, 300_000));
    const w = new OutputWindow({ headBytes: 100, tailBytes: 200, maxLineBytes: 50 });
    expect(readBack({ stream: 'stdout', fd, start: 0 }, w, 10_000)).toBeNull();
    const k = w.finish();
    expect(k.text.startsWith('line 1\n')).toBe(true);
    expect(k.text).toMatch(/bytes of output not kept here, \d+ of them not read/);
    expect(k.text.endsWith('line 299999\nline 300000\n')).toBe(true);
    expect(k.text.length).toBeLessThan(600);
  });
});
