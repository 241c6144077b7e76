// decodeExitCode: what `/crash <code>` and `crashbot exit-code CODE` answer.
import type { DecodedExitCode } from '../types.js';
import { bareHexForm, readShortForm, type ShortForm } from './decode-input.js';
import { asksForExitCode, findHits, readHit, readQueryAnswer } from './find.js';
import type { ExitCodeTable } from './table.js';

export type ExitDecodeErrorCode = 'empty' | 'not-a-code' | 'out-of-range';

export type ExitDecodeResult =
  | { ok: true; code: DecodedExitCode; alternatives: DecodedExitCode[] }
  | { ok: false; error: { code: ExitDecodeErrorCode; message: string } };

/** Inputs longer than this are not tried as a short form, only as log lines. */
const SHORT_FORM_MAX = 200;
/** Only so many lines of a pasted snippet are searched for a code. */
const MAX_LINES = 200;
const WRAPPERS: ReadonlyArray<readonly [string, string]> = [
  ['```', '```'],
  ['`', '`'],
  ['"', '"'],
  ["'", "'"],
  ['(', ')'],
  ['[', ']'],
  ['<', '>'],
];
const TRAILING = new Set(['.', ',', ';', '!']);
const EXAMPLES =
  'an exit code such as 137, -9, -1073740791, 3221226505, 0xC0000409, SIGKILL or "exit code 137"';

/**
 * Decodes one exit code in any printed form. `code` is the likeliest reading and
 * `alternatives` the others (137 could also be a program's own status). Expected failures
 * are values: `empty`, `not-a-code`, `out-of-range` (beyond 32 bits).
 */
export function decodeExitCode(input: string, table: ExitCodeTable): ExitDecodeResult {
  const text = unwrap(input);
  if (text === '') return fail('empty', `Nothing to decode: give ${EXAMPLES}.`);

  if (text.length <= SHORT_FORM_MAX && !text.includes('\n')) {
    const bareHex = bareHexForm(text, (hex) => table.ntstatus.some((e) => e.hex.toLowerCase() === hex));
    const short = readTableName(text, table) ?? bareHex ?? readShortForm(text);
    if (short?.ok) {
      const readings = readHit(short.hit, table);
      // WinDbg's 40000015 is hex, but it could be a decimal status too.
      if (bareHex?.ok && readings[0]) {
        const decimal = readHit(
          { kind: 'value', value: Number(text), route: 'bare', input: text, at: 0 },
          table,
        );
        return { ok: true, code: readings[0], alternatives: [...readings.slice(1), ...decimal] };
      }
      if (readings[0]) return { ok: true, code: readings[0], alternatives: readings.slice(1) };
      return fail('not-a-code', `${quote(text)} names no signal crashbot knows: give ${EXAMPLES}.`);
    }
    if (short) return failFor(short.reason, text);
  }

  let outOfRange = false;
  let query = false;
  for (const line of text.split('\n', MAX_LINES)) {
    // `PS> $LASTEXITCODE` or `echo %ERRORLEVEL%`, and the value on the next line.
    const answer = query ? readQueryAnswer(line, table) : [];
    if (answer[0]) return { ok: true, code: answer[0], alternatives: answer.slice(1) };
    if (line.trim() !== '') query = asksForExitCode(line);
    for (const hit of findHits(line)) {
      if (hit.kind === 'out-of-range') outOfRange = true;
      const readings = readHit(hit, table);
      const first = readings[0];
      if (!first) continue;
      if (hit.kind === 'value' && hit.known && !table.ntstatus.some((e) => e.name === first.name)) continue;
      return { ok: true, code: first, alternatives: readings.slice(1) };
    }
  }
  return failFor(outOfRange ? 'out-of-range' : 'not-a-code', text);
}

/** A table name typed as is: STATUS_ACCESS_VIOLATION, ABORT_EXIT_3 (signal names are short forms). */
function readTableName(text: string, table: ExitCodeTable): ShortForm {
  const name = text.toUpperCase();
  const nt = table.ntstatus.find((e) => e.name === name);
  if (nt) return { ok: true, hit: { kind: 'value', value: nt.unsigned, route: 'hex', input: text, at: 0 } };
  const plain = table.plain.find((e) => e.name === name);
  if (plain)
    return { ok: true, hit: { kind: 'value', value: plain.code, route: 'bare', input: text, at: 0 } };
  return null;
}

function failFor(reason: 'not-a-code' | 'out-of-range', text: string): ExitDecodeResult {
  if (reason === 'out-of-range')
    return fail(
      'out-of-range',
      `${quote(text)} does not fit in 32 bits: exit codes run from -2147483648 to 4294967295.`,
    );
  return fail('not-a-code', `${quote(text)} is not an exit code: give ${EXAMPLES}.`);
}

function fail(code: ExitDecodeErrorCode, message: string): ExitDecodeResult {
  return { ok: false, error: { code, message } };
}

function quote(text: string): string {
  const one = text.replaceAll('\n', ' ');
  return `"${one.length > 60 ? `${one.slice(0, 57)}...` : one}"`;
}

/** Trims blanks, backticks, quotes, brackets and a trailing full stop, repeatedly. */
function unwrap(input: string): string {
  let text = input.trim();
  for (;;) {
    const before = text;
    const last = text.at(-1);
    if (last !== undefined && TRAILING.has(last)) text = text.slice(0, -1).trim();
    for (const [open, close] of WRAPPERS) {
      if (text.length >= open.length + close.length && text.startsWith(open) && text.endsWith(close)) {
        text = text.slice(open.length, text.length - close.length).trim();
      }
    }
    if (text === before) return text.replaceAll('\r', '');
  }
}
