// Bytes -> text for logs of any origin: UTF-8 (invalid sequences replaced and counted),
// UTF-16 with a byte-order mark or the NUL pattern PowerShell's `>` leaves, and a
// verdict on whether the input is text at all, read from the share of characters no
// text log has (NUL, most control characters, undecodable bytes) in its first 8 KB: a
// log with a few NUL bytes in it (a core dump fragment, a stray `\0`) is still a log.

/** How many bytes are looked at to tell the encoding and whether the input is text. */
export const SNIFF_BYTES = 8192;
const SNIFF = SNIFF_BYTES;

export type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

export interface DecodeStats {
  encoding: Encoding;
  bytes: number;
  /** U+FFFD characters in the decoded text (invalid sequences, mostly). */
  replaced: number;
  /** NUL or other control bytes dominate the start: this is not a text log. */
  binary: boolean;
}

export class ByteDecoder {
  private decoder: InstanceType<typeof TextDecoder> | undefined;
  private head: Uint8Array[] = [];
  private headLength = 0;
  private stats: DecodeStats = { encoding: 'utf-8', bytes: 0, replaced: 0, binary: false };

  /** Decodes the next chunk (kept only as a copy: the caller may reuse it); returns the text it completes (possibly empty). */
  push(chunk: Uint8Array): string {
    this.stats.bytes += chunk.length;
    if (!this.decoder) {
      this.head.push(chunk.slice());
      this.headLength += chunk.length;
      if (this.headLength < SNIFF) return '';
      return this.start();
    }
    return this.count(this.decoder.decode(chunk, { stream: true }));
  }

  end(): string {
    const text = this.decoder ? '' : this.start();
    return text + this.count(this.decoder!.decode());
  }

  result(): DecodeStats {
    return { ...this.stats };
  }

  /** Known once the first bytes were sniffed: the input is binary, not text. */
  get binary(): boolean {
    return this.stats.binary;
  }

  private start(): string {
    const head = concat(this.head, this.headLength);
    this.head = [];
    const { encoding, skip, binary } = sniff(head);
    this.stats.encoding = encoding;
    this.stats.binary = binary;
    this.decoder = new TextDecoder(encoding, { fatal: false, ignoreBOM: true });
    return this.count(this.decoder.decode(head.subarray(skip), { stream: true }));
  }

  private count(text: string): string {
    if (text.includes('\uFFFD')) {
      for (let i = text.indexOf('\uFFFD'); i !== -1; i = text.indexOf('\uFFFD', i + 1)) this.stats.replaced++;
    }
    return text;
  }
}

export function concat(parts: readonly Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function sniffEncoding(head: Uint8Array): { encoding: Encoding; skip: number } {
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', skip: 2 };
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', skip: 3 };
  // ASCII text saved as UTF-16 without a BOM: every other byte is NUL.
  const n = Math.min(head.length, SNIFF) & ~1;
  if (n >= 8) {
    let evenNul = 0;
    let oddNul = 0;
    for (let i = 0; i < n; i += 2) {
      if (head[i] === 0) evenNul++;
      if (head[i + 1] === 0) oddNul++;
    }
    const pairs = n / 2;
    if (oddNul > pairs * 0.4 && evenNul < pairs * 0.05) return { encoding: 'utf-16le', skip: 0 };
    if (evenNul > pairs * 0.4 && oddNul < pairs * 0.05) return { encoding: 'utf-16be', skip: 0 };
  }
  return { encoding: 'utf-8', skip: 0 };
}

/** The encoding of a log read from its first bytes, the BOM's length, and whether it is text at all. */
export interface Sniffed {
  encoding: Encoding;
  /** Bytes of the byte-order mark, which are not text. */
  skip: number;
  binary: boolean;
}

/** One look at the first bytes (up to SNIFF_BYTES, or all there are): encoding, then the text verdict. */
export function sniff(head: Uint8Array): Sniffed {
  const { encoding, skip } = sniffEncoding(head);
  const window = head.subarray(skip, skip + SNIFF);
  return {
    encoding,
    skip,
    binary: textLooksBinary(new TextDecoder(encoding, { ignoreBOM: true }).decode(window)),
  };
}

/**
 * More than this share of a text's first characters being NUL, control characters
 * (other than tab, line breaks, form feed, escape and backspace) or undecodable (U+FFFD)
 * makes it binary. Random or compressed bytes come out at about 55% (half their bytes
 * are not UTF-8, a tenth are controls), executables and databases higher, mostly NUL;
 * a log in Latin-1, or with a stretch of a core dump in it, well under.
 */
const BINARY_SHARE = 0.3;

/** Whether a text (a paste, or bytes decoded) is binary junk rather than a log. */
export function textLooksBinary(text: string): boolean {
  const n = Math.min(text.length, SNIFF);
  if (n === 0) return false;
  let odd = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 ? !TEXT_CONTROLS.has(c) : c === 0xfffd || (c >= 0x7f && c < 0xa0)) odd++;
  }
  return odd > n * BINARY_SHARE;
}

/** Tab, line feed, vertical tab, form feed, carriage return, escape (ANSI colours), backspace (progress bars). */
const TEXT_CONTROLS = new Set([8, 9, 10, 11, 12, 13, 27]);
