// "The same crash": the top cause plus the stable parts of its evidence. Paths, line
// numbers, addresses, pids, tensor shapes, memory amounts and timestamps are
// normalised away; exit codes, error codes and versions are kept. The algorithm is
// versioned, so a change never silently regroups stored records:
// - fp1 cut each line at 500 characters, then normalised it: in a longer line (PyTorch's
//   OOM message is about 565) the cut fell elsewhere for "512.00 MiB" than for
//   "2.00 GiB", and one crash counted as two;
// - fp2 normalises the line first, then cuts. A line of up to 500 characters whose
//   normalised form stays within 500 (nearly all) hashes as under fp1, so fp1 and fp2
//   of such a crash share their hash; earlierFingerprint() gives the fp1 of a crash, and
//   the store counts records kept under either.
import { redactSecrets } from './redact/index.js';

export const FINGERPRINT_VERSION = 'fp2';

/** The parts of a Diagnosis a fingerprint reads; a Diagnosis itself fits. */
export interface FingerprintInput {
  readonly causes: readonly {
    readonly id: string;
    /** `full`: the line past the quote's cap, when there is more of it than `text`. */
    readonly evidence: readonly { readonly text: string; readonly full?: string }[];
  }[];
  readonly exitCode: { readonly platform: string; readonly unsigned: number } | null;
}

/** The part of a line that is hashed, after normalising. */
const MAX_LINE = 500;
/** The part of a line that is normalised (bounds the work on a pathological line). */
const MAX_INPUT = 2048;

