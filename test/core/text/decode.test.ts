import { describe, expect, it } from 'vitest';
import { createByteDiagnoser } from '../../../src/core/diagnose.js';
import { ByteDecoder, sniffEncoding, textLooksBinary } from '../../../src/core/text/decode.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

function decode(bytes: Uint8Array, chunk = 3): { text: string; stats: ReturnType<ByteDecoder['result']> } {
  const d = new ByteDecoder();
  let text = '';
  for (let i = 0; i < bytes.length; i += chunk) text += d.push(bytes.subarray(i, i + chunk));
  text += d.end();
  return { text, stats: d.result() };
}

const utf16le = (s: string) => new Uint8Array(Buffer.from(s, 'utf16le'));

describe('ByteDecoder', () => {
  it('GIVEN UTF-8 split mid-character across chunks THEN it decodes intact', () => {
    const { text, stats } = decode(new TextEncoder().encode('Ошибка: CUDA out of memory ✓'), 1);
    expect(text).toBe('Ошибка: CUDA out of memory ✓');
    expect(stats.replaced).toBe(0);
  });

  it('GIVEN invalid UTF-8 bytes THEN they are replaced and counted, not dropped', () => {
    const bytes = new Uint8Array([0x4b, 0x69, 0x6c, 0x6c, 0xff, 0xfe, 0x65, 0x64]);
    const { text, stats } = decode(bytes);
    expect(text).toContain('Kill');
    expect(stats.replaced).toBeGreaterThan(0);
    expect(stats.binary).toBe(false);
  });

  it('GIVEN UTF-16LE with a BOM (PowerShell redirect) THEN it decodes as text', () => {
    const bytes = new Uint8Array([0xff, 0xfe, ...utf16le('Process finished with exit code -1073740791\r\n')]);
    const { text, stats } = decode(bytes, 5);
    expect(stats.encoding).toBe('utf-16le');
    expect(text).toContain('exit code -1073740791');
  });

  it('GIVEN UTF-16LE without a BOM THEN the NUL pattern gives it away', () => {
    expect(sniffEncoding(utf16le('Traceback (most recent call last):')).encoding).toBe('utf-16le');
  });

  it('GIVEN bytes with NULs that are not UTF-16 THEN the input is binary', () => {
    const bytes = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    expect(decode(bytes, 1024).stats.binary).toBe(true);
  });

  it.each([
    ['a log', 'RuntimeError: x\n\tat y\n', false],
    ['a NUL in a line', 'abc\u0000def', false],
    [
      'a stretch of NULs in a log (a core dump fragment)',
      `${'Killed\n'.repeat(200)}${'\u0000'.repeat(300)}Killed\n`,
      false,
    ],
    ['mostly NUL', `ab${'\u0000'.repeat(10)}`, true],
    ['control characters', '\u0001\u0002\u0003\u0004abc', true],
    [
      'Latin-1 read as UTF-8 (a few U+FFFD)',
      'Erreur : m\ufffdmoire \ufffdpuis\ufffde sur le GPU\n'.repeat(20),
      false,
    ],
    ['backspaces and escapes of a progress bar', '\u001b[2K\r 45%|\u0008\u0008\u0008 50%\n', false],
  ])('GIVEN %s THEN textLooksBinary is %s', (_name, text, expected) => {
    expect(textLooksBinary(text)).toBe(expected);
  });
});

const BOM_LE = [0xff, 0xfe];
const BOM_BE = [0xfe, 0xff];
const utf16be = (s: string) => new Uint8Array(Buffer.from(s, 'utf16le').swap16());
/** A Chinese Windows training log: little ASCII, so the bytes after the BOM show no NUL pattern. */
const CJK_LOG = `${'训练脚本在第三个周期崩溃了，下面是完整的输出日志。\r\n'.repeat(40)}RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB\r\n${'进程已结束，退出代码为一。\r\n'.repeat(40)}`;

/** Deterministic bytes that look like compressed data. */
function noise(n: number, seed = 7): Uint8Array {
  let x = seed;
  return new Uint8Array(n).map(() => {
    x = (x * 1103515245 + 12345) >>> 0;
    return x >>> 24;
  });
}

describe('ByteDecoder: the encoding and the text verdict', () => {
  it.each([
    ['UTF-16LE', BOM_LE, utf16le, 'utf-16le'],
    ['UTF-16BE', BOM_BE, utf16be, 'utf-16be'],
  ] as const)(
    'GIVEN %s with a BOM holding mostly CJK text THEN it is read as that, not sniffed again',
    (_n, bom, encode, encoding) => {
      for (const chunk of [1, 3, 4096, 1 << 20]) {
        const { text, stats } = decode(new Uint8Array([...bom, ...encode(CJK_LOG)]), chunk);
        expect([stats.encoding, stats.binary, stats.replaced]).toEqual([encoding, false, 0]);
        expect(text).toBe(CJK_LOG);
      }
    },
  );

  it('GIVEN UTF-16 CJK with a BOM THEN the byte diagnoser reads it and finds the cause', () => {
    const loaded = loadKnowledge();
    if (!loaded.ok) throw new Error('knowledge/ does not load');
    const d = createByteDiagnoser(loaded.kb);
    const bytes = new Uint8Array([...BOM_LE, ...utf16le(CJK_LOG)]);
    for (let i = 0; i < bytes.length; i += 1000) d.push(bytes.subarray(i, i + 1000));
    const r = d.end();
    expect(r.causes[0]?.id).toBe('gpu-oom');
    expect([r.input.binary, r.input.invalidUtf8]).toEqual([false, 0]);
  });

  it.each([
    ['a UTF-16LE BOM then zeros', [...BOM_LE]],
    ['a UTF-16BE BOM then zeros', [...BOM_BE]],
    ['a UTF-8 BOM then zeros', [0xef, 0xbb, 0xbf]],
    ['zeros alone', []],
  ])('GIVEN %s THEN it is binary as soon as 8 KB were seen (the rest need not be read)', (_name, start) => {
    const d = new ByteDecoder();
    d.push(new Uint8Array(start));
    for (let i = 0; i < 3 && !d.binary; i++) d.push(new Uint8Array(4096));
    expect(d.binary).toBe(true);
  });

  it.each([
    ['one NUL byte in an 8 KB log', (log: string) => `${log.slice(0, 4000)}\u0000${log.slice(4000)}`],
    [
      'a 1 KB core dump fragment inside the log',
      (log: string) =>
        `${log.slice(0, 3000)}\u007fELF\u0002\u0001\u0001${'\u0000'.repeat(1000)}${log.slice(3000)}`,
    ],
  ])('GIVEN %s THEN it is still text, and decoded whole', (_name, spoil) => {
    const log = spoil(
      'Traceback (most recent call last):\n  File "train.py", line 12, in <module>\n'.repeat(120),
    );
    const { text, stats } = decode(new TextEncoder().encode(log), 512);
    expect(stats.binary).toBe(false);
    expect(text).toBe(log);
  });

  it.each([
    ['compressed-looking noise', noise(16_384)],
    [
      'an ELF header and its zero padding',
      new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, ...new Array(9000).fill(0)]),
    ],
    [
      'a PNG signature and noise',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...noise(9000, 3)]),
    ],
    [
      'a SQLite database page',
      new Uint8Array([...new TextEncoder().encode('SQLite format 3\u0000'), ...new Array(9000).fill(0)]),
    ],
  ])('GIVEN %s THEN it is binary', (_name, bytes) => {
    expect(decode(bytes, 1024).stats.binary).toBe(true);
  });
});
