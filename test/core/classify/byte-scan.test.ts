// The big-log reader: which lines reach the rules (head, tail, anchors and the lines
// around them), in order and with their numbers, whatever the chunking; and the
// diagnosis of a log too big to read whole.
import { beforeAll, describe, expect, it } from 'vitest';
import { AnchoredByteScanner, type ScanLimits } from '../../../src/core/classify/byte-scan.js';
import { buildGramTables } from '../../../src/core/classify/gram-filter.js';
import { LiteralSearch } from '../../../src/core/classify/literal-search.js';
import { createByteDiagnoser, createDiagnoser, diagnoseText } from '../../../src/core/diagnose.js';
import type { KnowledgeBase } from '../../../src/core/knowledge.js';
import { MAX_LINE } from '../../../src/core/text/lines.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

const ANCHOR = 'out of memory. tried to allocate';
const grams = buildGramTables(['torch', ANCHOR]);
const search = new LiteralSearch([ANCHOR]);
const SMALL: ScanLimits = { head: 200, tail: 200, around: 2, budget: 100 };

function readLines(
  text: string,
  chunk: number,
  limits = SMALL,
  quiet?: (text: string) => boolean,
): { lines: [number, string][]; count: number } {
  const lines: [number, string][] = [];
  const s = new AnchoredByteScanner(grams, search, (t, n) => lines.push([n, t]), limits, quiet);
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += chunk) s.push(bytes.subarray(i, i + chunk));
  s.end();
  return { lines, count: s.lines - 1 };
}

/** 1000 numbered noise lines, with `at` lines replaced. */
function log(at: Record<number, string>): string {
  return Array.from({ length: 1000 }, (_, i) => at[i + 1] ?? `step ${i + 1} loss=0.${i} lr=3e-4`).join('\n');
}

describe('AnchoredByteScanner', () => {
  it('GIVEN a log longer than head and tail THEN only head lines, the anchor with its neighbours and tail lines are read, in order', () => {
    const text = log({
      3: 'import torch',
      500: 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2 GiB',
      499: 'torch here',
      502: 'torch there',
      997: 'torch tail',
    });
    for (const chunk of [1, 7, 64, 4096, 1 << 20]) {
      const { lines, count } = readLines(text, chunk);
      expect(count).toBe(1000);
      // Lines without a needle are never handed on; the anchor is, and torch lines near it.
      expect(lines.map(([n]) => n)).toEqual([3, 499, 500, 502, 997]);
      expect(lines[2]![1]).toContain('CUDA out of memory');
    }
  });

  it('GIVEN anchors close together, after empty and short lines THEN exactly the AROUND lines before each are read, whatever the chunking', () => {
    const text = log({
      400: '',
      401: 'torch a',
      402: 'torch b',
      403: 'CUDA out of memory. Tried to allocate 1 GiB',
      406: 'torch c',
      407: 'CUDA out of memory. Tried to allocate 2 GiB',
      600: 'torch d',
      601: '',
      602: 'CUDA out of memory. Tried to allocate 3 GiB',
      699: 'torch e',
      700: '',
      701: '',
      702: 'CUDA out of memory. Tried to allocate 4 GiB',
    });
    for (const chunk of [1, 2, 3, 5, 31, 64, 4096, 1 << 20]) {
      const { lines, count } = readLines(text, chunk);
      expect(count).toBe(1000);
      expect(lines.map(([n]) => n)).toEqual([401, 402, 403, 406, 407, 600, 602, 702]);
      expect(lines.map(([, t]) => t).slice(0, 2)).toEqual(['torch a', 'torch b']);
    }
  });

  it('GIVEN the context budget is spent THEN anchors are still read, without their neighbours', () => {
    const at: Record<number, string> = {};
    for (let n = 100; n < 900; n += 100) {
      at[n] = `RuntimeError: CUDA out of memory. Tried to allocate ${n} MiB`;
      at[n + 1] = 'torch after';
    }
    const { lines } = readLines(log(at), 4096, { ...SMALL, budget: 2 });
    const read = lines.map(([n]) => n);
    expect(read.filter((n) => n % 100 === 0)).toEqual([100, 200, 300, 400, 500, 600, 700, 800]);
    expect(read.filter((n) => n % 100 === 1).length).toBeLessThanOrEqual(2);
  });

  it('GIVEN an anchor line the sink calls quiet (a harmless notice) THEN it is read without its neighbours, and the next anchor still gets them', () => {
    const text = log({
      299: 'torch before notice',
      300: 'INFO notice: out of memory. tried to allocate nothing, all is well',
      301: 'torch after notice',
      599: 'torch before error',
      600: 'RuntimeError: CUDA out of memory. Tried to allocate 2 GiB',
      601: 'torch after error',
    });
    for (const chunk of [3, 4096, 1 << 20]) {
      const { lines } = readLines(text, chunk, SMALL, (t) => t.startsWith('INFO notice'));
      expect(lines.map(([n]) => n)).toEqual([300, 599, 600, 601]);
    }
  });

  it('GIVEN a log that fits in head plus tail THEN every line with a needle is read', () => {
    const text = log({ 3: 'torch', 11: 'x torch y' }).split('\n').slice(0, 14).join('\n');
    expect(text.length).toBeLessThan(SMALL.head + SMALL.tail);
    expect(readLines(text, 5).lines.map(([n]) => n)).toEqual([3, 11]);
  });

  it('GIVEN an anchor deep inside a line longer than MAX_LINE THEN the window holding it is read, numbered as its line', () => {
    const long = `${'x'.repeat(3 * MAX_LINE)} CUDA out of memory. Tried to allocate 1 GiB ${'y'.repeat(2 * MAX_LINE)}`;
    const text = `${log({}).split('\n').slice(0, 400).join('\n')}\n${long}\n${log({}).split('\n').slice(0, 400).join('\n')}`;
    const { lines, count } = readLines(text, 65536);
    expect(count).toBe(801);
    const hits = lines.filter(([, t]) => t.includes('CUDA out of memory'));
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every(([n]) => n === 401)).toBe(true);
    expect(lines.every(([, t]) => t.length <= MAX_LINE + 512)).toBe(true);
  });

  it('GIVEN a 40 MB line without a newline THEN it is read in windows and counted as one line', () => {
    const s = new AnchoredByteScanner(grams, search, () => {}, SMALL);
    const chunk = new Uint8Array(1 << 20).fill(0x61);
    for (let i = 0; i < 40; i++) s.push(chunk);
    s.end();
    expect(s.lines - 1).toBe(1);
  });
});

