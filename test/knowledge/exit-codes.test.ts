import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { decodeExitCode } from '../../src/core/exit-codes/decode.js';
import { loadExitCodes } from '../../src/knowledge/exit-codes.js';
import { ProblemList } from '../../src/knowledge/files.js';
import { defaultKnowledgeDir } from '../../src/knowledge/load.js';
import { hasShared, sharedPath } from '../helpers/shared.js';

const root = defaultKnowledgeDir();
const dir = join(root, 'exit-codes');
const problems = new ProblemList(root);
const table = loadExitCodes(dir, problems);

/** The verified reference tables, beside the checkout (../shared/reference). */
const referenceDir = sharedPath('reference');
const hasReference = hasShared(
  'the exit-code tables against the reference pack',
  'reference',
  'ntstatus.json',
);
const reference = (name: string) => JSON.parse(readFileSync(join(referenceDir, name), 'utf8'));

describe('loadExitCodes on knowledge/exit-codes', () => {
  it('GIVEN the shipped files THEN they load with no problems and every row has a source', () => {
    expect(problems.items).toEqual([]);
    const rows = [...table.ntstatus, ...table.signals, ...table.plain];
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.filter((r) => r.source.trim().length < 10)).toEqual([]);
  });

  it.each(table.ntstatus.map((e) => [e.name, e] as const))(
    'GIVEN the NTSTATUS row %s THEN hex, unsigned and signed are one value and each decodes back to it',
    (name, e) => {
      const unsigned = Number.parseInt(e.hex.slice(2), 16);
      expect(e.unsigned).toBe(unsigned);
      expect(e.signed).toBe(unsigned >= 2 ** 31 ? unsigned - 2 ** 32 : unsigned);
      expect((e.signed >>> 0).toString(16).toUpperCase().padStart(8, '0')).toBe(e.hex.slice(2));
      for (const form of [e.hex, e.hex.toLowerCase(), String(e.signed), String(e.unsigned)]) {
        const r = decodeExitCode(form, table);
        expect(r.ok && r.code.name, form).toBe(name);
      }
    },
  );

  it.each(table.signals.map((s) => [s.name, s] as const))(
    'GIVEN the signal %s THEN 128+N, -N and its name decode to it',
    (name, s) => {
      for (const form of [String(128 + s.number), String(-s.number), name, `signal ${s.number}`]) {
        const r = decodeExitCode(form, table);
        expect(r.ok && { name: r.code.name, signal: r.code.signal }, form).toEqual({
          name,
          signal: s.number,
        });
      }
    },
  );

  it.skipIf(!hasReference)(
    'GIVEN ntstatus.json THEN every code in it is in the table with its values',
    () => {
      const codes: { name: string | null; hex: string; unsigned_decimal: number; signed_decimal: number }[] =
        reference('ntstatus.json').codes;
      const rows = codes.map((c) => table.ntstatus.find((e) => e.hex === c.hex));
      expect(rows.map((r) => r && { name: r.name, unsigned: r.unsigned, signed: r.signed })).toEqual(
        codes.map((c) => ({
          name: c.name ?? `NTSTATUS ${c.hex}`,
          unsigned: c.unsigned_decimal,
          signed: c.signed_decimal,
        })),
      );
    },
  );

  it.skipIf(!hasReference)('GIVEN ntstatus.json THEN each row keeps its verified status and source', () => {
    const codes: { hex: string; verified: boolean | string; source: string }[] =
      reference('ntstatus.json').codes;
    const rows: { hex: string; verified: boolean | string; source: string }[] = parse(
      readFileSync(join(dir, 'ntstatus.yaml'), 'utf8'),
    ).ntstatus;
    for (const c of codes) {
      const row = rows.find((r) => r.hex === c.hex);
      expect(row?.verified, c.hex).toBe(c.verified);
      expect(row?.source, c.hex).toBe(c.source);
    }
  });

  it.skipIf(!hasReference)(
    'GIVEN signals.json THEN every signal in it is in the table with its number',
    () => {
      const signals: { signal: string; number_linux_x86_64_and_arm64: number }[] =
        reference('signals.json').signals;
      expect(signals.map((s) => table.signals.find((t) => t.name === s.signal)?.number)).toEqual(
        signals.map((s) => s.number_linux_x86_64_and_arm64),
      );
    },
  );
});

