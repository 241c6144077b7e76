// Bytes -> text for logs of any origin: UTF-8 (invalid sequences replaced and counted),
// UTF-16 with a byte-order mark or the NUL pattern PowerShell's `>` leaves, and a
// verdict on whether the input is text at all.

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

  /** Decodes the next chunk; returns the text it completes (possibly empty). */
  push(chunk: Uint8Array): string {
    this.stats.bytes += chunk.length;
    if (!this.decoder) {
      this.head.push(chunk);
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
    const { encoding, skip } = sniffEncoding(head);
    this.stats.encoding = encoding;
    this.stats.binary = encoding === 'utf-8' && bytesLookBinary(head);
    this.decoder = new TextDecoder(encoding, { fatal: false, ignoreBOM: false });
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

/** NUL, or many control bytes other than tab, newline, carriage return, form feed and escape. */
export function bytesLookBinary(head: Uint8Array): boolean {
  const n = Math.min(head.length, SNIFF);
  if (n === 0) return false;
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = head[i]!;
    if (b === 0) return true;
    if (b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 12 && b !== 27) control++;
  }
  return control > n * 0.1;
}

/** Whether a string (a paste that arrived as text) holds binary junk rather than a log. */
export function textLooksBinary(text: string): boolean {
  const n = Math.min(text.length, SNIFF);
  if (n === 0) return false;
  let control = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return true;
    if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12 && c !== 27) control++;
  }
  return control > n * 0.1;
}
