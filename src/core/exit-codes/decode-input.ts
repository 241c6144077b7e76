// The short forms people type after `/crash` or `crashbot exit-code`: a number, a prefixed
// number (`returncode -9`), a signal (`SIGKILL`, `signal 9`) or a description (`Killed`).
// Anything longer is read as a log line by find.ts.
import type { Hit, ValueRoute } from './hit.js';
import { alternation, STRSIGNAL_DESCRIPTIONS, signalOfDescription, ZSH_DESCRIPTIONS } from './phrases.js';
import { parseNumber, type Widened } from './values.js';

export type ShortForm =
  | { ok: true; hit: Exclude<Hit, { kind: 'out-of-range' }> }
  | { ok: false; reason: 'not-a-code' | 'out-of-range'; detail?: string }
  | null;

const PREFIXED =
  /^(exit[ _]?code|exit[ _]?status|exited with code|return[ _]?code|rc|status code|status|code|error code|exception code)(?:[ \t]*[:=])?[ \t]*([-+]?[0-9a-z]+)$/i;
const SIGNAL_NUMBER =
  /^(?:killed by |terminated by )?(?:signal|sig)(?:[ \t]*[:=])?[ \t]*(\d{1,12}|SIG[A-Z0-9]+)$/i;
const SIGNAL_NAME = /^(?:Signals\.)?(SIG[A-Z0-9]{1,12})(?::[ \t]*(\d{1,12}))?$/i;
const DESCRIPTION = new RegExp(
  `^(?:zsh: )?(${alternation([...Object.keys(STRSIGNAL_DESCRIPTIONS), ...Object.keys(ZSH_DESCRIPTIONS)])})(?: \\(core dumped\\))?$`,
  'i',
);
/** Kubernetes' and Slurm's words for a process the OOM killer ended (with SIGKILL). */
const OOM_STATE = /^(?:(?:reason|(?:job)?state)(?:[ \t]*[:=])?[ \t]*)?(?:OOMKilled|OUT_OF_MEMORY)$/i;
/** A command that prints the last exit code on the next line: PowerShell, cmd, POSIX shells. */
export const QUERY_LINE = /(?:\$LASTEXITCODE|%ERRORLEVEL%|\becho \$\?|\becho \$status)[ \t]*$/i;
const EIGHT_DIGITS = /^[0-9]{8}$/;
const RETURNCODE_PREFIX = /^(?:return|rc|exit_?code)/i;
const STATUS_PREFIX = /^exit/i;

export const DECODE_INPUT_REGEXES: readonly RegExp[] = [
  PREFIXED,
  SIGNAL_NUMBER,
  SIGNAL_NAME,
  DESCRIPTION,
  OOM_STATE,
  QUERY_LINE,
  RETURNCODE_PREFIX,
  STATUS_PREFIX,
  EIGHT_DIGITS,
];

/** Reads one short form; null when `text` is none of them (it may still be a log line). */
export function readShortForm(text: string): ShortForm {
  const number = parseNumber(text);
  if (number)
    return number.ok ? valueHit(number.value, number.hex ? 'hex' : 'bare', text, number.widened) : number;

  const prefixed = PREFIXED.exec(text);
  if (prefixed) {
    const parsed = parseNumber(prefixed[2]!);
    if (!parsed) return { ok: false, reason: 'not-a-code' };
    if (!parsed.ok) return parsed;
    const prefix = prefixed[1]!;
    const route: ValueRoute = parsed.hex
      ? 'hex'
      : RETURNCODE_PREFIX.test(prefix)
        ? 'returncode'
        : STATUS_PREFIX.test(prefix)
          ? 'status'
          : 'bare';
    return valueHit(parsed.value, route, text, parsed.widened);
  }

  const byNumber = SIGNAL_NUMBER.exec(text);
  if (byNumber) return signalHit(text, byNumber[1]!);
  const byName = SIGNAL_NAME.exec(text);
  if (byName) return signalHit(text, byName[1]!, byName[2]);
  if (OOM_STATE.test(text)) return { ok: true, hit: { kind: 'signal', number: 9, input: text, at: 0 } };
  const description = DESCRIPTION.exec(text);
  if (description)
    return {
      ok: true,
      hit: { kind: 'signal', number: signalOfDescription(description[1]!)!, input: text, at: 0 },
    };
  return null;
}

/** A bare 8-digit number that is an NTSTATUS of the table in hex (WinDbg's `40000015`), read as hex. */
export function bareHexForm(text: string, knownHex: (hex: string) => boolean): ShortForm {
  if (!EIGHT_DIGITS.test(text) || !knownHex(`0x${text}`)) return null;
  return valueHit(Number.parseInt(text, 16), 'hex', text);
}

function valueHit(value: number, route: ValueRoute, input: string, widened?: Widened): ShortForm {
  return { ok: true, hit: { kind: 'value', value, route, input, at: 0, ...(widened ? { widened } : {}) } };
}

function signalHit(input: string, token: string, number?: string): ShortForm {
  const isName = token.toUpperCase().startsWith('SIG');
  const num = isName ? number : token;
  return {
    ok: true,
    hit: {
      kind: 'signal',
      input,
      at: 0,
      ...(isName ? { name: token.toUpperCase() } : {}),
      ...(num !== undefined ? { number: Number(num) } : {}),
    },
  };
}