describe('loadExitCodes on broken files', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'crashbot-exit-codes-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  const row = (over: string) =>
    `  - name: STATUS_X\n    hex: '0xC0000005'\n    unsigned: 3221225477\n    signed: -1073741819\n    verified: true\n    meaning: m\n    mlCauses: c\n    source: s\n${over}`;

  function load(files: Record<string, string>) {
    const base = mkdtempSync(join(tmp, 'kb-'));
    mkdirSync(join(base, 'exit-codes'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(base, 'exit-codes', name), text);
    const list = new ProblemList(base);
    loadExitCodes(join(base, 'exit-codes'), list);
    return list.items.map((p) => `${p.file} ${p.field}`);
  }

  const goodSignals =
    'signals:\n  - {name: SIGKILL, number: 9, status: 137, returncode: -9, meaning: m, mlCauses: c, source: s}\n';
  const goodPlain = 'plain: []\n';

  it.each([
    [
      'a signed value that disagrees with the hex',
      `ntstatus:\n${row('').replace('-1073741819', '-1073740791')}`,
      'ntstatus[0].signed',
    ],
    [
      'an unsigned value that disagrees with the hex',
      `ntstatus:\n${row('').replace('3221225477', '3221226505')}`,
      'ntstatus[0].unsigned',
    ],
    ['a lower-case hex', `ntstatus:\n${row('').replace("'0xC0000005'", "'0xc0000005'")}`, 'ntstatus[0].hex'],
    [
      'a row without mlCauses',
      `ntstatus:\n${row('').replace('    mlCauses: c\n', '')}`,
      'ntstatus[0].mlCauses',
    ],
    ['a row without a source', `ntstatus:\n${row('').replace('    source: s\n', '')}`, 'ntstatus[0].source'],
    [
      'an unverified row given a name',
      `ntstatus:\n${row('').replace('verified: true', 'verified: false')}`,
      'ntstatus[0].name',
    ],
    [
      'the same hex twice',
      `ntstatus:\n${row('')}${row('').replace('STATUS_X', 'STATUS_Y')}`,
      'ntstatus[1].hex',
    ],
    ['an unknown field', `ntstatus:\n${row('    severity: error\n')}`, 'ntstatus[0]'],
    ['invalid YAML', 'ntstatus: [\n', '(yaml)'],
  ])('GIVEN ntstatus.yaml with %s THEN the problem names the file and %s', (_what, text, field) => {
    expect(load({ 'ntstatus.yaml': text, 'signals.yaml': goodSignals, 'plain.yaml': goodPlain })).toContain(
      `exit-codes/ntstatus.yaml ${field}`,
    );
  });

  it.each([
    [
      'a 128+N status that is not 128+N',
      goodSignals.replace('status: 137', 'status: 138'),
      'signals[0].status',
    ],
    [
      'a returncode that is not -N',
      goodSignals.replace('returncode: -9', 'returncode: 9'),
      'signals[0].returncode',
    ],
    ['a signal number beyond 64', goodSignals.replace('number: 9,', 'number: 99,'), 'signals[0].number'],
  ])('GIVEN signals.yaml with %s THEN the problem names the file and %s', (_what, text, field) => {
    expect(
      load({ 'ntstatus.yaml': `ntstatus:\n${row('')}`, 'signals.yaml': text, 'plain.yaml': goodPlain }),
    ).toContain(`exit-codes/signals.yaml ${field}`);
  });

  it('GIVEN plain.yaml claiming a signal status THEN the problem names plain[0].code', () => {
    const plain = 'plain:\n  - {code: 137, platform: posix, name: OOM, meaning: m, mlCauses: c, source: s}\n';
    expect(
      load({ 'ntstatus.yaml': `ntstatus:\n${row('')}`, 'signals.yaml': goodSignals, 'plain.yaml': plain }),
    ).toContain('exit-codes/plain.yaml plain[0].code');
  });

  it('GIVEN a missing plain.yaml THEN the problem names the file', () => {
    expect(load({ 'ntstatus.yaml': `ntstatus:\n${row('')}`, 'signals.yaml': goodSignals })).toEqual([
      'exit-codes/plain.yaml (file)',
    ]);
  });

  it('GIVEN good files THEN there is no problem', () => {
    expect(
      load({
        'ntstatus.yaml': `ntstatus:\n${row('')}`,
        'signals.yaml': goodSignals,
        'plain.yaml': goodPlain,
      }),
    ).toEqual([]);
  });
});