const TIMESTAMPS: readonly RegExp[] = [
  /\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?/g,
  /\b\d{1,2}:\d{2}:\d{2,12}(?:[.,]\d{1,9})?\b/g,
  /^[IWEF]\d{4}\s{1,4}/,
  /\[\s{0,8}\d{1,12}\.\d{1,9}\]/g,
  /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) {1,2}\d{1,2}\b/g,
];
/** `Xid (PCI:0000:01:00): 79` -> `Xid 79`: the Xid number names the fault, the bus address does not. */
const XID = /\bXid\s{0,2}\(PCI:[^)]{0,24}\):\s{0,2}(\d{1,4})/g;
/** A directory prefix (`/home/a/x/`, `C:\Users\b\`, `../lib/`); the base name after it stays. */
const DIRECTORY = /(?<![\w.-])(?:[A-Za-z]:|~|\.{1,2})?[\\/](?:[^\s\\/"'<>|:*?()[\]{},;=]{0,255}[\\/]){1,64}/g;
const MEMORY = /(?<![\w.])\d{1,20}(?:\.\d{1,6})?\s?(?:[KMGTP]i?B|bytes?|B)\b/g;
const HEX = /(?<![\w.])0x([0-9a-fA-F]{1,32})\b/g;
const BARE_HEX = /(?<![\w.])(?=[0-9a-fA-F]{0,31}[a-fA-F])(?=[0-9a-fA-F]{0,31}\d)([0-9a-fA-F]{8,32})\b/g;
const DIMS = /(?<![\w.])\d{1,9}(?:\s?[x×]\s?\d{1,9}){1,8}\b/g;
const NUMBER = /(?<![\w.])-?\d{1,20}(?:\.\d{1,12}){0,6}(?![\w]|\.\d)/g;
const VERSION_CONTEXT =
  /\b(?:version|ver|cuda|cudnn|cudart|cublas|driver|torch|pytorch|tensorflow|tf|python|numpy|jax|jaxlib|nccl|protobuf|runtime|capability|toolkit|triton|opset|gcc|glibc|keras)(?:\s{1,3}|\s{0,3}={1,2}\s{0,3})(?:version\s{1,3})?$/i;
const CODE_CONTEXT =
  /\b(?:exit code|exit status|exitcode|returncode|return code|error code|errno|winerror|signal|xid|status|code|error|exit)\s{0,3}[:=([]?\s{0,3}$/i;
/** Where a log line came from rather than what it says: glog/absl source locations, ranks. */
const LOG_PREFIX =
  /^[\s:]{0,4}(?:\[rank\s?(?:#|\d{1,5})\]:\s{0,4})?(?:[\w.-]{1,64}\s[\w./-]{1,64}\[#\]:\s{1,4}|[\w.-]{1,64}:#:#\s\[#\]\s{1,4}|.{0,40}?\b[IWEF]\s{1,4}[\w./-]{1,120}\.(?:cc|cpp|cu|h|py):#\]\s{0,4})?/;
const GENERIC =
  /^(?:traceback \(most recent call last\):?|during handling of the above exception.*|the above exception was the direct cause.*|error:?)$/i;
const EXIT_LINE =
  /\b(?:exit(?:ed)?(?: with)?(?: exit)? (?:code|status)|returncode|return code|exitcode)\b|^(?:killed|segmentation fault|bus error|illegal instruction|aborted)\b/i;

/** One evidence line reduced to what stays the same between two pastes of one crash: normalised, then cut. */
export function stableLine(text: string): string {
  return stableRedacted(redactSecrets(text.slice(0, MAX_INPUT)).text);
}

/** stableLine of a line already redacted (cut to MAX_INPUT first, as stableLine does before redacting). */
function stableRedacted(redacted: string): string {
  return normalise(redacted).slice(0, MAX_LINE).trim();
}

/** fp1's reduction: cut, then normalised (numbers near the cut moved it). */
function stableLineV1(text: string): string {
  return normalise(redactSecrets(text.slice(0, MAX_LINE)).text);
}

/** A redacted line with what changes between two pastes of one crash taken out. */
function normalise(text: string): string {
  let s = text;
  for (const re of TIMESTAMPS) s = s.replace(re, ' ');
  s = s
    .replace(XID, 'Xid $1')
    .replace(DIRECTORY, '')
    .replace(MEMORY, '<mem>')
    .replace(HEX, (_m, digits: string) =>
      /^[c8]0[0-9a-f]{6}$/i.test(digits) ? `0x${digits.toUpperCase()}` : '0x#',
    )
    .replace(BARE_HEX, (m) => (/^[c8]0[0-9a-f]{6}$/i.test(m) ? m.toUpperCase() : '#'))
    .replace(DIMS, '#');
  s = s.replace(NUMBER, (m: string, offset: number, whole: string) => {
    const before = whole.slice(Math.max(0, offset - 30), offset);
    const parts = m.replace('-', '').split('.').length;
    if (parts >= 3) return m;
    if (CODE_CONTEXT.test(before) && parts === 1) return m;
    if (VERSION_CONTEXT.test(before)) return m;
    return '#';
  });
  return s
    .replace(/#(?:\s{0,4}[,;x×]\s{0,4}#){1,64}/g, '#')
    .replace(/\s+/g, ' ')
    .replace(LOG_PREFIX, '')
    .trim();
}

/** The normalised evidence lines a fingerprint hashes, in the diagnosis's order. */
export function stableEvidence(d: FingerprintInput): string[] {
  return reduced(d, (e) => stableLine(e.full ?? e.text));
}

function reduced(d: FingerprintInput, reduce: (e: { text: string; full?: string }) => string): string[] {
  const top = d.causes[0];
  if (!top) return [];
  const lines = top.evidence.map(reduce).filter((l) => l !== '');
  let kept = lines.filter((l) => !GENERIC.test(l));
  if (d.exitCode) kept = kept.filter((l) => !EXIT_LINE.test(l));
  if (kept.length === 0 && !d.exitCode) kept = lines;
  return [...new Set(kept)];
}

/** `fp2:<cause id>:<hash>`: equal for pastes of one crash, different for different crashes. */
export function fingerprint(d: FingerprintInput): string {
  return hashed(FINGERPRINT_VERSION, stableEvidence(d), d);
}

/**
 * fingerprint() of evidence that is already quoted, as a diagnosis's is: quoting redacted
 * it, and redacting a redacted line changes nothing, so it is not redacted a second time.
 */
export function quotedFingerprint(d: FingerprintInput): string {
  return hashed(
    FINGERPRINT_VERSION,
    reduced(d, (e) => stableRedacted((e.full ?? e.text).slice(0, MAX_INPUT))),
    d,
  );
}

/**
 * The fingerprint the previous algorithm (fp1) gives this crash: records kept before
 * fp2 carry it, so counts and summaries can take them for the same crash.
 */
export function earlierFingerprint(d: FingerprintInput): string {
  // fp1 read the quoted line (capped at 300 characters), cut it at 500, then normalised it.
  return hashed(
    'fp1',
    reduced(d, (e) => stableLineV1(e.text)),
    d,
  );
}

function hashed(version: string, evidence: readonly string[], d: FingerprintInput): string {
  const cause = d.causes[0]?.id ?? 'unknown';
  const exit = d.exitCode ? `${d.exitCode.platform}:${d.exitCode.unsigned}` : '-';
  const lines = [...evidence].sort();
  return `${version}:${cause}:${hash([cause, exit, ...lines].join('\n'))}`;
}

/** The first stable evidence line, shortened: a human label for a fingerprint (secrets redacted). */
export function crashSignature(d: FingerprintInput): string | null {
  const first = stableEvidence(d)[0];
  if (first === undefined) return null;
  return first.length > 160 ? `${first.slice(0, 159)}…` : first;
}

/** 96 bits from two seeded 53-bit string hashes (cyrb53), as 24 hex digits. */
function hash(s: string): string {
  return (cyrb53(s, 0x9e3779b9) + cyrb53(s, 0x85ebca6b)).slice(0, 24);
}

function cyrb53(s: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}
