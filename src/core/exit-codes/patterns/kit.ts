// What every printed form of an exit code is built from: the pattern shape and the
// helpers that turn a match into a Hit.
import type { Hit, ValueRoute } from '../hit.js';
import { signalOfDescription } from '../phrases.js';
import { parseNumber } from '../values.js';

export interface LinePattern {
  id: string;
  /** Global; find.ts resets lastIndex before each scan (scans never nest). */
  re: RegExp;
  /** Lower-case literals, one of which every line this pattern matches contains. */
  needles: readonly string[];
  /**
   * ASCII literals for the log scanner's prefilter, which runs on UTF-8 bytes (defaults to
   * `needles`): a pattern whose words are not ASCII names the numbers or file names that
   * its lines carry instead.
   */
  scanNeedles?: readonly string[];
  /** Uses ^ or $: only tried where the scanned text really starts or ends the line. */
  atStart?: boolean;
  atEnd?: boolean;
  /** Its number is checked against PROSE_AFTER ("exit code 137 usually means ..."). */
  prose?: boolean;
  read(m: RegExpMatchArray, line: string, at: number): Hit | null;
}

/** A number as printed; `known` keeps it only when the tables know the value. */
export function value(raw: string, route: ValueRoute, input: string, at: number, known = false): Hit {
  const parsed = parseNumber(raw);
  if (!parsed?.ok) return { kind: 'out-of-range', input, at };
  const hexRoute = parsed.hex ? 'hex' : route;
  return {
    kind: 'value',
    value: parsed.value,
    route: hexRoute,
    input,
    at,
    ...(known ? { known } : {}),
    ...(parsed.widened ? { widened: parsed.widened } : {}),
  };
}

export function signal(
  m: RegExpMatchArray,
  at: number,
  num?: string,
  name?: string,
  input = m[0].trim(),
): Hit {
  return {
    kind: 'signal',
    input,
    at,
    ...(num !== undefined ? { number: Number(num) } : {}),
    ...(name !== undefined ? { name } : {}),
  };
}

/** `input` defaults to the whole match; job lines pass the description alone. */
export function described(m: RegExpMatchArray, at: number, description: string, input?: string): Hit | null {
  const n = signalOfDescription(description);
  return n === undefined ? null : signal(m, at, String(n), undefined, input);
}

export const DIGIT_FIRST = /^\d/;

export function numberOrName(
  m: RegExpMatchArray,
  at: number,
  token: string,
  name?: string,
  input?: string,
): Hit {
  return DIGIT_FIRST.test(token) ? signal(m, at, token, name, input) : signal(m, at, undefined, token, input);
}

/** A number as printed after a label: 0x hex or a signed decimal. */
export const NUMBER = '(0x[0-9a-f]+|[-+]?\\d+)';

/** Whether the number that ends at `end` goes on as Slurm's `exit:signal` (`0:9`). */
export function slurmPair(line: string, end: number): boolean {
  const next = line.charCodeAt(end + 1);
  return line[end] === ':' && next >= 48 && next <= 57;
}

/** The length of the one of `words` that the text before `at` ends with (lower case), or 0. */
export function precededBy(line: string, at: number, words: readonly string[]): number {
  const before = line.slice(Math.max(0, at - 40), at).toLowerCase();
  return words.find((w) => before.endsWith(w))?.length ?? 0;
}

export const KIT_REGEXES: readonly RegExp[] = [DIGIT_FIRST];
