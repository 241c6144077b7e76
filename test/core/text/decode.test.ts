import { describe, expect, it } from 'vitest';
import { ByteDecoder, sniffEncoding, textLooksBinary } from '../../../src/core/text/decode.js';

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
    ['a NUL', 'abc\u0000def', true],
    ['control characters', '\u0001\u0002\u0003\u0004abc', true],
  ])('GIVEN %s THEN textLooksBinary is %s', (_name, text, expected) => {
    expect(textLooksBinary(text)).toBe(expected);
  });
});
