// Quoting is the costly part of showing a line (about 30 regular expressions of secret
// redaction), so the scan keeps each line as it was read and quotes only the lines a
// reply shows or the listening verdict reads, once each, after ranking.
import { capQuote, quotedLine } from '../text/normalize.js';
import type { Evidence } from '../types.js';

/** How much of a line the fingerprint may read (it normalises, then hashes the first 500 characters). */
const FULL_LINE = 2048;

/** One diagnosis's quoted lines: each raw line is redacted at most once, for its quote and its full form. */
export class Quoter {
  /** Each raw line, quoted uncapped: the caps below are slices of it. */
  private readonly lines = new Map<string, string>();

  /** The line as a reply shows it: markup undone, secrets redacted, trimmed, capped. */
  text(raw: string): string {
    return capQuote(this.line(raw));
  }

  /** The line uncapped (up to FULL_LINE characters): what the fingerprint reads. */
  full(raw: string): string {
    return capQuote(this.line(raw), FULL_LINE);
  }

  private line(raw: string): string {
    let line = this.lines.get(raw);
    if (line === undefined) {
      line = quotedLine(raw);
      this.lines.set(raw, line);
    }
    return line;
  }

  /** Evidence whose text is quoted when it is first read. */
  evidence(line: number, raw: string): Evidence {
    return new QuotedLine(line, raw, this);
  }
}

class QuotedLine implements Evidence {
  constructor(
    readonly line: number,
    private readonly raw: string,
    private readonly quoter: Quoter,
  ) {}

  get text(): string {
    return this.quoter.text(this.raw);
  }

  get full(): string {
    return this.quoter.full(this.raw);
  }

  toJSON(): Evidence {
    return { line: this.line, text: this.text };
  }
}

/**
 * A plain copy of a piece of evidence: its line and quoted text, and (not enumerable, so
 * never serialised or compared) the uncapped line when it is longer than the quote.
 */
export function plainEvidence(e: Evidence): Evidence {
  const out: Evidence = { line: e.line, text: e.text };
  const full = e.full;
  if (full !== undefined && full !== e.text)
    Object.defineProperty(out, 'full', { value: full, enumerable: false });
  return out;
}
