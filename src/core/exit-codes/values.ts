// Arithmetic on exit codes: the signed and unsigned views of one 32-bit value, hex text,
// the NTSTATUS bit fields, and parsing a number as people print it.

const TWO_32 = 2 ** 32;
const TWO_31 = 2 ** 31;
export const INT32_MIN = -TWO_31;
export const UINT32_MAX = TWO_32 - 1;

/** Whether v is an integer that one 32-bit exit code can hold, read signed or unsigned. */
export function fits32(v: number): boolean {
  return Number.isSafeInteger(v) && v >= INT32_MIN && v <= UINT32_MAX;
}

export function toUnsigned32(v: number): number {
  return v < 0 ? v + TWO_32 : v;
}

export function toSigned32(v: number): number {
  const u = toUnsigned32(v);
  return u >= TWO_31 ? u - TWO_32 : u;
}

/** 0xC0000409: upper-case, 8 digits. */
export function hex8(unsigned: number): string {
  return `0x${unsigned.toString(16).toUpperCase().padStart(8, '0')}`;
}

/** 0x89 for a shell status: upper-case, at least 2 digits. */
export function hexShort(n: number): string {
  return `0x${n.toString(16).toUpperCase().padStart(2, '0')}`;
}

export const SEVERITY_NAMES = ['success', 'informational', 'warning', 'error'] as const;

/** The fields of an NTSTATUS value ([MS-ERREF] 2.3): Sev(2) C(1) N(1) Facility(12) Code(16). */
export interface NtStatusFields {
  severity: 0 | 1 | 2 | 3;
  customer: boolean;
  reserved: boolean;
  facility: number;
  code: number;
}

export function ntStatusFields(unsigned: number): NtStatusFields {
  return {
    severity: Math.floor(unsigned / 2 ** 30) as 0 | 1 | 2 | 3,
    customer: Math.floor(unsigned / 2 ** 29) % 2 === 1,
    reserved: Math.floor(unsigned / 2 ** 28) % 2 === 1,
    facility: Math.floor(unsigned / 2 ** 16) % 2 ** 12,
    code: unsigned % 2 ** 16,
  };
}

export type NumberParse =
  | { ok: true; value: number; hex: boolean; widened?: Widened }
  | { ok: false; reason: 'not-a-code' | 'out-of-range' }
  | null;

/**
 * A negative 32-bit code printed as an unsigned 64-bit number (sign-extended, then read
 * unsigned: 2^64 - 1073740791 for 0xC0000409). `spread` is 0 when the digits are exact and
 * 1024 when the number went through a double on its way (LM Studio's `Exit code:
 * 18446744072635812000`): a double near 2^64 keeps only multiples of 2048, so the code is
 * `value` give or take 1024.
 */
export interface Widened {
  printed: string;
  spread: number;
}

const TWO_64 = 2n ** 64n;
/** Half the spacing of doubles from 2^63 to 2^64. */
const DOUBLE_HALF_STEP = 1024;

const DECIMAL = /^[-+]?\d{1,40}$/;
const HEX_PREFIXED = /^-?0x[0-9a-f]{1,40}$/i;
const HEX_PREFIX_ONLY = /^-?0x/i;
const HEX_BARE = /^[0-9a-f]{8}$/i;
const HAS_HEX_LETTER = /[a-f]/i;
const LEADING_ZEROS = /^0+/;

/** The regular expressions above, for the ReDoS test. */
export const VALUE_REGEXES: readonly RegExp[] = [
  DECIMAL,
  HEX_PREFIXED,
  HEX_PREFIX_ONLY,
  HEX_BARE,
  HAS_HEX_LETTER,
  LEADING_ZEROS,
];

/**
 * Reads one number as people print exit codes: `-1073740791`, `3221226505`, `0xC0000409`,
 * `-0x3ffffffb` (Python's hex() of a negative code), `C0000409` (8 hex digits with a letter). null when the text is not number-shaped at all;
 * `not-a-code` for a broken hex (`0xZZ`); `out-of-range` beyond 32 bits.
 */
export function parseNumber(text: string): NumberParse {
  if (text.length > 48) return DECIMAL.test(text.slice(0, 41)) ? { ok: false, reason: 'out-of-range' } : null;
  if (DECIMAL.test(text)) return widened64(text) ?? ranged(Number(text), false);
  if (HEX_PREFIXED.test(text))
    return text.startsWith('-') ? negativeHex(text.slice(3)) : hexValue(text.slice(2));
  if (HEX_PREFIX_ONLY.test(text)) return { ok: false, reason: 'not-a-code' };
  if (HEX_BARE.test(text) && HAS_HEX_LETTER.test(text)) return hexValue(text);
  return null;
}

function hexValue(digits: string): NumberParse {
  const significant = digits.replace(LEADING_ZEROS, '') || '0';
  if (significant.length > 8) return { ok: false, reason: 'out-of-range' };
  return ranged(Number.parseInt(significant, 16), true);
}

function negativeHex(digits: string): NumberParse {
  const parsed = hexValue(digits);
  if (!parsed?.ok) return parsed;
  return parsed.value > TWO_31
    ? { ok: false, reason: 'out-of-range' }
    : { ok: true, value: -parsed.value || 0, hex: true };
}

/** Twenty digits just below 2^64 (or a double's print of them): a negative code widened to 64 bits. */
function widened64(text: string): NumberParse {
  if (text.length !== 20) return null;
  const asDouble = Number(text);
  const spread = String(asDouble) === text ? DOUBLE_HALF_STEP : 0;
  // A double's print stands for the double itself, give or take half a step.
  const centre = BigInt(spread ? asDouble : text) - TWO_64;
  const low = centre - BigInt(spread);
  const high = centre + BigInt(spread);
  if (high < BigInt(INT32_MIN) || low > -1n) return null;
  const clipped = centre < BigInt(INT32_MIN) ? INT32_MIN : centre > -1n ? -1 : Number(centre);
  return { ok: true, value: clipped, hex: false, widened: { printed: text, spread } };
}

function ranged(value: number, hex: boolean): NumberParse {
  return fits32(value)
    ? { ok: true, value: value === 0 ? 0 : value, hex }
    : { ok: false, reason: 'out-of-range' };
}
