// Loads knowledge/exit-codes/: ntstatus.yaml, signals.yaml and plain.yaml -> a frozen
// ExitCodeTable, or every problem with its file and field (a hex that disagrees with its
// decimal values, a 128+N status that is not 128+N, a code listed twice, ...).
import { join } from 'node:path';
import { z } from 'zod';
import type { ExitCodeTable, NtStatusEntry, PlainExitEntry, SignalEntry } from '../core/exit-codes/table.js';
import { hex8, toSigned32 } from '../core/exit-codes/values.js';
import { type ProblemList, readYaml, validate } from './files.js';

const text = z.string().trim().min(1);
const verified = z.union([z.boolean(), z.literal('partial')]);

const ntStatusRow = z
  .strictObject({
    name: z
      .string()
      .regex(/^(?:[A-Z][A-Z0-9_]*|NTSTATUS 0x[0-9A-F]{8})$/, 'an NTSTATUS name or "NTSTATUS 0x..."'),
    hex: z.string().regex(/^0x[0-9A-F]{8}$/, '0x and 8 upper-case hex digits'),
    unsigned: z.int().min(0).max(0xffffffff),
    signed: z
      .int()
      .min(-(2 ** 31))
      .max(2 ** 31 - 1),
    verified,
    meaning: text,
    mlCauses: text,
    source: text,
  })
  .superRefine((row, ctx) => {
    const fromHex = Number.parseInt(row.hex.slice(2), 16);
    if (fromHex !== row.unsigned)
      ctx.addIssue({
        code: 'custom',
        path: ['unsigned'],
        message: `${row.hex} is ${fromHex} unsigned, not ${row.unsigned}`,
      });
    if (toSigned32(fromHex) !== row.signed)
      ctx.addIssue({
        code: 'custom',
        path: ['signed'],
        message: `${row.hex} is ${toSigned32(fromHex)} signed, not ${row.signed}`,
      });
    if (row.name.startsWith('NTSTATUS ') && row.name !== `NTSTATUS ${row.hex}`)
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: `an unnamed row must be called "NTSTATUS ${row.hex}"`,
      });
    if (row.verified === false && !row.name.startsWith('NTSTATUS '))
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: 'an unverified code must not be given a name',
      });
  });

const signalRow = z
  .strictObject({
    name: z.string().regex(/^SIG[A-Z0-9]+$/, 'SIG followed by upper-case letters'),
    number: z.int().min(1).max(64),
    status: z.int(),
    returncode: z.int(),
    meaning: text,
    mlCauses: text,
    source: text,
  })
  .superRefine((row, ctx) => {
    if (row.status !== 128 + row.number)
      ctx.addIssue({
        code: 'custom',
        path: ['status'],
        message: `a shell reports signal ${row.number} as ${128 + row.number}`,
      });
    if (row.returncode !== -row.number)
      ctx.addIssue({
        code: 'custom',
        path: ['returncode'],
        message: `Python reports signal ${row.number} as ${-row.number}`,
      });
  });

const plainRow = z.strictObject({
  code: z.int().min(0).max(255),
  platform: z.enum(['windows', 'posix']),
  name: z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'upper-case letters, digits and _'),
  meaning: text,
  mlCauses: text,
  source: text,
});

const ntStatusFile = z.strictObject({ ntstatus: z.array(ntStatusRow).min(1) });
const signalsFile = z.strictObject({ signals: z.array(signalRow).min(1) });
const plainFile = z.strictObject({ plain: z.array(plainRow) });

/** `read`, when given, collects the files read (for the knowledge version hash). */
export function loadExitCodes(dir: string, problems: ProblemList, read?: string[]): ExitCodeTable {
  const file = (name: string) => {
    const path = join(dir, name);
    read?.push(path);
    return path;
  };
  const ntPath = file('ntstatus.yaml');
  const sigPath = file('signals.yaml');
  const plainPath = file('plain.yaml');
  const nt = validate(ntStatusFile, readYaml(ntPath, problems), ntPath, problems);
  const sig = validate(signalsFile, readYaml(sigPath, problems), sigPath, problems);
  const plain = validate(plainFile, readYaml(plainPath, problems), plainPath, problems);

  const ntstatus: NtStatusEntry[] = (nt?.ntstatus ?? []).map(({ verified: _v, ...e }) => Object.freeze(e));
  const signals: SignalEntry[] = (sig?.signals ?? []).map(({ status: _s, returncode: _r, ...e }) =>
    Object.freeze(e),
  );
  const plains: PlainExitEntry[] = (plain?.plain ?? []).map((e) => Object.freeze(e));

  const names = new Map<string, string>();
  const unique = (file: string, field: string, key: string, what: string) => {
    const seen = names.get(key);
    if (seen) problems.add(file, field, `${what} is already listed (${seen})`);
    else names.set(key, `${problems.rel(file)} ${field}`);
  };
  ntstatus.forEach((e, i) => {
    unique(ntPath, `ntstatus[${i}].hex`, `hex:${e.hex}`, e.hex);
    unique(ntPath, `ntstatus[${i}].name`, `name:${e.name}`, e.name);
  });
  signals.forEach((e, i) => {
    unique(sigPath, `signals[${i}].number`, `signal:${e.number}`, `signal ${e.number}`);
    unique(sigPath, `signals[${i}].name`, `name:${e.name}`, e.name);
  });
  plains.forEach((e, i) => {
    unique(plainPath, `plain[${i}].code`, `plain:${e.code}`, `exit status ${e.code}`);
    unique(plainPath, `plain[${i}].name`, `name:${e.name}`, e.name);
    if (e.code > 128 && signals.some((s) => s.number === e.code - 128))
      problems.add(plainPath, `plain[${i}].code`, `${e.code} is 128+${e.code - 128}, a signal status`);
    if (ntstatus.some((n) => n.hex === hex8(e.code)))
      problems.add(plainPath, `plain[${i}].code`, `${e.code} is also an NTSTATUS in ntstatus.yaml`);
  });

  return Object.freeze({
    ntstatus: Object.freeze(ntstatus),
    signals: Object.freeze(signals),
    plain: Object.freeze(plains),
  });
}
