// Quoting is the costly part of showing a line (about 30 regular expressions of secret
// redaction), so the scan keeps each line as it was read and quotes only the lines a
// reply shows or the listening verdict reads, once each, after ranking.
import { quoteText } from '../text/normalize.js';
import type { Evidence } from '../types.js';

/** One diagnosis's quoted lines: each raw line is quoted at most once. */
export class Quoter {
  private readonly cache = new Map<string, string>();

  /** The line as a reply shows it: markup undone, secrets redacted, trimmed, capped. */
  text(raw: string): string {
    let quoted = this.cache.get(raw);
    if (quoted === undefined) {
      quoted = quoteText(raw);
      this.cache.set(raw, quoted);
    }
    return quoted;
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

  toJSON(): Evidence {
    return { line: this.line, text: this.text };
  }
}
