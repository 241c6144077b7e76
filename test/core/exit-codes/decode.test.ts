import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeExitCode } from '../../../src/core/exit-codes/decode.js';
import { loadExitCodes } from '../../../src/knowledge/exit-codes.js';
import { ProblemList } from '../../../src/knowledge/files.js';
import { defaultKnowledgeDir } from '../../../src/knowledge/load.js';

const problems = new ProblemList(defaultKnowledgeDir());
const table = loadExitCodes(join(defaultKnowledgeDir(), 'exit-codes'), problems);

function decoded(input: string) {
  const r = decodeExitCode(input, table);
  if (!r.ok) throw new Error(`${input}: ${r.error.code} ${r.error.message}`);
  return r;
}

describe('decodeExitCode', () => {
  it('GIVEN the real tables THEN they load without problems', () => {
    expect(problems.items).toEqual([]);
  });

  it.each([
    ['-1073740791', 'STATUS_STACK_BUFFER_OVERRUN', '0xC0000409', -1073740791, 3221226505],
    ['3221226505', 'STATUS_STACK_BUFFER_OVERRUN', '0xC0000409', -1073740791, 3221226505],
    ['0xC0000409', 'STATUS_STACK_BUFFER_OVERRUN', '0xC0000409', -1073740791, 3221226505],
    ['0xc0000409', 'STATUS_STACK_BUFFER_OVERRUN', '0xC0000409', -1073740791, 3221226505],
    ['C0000409', 'STATUS_STACK_BUFFER_OVERRUN', '0xC0000409', -1073740791, 3221226505],
    ['  `0xC0000409`  ', 'STATUS_STACK_BUFFER_OVERRUN', '0xC0000409', -1073740791, 3221226505],
    ['(0xC0000409)', 'STATUS_STACK_BUFFER_OVERRUN', '0xC0000409', -1073740791, 3221226505],
    ['```-1073740791```', 'STATUS_STACK_BUFFER_OVERRUN', '0xC0000409', -1073740791, 3221226505],
    [
      'Process finished with exit code -1073740791 (0xC0000409)',
      'STATUS_STACK_BUFFER_OVERRUN',
      '0xC0000409',
      -1073740791,
      3221226505,
    ],
    ['-1073740940', 'STATUS_HEAP_CORRUPTION', '0xC0000374', -1073740940, 3221226356],
    ['-1073741571', 'STATUS_STACK_OVERFLOW', '0xC00000FD', -1073741571, 3221225725],
    ['3221225477', 'STATUS_ACCESS_VIOLATION', '0xC0000005', -1073741819, 3221225477],
    ['exit status 3221225477.', 'STATUS_ACCESS_VIOLATION', '0xC0000005', -1073741819, 3221225477],
    ['137', 'SIGKILL', '0x89', -9, 137],
    ['exit code 137', 'SIGKILL', '0x89', -9, 137],
    ['Exit Code: 137', 'SIGKILL', '0x89', -9, 137],
    ['exit status 139', 'SIGSEGV', '0x8B', -11, 139],
    ['-9', 'SIGKILL', '0x89', -9, 137],
    ['returncode -9', 'SIGKILL', '0x89', -9, 137],
    ['returncode=-9', 'SIGKILL', '0x89', -9, 137],
    ['exitcode: -9', 'SIGKILL', '0x89', -9, 137],
    ['SIGKILL', 'SIGKILL', '0x89', -9, 137],
    ['sigkill', 'SIGKILL', '0x89', -9, 137],
    ['signal 9', 'SIGKILL', '0x89', -9, 137],
    ['<Signals.SIGKILL: 9>', 'SIGKILL', '0x89', -9, 137],
    ['Killed', 'SIGKILL', '0x89', -9, 137],
    ['Segmentation fault (core dumped)', 'SIGSEGV', '0x8B', -11, 139],
    ['Aborted (core dumped)', 'SIGABRT', '0x86', -6, 134],
    ['zsh: illegal hardware instruction', 'SIGILL', '0x84', -4, 132],
    [
      'Windows fatal exception: access violation',
      'STATUS_ACCESS_VIOLATION',
      '0xC0000005',
      -1073741819,
      3221225477,
    ],
    ['STATUS_ACCESS_VIOLATION', 'STATUS_ACCESS_VIOLATION', '0xC0000005', -1073741819, 3221225477],
    ['status_heap_corruption', 'STATUS_HEAP_CORRUPTION', '0xC0000374', -1073740940, 3221226356],
    ['0x89', 'SIGKILL', '0x89', -9, 137],
    ['0', 'SUCCESS', '0x00', 0, 0],
    ['exit code 0', 'SUCCESS', '0x00', 0, 0],
    ['Process finished with exit code 0', 'SUCCESS', '0x00', 0, 0],
    ['3', 'ABORT_EXIT_3', '0x00000003', 3, 3],
    ['1', 'exit status 1', '0x01', 1, 1],
    ['2', 'exit status 2', '0x02', 2, 2],
    ['255', 'exit status 255', '0xFF', 255, 255],
  ])('GIVEN %j THEN it decodes to %s (%s, signed %d, unsigned %d)', (input, name, hex, signed, unsigned) => {
    const { code } = decoded(input);
    expect({ name: code.name, hex: code.hex, signed: code.signed, unsigned: code.unsigned }).toEqual({
      name,
      hex,
      signed,
      unsigned,
    });
  });

  it.each([
    ['-1073740791', 'STATUS_HEAP_CORRUPTION'],
    ['-1073740791', 'STATUS_STACK_OVERFLOW'],
    ['0xC0000409', 'STATUS_HEAP_CORRUPTION'],
    ['-1073740940', 'STATUS_STACK_BUFFER_OVERRUN'],
  ])('GIVEN the trap value %s THEN it is not %s', (input, wrong) => {
    const { code, alternatives } = decoded(input);
    expect([code, ...alternatives].map((c) => c.name)).not.toContain(wrong);
  });

  it('GIVEN 0xC0000409 THEN the meaning says it is the fail-fast code that __fastfail and abort() end with', () => {
    const { meaning } = decoded('0xC0000409').code;
    expect(meaning).toContain('__fastfail');
    expect(meaning).toContain('abort()');
    expect(meaning).toContain('0xC0000374');
    expect(meaning).toContain('0xC00000FD');
  });

  it('GIVEN 137 THEN SIGKILL is usually but not always the OOM killer', () => {
    const { mlCauses } = decoded('137').code;
    expect(mlCauses).toMatch(/OOM killer/);
    expect(mlCauses).toMatch(/not always/i);
  });

  it.each([
    ['139', 'SIGSEGV', ['exit status 139']],
    ['137', 'SIGKILL', ['exit status 137']],
    ['3', 'ABORT_EXIT_3', ['exit status 3']],
    ['2', 'exit status 2', ['SIGINT']],
    ['9', 'exit status 9', ['SIGKILL']],
    ['-1073740791', 'STATUS_STACK_BUFFER_OVERRUN', []],
    ['-9', 'SIGKILL', ['exit status -9']],
    ['returncode -9', 'SIGKILL', []],
    ['Process finished with exit code -1', 'exit status -1', ['signal 1']],
    ['returncode -1', 'signal 1', []],
    ['-100', 'exit status -100', ['NTSTATUS 0xFFFFFF9C']],
    ['SIGKILL', 'SIGKILL', []],
  ])(
    'GIVEN the ambiguous %s THEN the primary reading is %s and the alternatives are %j',
    (input, name, alts) => {
      const r = decoded(input);
      expect(r.code.name).toBe(name);
      expect(r.alternatives.map((a) => a.name)).toEqual(alts);
    },
  );

  it.each([
    ['0xC0000091', 'NTSTATUS 0xC0000091', /severity error/],
    ['0xE0434352', 'NTSTATUS 0xE0434352', /customer bit set/],
    ['0xD0000001', 'NTSTATUS 0xD0000001', /Bit 28 is set/],
  ])(
    'GIVEN the NTSTATUS-shaped %s missing from the table THEN it is named %s and its bits explained',
    (input, name, bits) => {
      const { code } = decoded(input);
      expect(code.name).toBe(name);
      expect(code.platform).toBe('windows');
      expect(code.meaning).toContain("not in crashbot's table");
      expect(code.meaning).toMatch(bits);
    },
  );

  it('GIVEN a signal number outside the table THEN it decodes as that signal without a made-up name', () => {
    const { code } = decoded('129');
    expect({ name: code.name, signal: code.signal, unsigned: code.unsigned }).toEqual({
      name: 'signal 1',
      signal: 1,
      unsigned: 129,
    });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['``', 'empty'],
    ['hello', 'not-a-code'],
    ['0xZZ', 'not-a-code'],
    ['exit code abc', 'not-a-code'],
    ['SIGFOO', 'not-a-code'],
    ['signal 99', 'not-a-code'],
    ['4294967296', 'out-of-range'],
    ['-2147483649', 'out-of-range'],
    ['0x100000000', 'out-of-range'],
    ['99999999999999999999999', 'out-of-range'],
    ['exit code 99999999999', 'out-of-range'],
    ['Process finished with exit code 99999999999', 'out-of-range'],
  ])('GIVEN %j THEN the error code is %s with a message', (input, code) => {
    const r = decodeExitCode(input, table);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(r.error.message.length).toBeGreaterThan(10);
    }
  });

  it('GIVEN a negative code widened to 64 bits and printed exactly THEN it is that code, said so', () => {
    const r = decoded('18446744072635810825');
    expect(r.code).toMatchObject({ name: 'STATUS_STACK_BUFFER_OVERRUN', signed: -1073740791 });
    expect(r.code.meaning).toContain('widened to 64 bits');
  });

  it("GIVEN LM Studio's widened code printed through a double THEN every table code it can stand for is offered, the commonest first", () => {
    // 2^64 - 1073740791 = 18446744072635810825 -> the double 18446744072635811840, printed with 17 digits.
    const r = decoded('Exit code: 18446744072635812000');
    expect([r.code, ...r.alternatives].map((c) => c.hex)).toEqual([
      '0xC0000409',
      '0xC0000417',
      '0xC0000420',
      '0xC0000602',
    ]);
    expect(r.code.meaning).toContain('0xC0000400 to 0xC0000C00');
    expect(decoded('18446744073179853000').code.name).toBe('STATUS_CPP_EH_EXCEPTION');
  });

  it('GIVEN any table code widened to 64 bits and printed through a double THEN the code is among the readings', () => {
    for (const e of table.ntstatus.filter((n) => n.signed < 0)) {
      const printed = String(Number(2n ** 64n + BigInt(e.signed)));
      const r = decoded(printed);
      expect([r.code, ...r.alternatives].map((c) => c.name)).toContain(e.name);
    }
  });

  it.each(['18446744000000000000', '10000000000000000000', '18446744073709555000'])(
    'GIVEN the 20-digit number %s, which no widened 32-bit code prints as, THEN it is out of range',
    (input) => {
      const r = decodeExitCode(input, table);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('out-of-range');
    },
  );

  it('GIVEN any 32-bit value in decimal or hex THEN every reading is self-consistent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 32 - 1 }), fc.boolean(), (v, asHex) => {
        const u = v < 0 ? v + 2 ** 32 : v;
        const r = decodeExitCode(asHex ? `0x${u.toString(16)}` : String(v), table);
        if (!r.ok) return false;
        return [r.code, ...r.alternatives].every((c) =>
          c.signal !== undefined
            ? c.unsigned === 128 + c.signal &&
              c.signed === -c.signal &&
              c.hex === `0x${c.unsigned.toString(16).toUpperCase()}`
            : Number.parseInt(c.hex.slice(2), 16) === c.unsigned &&
              (c.signed === c.unsigned || c.signed === c.unsigned - 2 ** 32),
        );
      }),
      { numRuns: 3000, seed: 20240501 },
    );
  });

  it('GIVEN any decoded code THEN every field is filled', () => {
    for (const input of ['137', '0xC0000409', '1', '0xC0000091', '3', 'Killed', '129']) {
      const { code } = decoded(input);
      for (const field of ['input', 'platform', 'name', 'hex', 'meaning', 'mlCauses', 'source'] as const)
        expect(code[field], `${input}.${field}`).not.toBe('');
      expect(Number.isInteger(code.signed) && Number.isInteger(code.unsigned)).toBe(true);
    }
  });
});
