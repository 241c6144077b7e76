// Numbers OCR may have changed, checked against each other and against what is known:
// an NTSTATUS code printed both as a decimal and as hex on one line must agree, and a
// pair that does not is mended only when exactly one known code is a slip or two away
// from both (OCR reads 0 as 6 or 8, 1 as 7...). Whatever is mended or still disagrees
// is said in the reply, so the reader checks the numbers on the screenshot.
import type { NtStatusEntry } from '../exit-codes/table.js';

/** Characters OCR confuses, as groups: a read character may stand for any in its group. */
const CONFUSABLE: readonly string[] = ['0689OQD', '17lI|', '5S', '2Z', '49'];

function sameOrConfusable(a: string, b: string): boolean {
  if (a === b) return true;
  const A = a.toUpperCase();
  const B = b.toUpperCase();
  return A === B || CONFUSABLE.some((g) => g.toUpperCase().includes(A) && g.toUpperCase().includes(B));
}

/** Positions where `read` differs from `known`, or Infinity when a difference is not an OCR slip. */
function slips(read: string, known: string): number {
  if (read.length !== known.length) return Number.POSITIVE_INFINITY;
  let n = 0;
  for (let i = 0; i < read.length; i++) {
    if (read[i] === known[i]) continue;
    if (!sameOrConfusable(read[i]!, known[i]!)) return Number.POSITIVE_INFINITY;
    n++;
  }
  return n;
}

export interface NumberCheck {
  line: number;
  /** What the image shows, as read. */
  read: string;
  /** The known code both readings are closest to, when exactly one fits. */
  known: NtStatusEntry | null;
  /** The mended line (unchanged when nothing could be settled). */
  mended: string;
}

const PAIR = /(-?\d{9,10})\D{1,12}?0x([0-9A-Fa-f]{8})/g;

/**
 * Finds lines that print an exit code twice (decimal, then hex), checks that the two
 * agree, and mends a pair that does not when one known NTSTATUS code fits both readings
 * within two slips each.
 */
export function checkOcrNumbers(lines: readonly string[], ntstatus: readonly NtStatusEntry[]): NumberCheck[] {
  const out: NumberCheck[] = [];
  lines.forEach((text, i) => {
    for (const m of text.matchAll(PAIR)) {
      const dec = m[1]!;
      const hex = m[2]!.toUpperCase();
      const value = Number(dec);
      const asUnsigned = value < 0 ? value + 2 ** 32 : value;
      if (Number.isSafeInteger(asUnsigned) && asUnsigned.toString(16).toUpperCase().padStart(8, '0') === hex)
        continue;
      const fits = ntstatus.filter((e) => {
        const decimal = dec.startsWith('-') ? String(e.signed) : String(e.unsigned);
        return slips(hex, e.hex.replace(/^0x/i, '')) <= 2 && slips(dec, decimal) <= 2;
      });
      const known = fits.length === 1 ? fits[0]! : null;
      const mended = known
        ? text.replace(
            m[0],
            m[0]
              .replace(dec, dec.startsWith('-') ? String(known.signed) : String(known.unsigned))
              .replace(m[2]!, known.hex.replace(/^0x/i, '')),
          )
        : text;
      out.push({ line: i + 1, read: `${dec} and 0x${m[2]}`, known, mended });
    }
  });
  return out;
}