let kb: KnowledgeBase;
beforeAll(() => {
  const r = loadKnowledge();
  if (!r.ok) throw new Error('knowledge');
  kb = r.kb;
});

describe('diagnosing a big log', () => {
  /** About 3 MB of training output: versions at the top, an error in the middle, noise after it. */
  function bigLog(error: string): { text: string; errorLine: number } {
    const head = ['torch 2.1.0+cu118', 'Python 3.10.12', 'Using device cuda:0 (NVIDIA A100-SXM4-80GB)'];
    const noise = (i: number) =>
      `2024-05-01 12:00:00,123 - trainer - INFO - step ${i}/500000 loss=0.${i % 9999} lr=3.0e-04 grad_norm=1.${i % 97}`;
    const lines = [...head];
    for (let i = 0; i < 15000; i++) lines.push(noise(i));
    lines.push(
      'Traceback (most recent call last):',
      '  File "/workspace/train.py", line 80, in <module>',
      error,
    );
    const errorLine = lines.length;
    for (let i = 0; i < 15000; i++) lines.push(noise(i));
    return { text: `${lines.join('\n')}\n`, errorLine };
  }

  it('GIVEN an error in the middle of a 3 MB log THEN it is found on its line, with the framework from the head', () => {
    const { text, errorLine } = bigLog(
      'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 79.15 GiB total capacity)',
    );
    const d = createByteDiagnoser(kb);
    const bytes = new TextEncoder().encode(text);
    for (let i = 0; i < bytes.length; i += 65536) d.push(bytes.subarray(i, i + 65536));
    const r = d.end();
    expect(r.causes[0]?.id).toBe('gpu-oom');
    expect(r.causes[0]?.evidence.map((e) => e.line)).toContain(errorLine);
    expect(r.signals.framework).toBe('pytorch');
    expect(r.input.lines).toBe(text.split('\n').length - 1);
  });

  it('GIVEN the same big log as text, whole or in chunks, THEN the diagnosis is the one of its bytes', () => {
    const { text } = bigLog('RuntimeError: CUDA error: an illegal memory access was encountered');
    const d = createByteDiagnoser(kb);
    d.push(new TextEncoder().encode(text));
    const viaBytes = JSON.stringify(d.end());
    expect(JSON.stringify(diagnoseText(text, kb))).toBe(viaBytes);
    const chunked = createDiagnoser(kb);
    for (let i = 0; i < text.length; i += 100_003) chunked.push(text.slice(i, i + 100_003));
    expect(JSON.stringify(chunked.end())).toBe(viaBytes);
  });
});

describe("listening's verdict on a file's bytes", () => {
  const viaBytes = (bytes: Uint8Array, chunk: number) => {
    const d = createByteDiagnoser(kb);
    for (let i = 0; i < bytes.length; i += chunk) d.push(bytes.subarray(i, i + chunk));
    return d.end();
  };
  const utf16le = (text: string) =>
    new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, 'utf16le'))]);

  // Real messages (test/corpus/listen.jsonl): the first carries a notice in backticks, the
  // second tells of a kill in words.
  const KERNEL_DIED =
    '每次训练到fit都会报错`The kernel appears to have died. It will restart automatically.`\n```\nwith Timer() as time_train:\n    model.fit(param, model_file)\nprint(f"Training time: {time_train}")\n```\n请问这是什么原因呢？非常感谢';
  const TOLD = 'In the training process, the process is always killed. How to solve this problem？';

  it.each([
    ['a pasted notice', KERNEL_DIED, true],
    ['a kill told in words', TOLD, false],
  ])('GIVEN %s saved as UTF-16 (PowerShell) THEN the verdict is the text’s', (_, text, verdict) => {
    expect(diagnoseText(text, kb).crashReport).toBe(verdict);
    for (const chunk of [1 << 18, 7, 1]) expect(viaBytes(utf16le(text), chunk).crashReport).toBe(verdict);
  });

  it('GIVEN a marker past the first 8192 characters THEN the file’s verdict is the text’s, whatever the chunks', () => {
    // 200 lines of talk (multi-byte characters, so bytes and characters differ), the notice after them.
    const talk = Array.from(
      { length: 200 },
      (_, i) => `第${i}次：we went over the learning rate and the batch size again today.`,
    ).join('\n');
    const text = `${talk}\nThe kernel appears to have died. It will restart automatically.\n`;
    expect(text.indexOf('The kernel')).toBeGreaterThan(8192);
    expect(diagnoseText(text, kb).crashReport).toBe(false);
    const bytes = new TextEncoder().encode(text);
    for (const chunk of [1 << 18, 65536, 4099, 3]) expect(viaBytes(bytes, chunk).crashReport).toBe(false);
  });
});
