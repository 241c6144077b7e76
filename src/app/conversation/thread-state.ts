// What the pipeline keeps about a conversation it answered (a thread, or on surfaces
// that answer with a reply, the chain of replies to the answer), so a follow-up is read
// with the conversation's first log: where the answer is and which messages show it,
// its record, and the texts read so far. Every text is redacted before it is kept and
// the whole is bounded (the first log's end, then the latest follow-ups that fit); the
// store drops it when it expires.
import { redactSecrets } from '../../core/redact/index.js';
import type { Target } from './ports.js';

/** How long a conversation stays open to follow-ups after its last answer. */
export const THREAD_TTL_MS = 7 * 24 * 60 * 60_000;
/** The most the texts of one conversation may hold (bytes, UTF-8), whatever the log limit. */
export const THREAD_MAX_BYTES = 64 * 1024;
/** How many follow-ups are kept (the latest). */
export const THREAD_MAX_FOLLOW_UPS = 20;

export interface FollowUp {
  /** The follow-up's message id (an edit of it replaces its text). */
  message: string;
  text: string;
}

export interface ThreadState {
  /** The conversation's key (threadKey of its first log). */
  key: string;
  /** The key of the message whose log opened the conversation (messageKey). */
  first: string;
  /** Where the answer lives, and the bot's messages showing it. */
  target: Target;
  ids: string[];
  /** The answer's record, replaced by each new reading. */
  recordId: number | null;
  link?: string;
  /** The first log and the follow-ups read with it, redacted and bounded. */
  log: string;
  more: FollowUp[];
}

/** `text` with secrets redacted, cut to its last `maxBytes` (the error is usually at the end). */
export function keptText(text: string, maxBytes: number): string {
  return lastBytes(redactSecrets(text).text, maxBytes);
}

/**
 * The follow-ups that fit beside the first log within `maxBytes`, latest first: the
 * latest always (its end, when it is too long), earlier ones while they fit whole.
 */
export function fitting(log: string, more: readonly FollowUp[], maxBytes: number): FollowUp[] {
  let room = maxBytes - bytes(log);
  const kept: FollowUp[] = [];
  for (const f of [...more].reverse().slice(0, THREAD_MAX_FOLLOW_UPS)) {
    const size = bytes(f.text) + 2;
    if (kept.length === 0 && size > room) {
      // The first log leaves at least a quarter of the room to follow-ups (it is cut to fit).
      kept.push({ ...f, text: lastBytes(f.text, Math.max(room - 2, 0)) });
      break;
    }
    if (size > room) break;
    room -= size;
    kept.unshift(f);
  }
  return kept.filter((f) => f.text.trim() !== '');
}

/** The text read for the conversation: the first log, then each follow-up, in order. */
export function threadText(s: Pick<ThreadState, 'log' | 'more'>): string {
  return [s.log, ...s.more.map((f) => f.text)].join('\n\n');
}

export function encodeState(s: ThreadState): string {
  return JSON.stringify(s);
}

/** The state as kept, or null when it is not one this version reads. */
export function decodeState(raw: string): ThreadState | null {
  try {
    const s = JSON.parse(raw) as Partial<ThreadState>;
    const ok =
      typeof s.key === 'string' &&
      typeof s.first === 'string' &&
      typeof s.log === 'string' &&
      Array.isArray(s.ids) &&
      Array.isArray(s.more) &&
      typeof s.target === 'object' &&
      s.target !== null &&
      typeof s.target.place?.channel === 'string';
    return ok ? (s as ThreadState) : null;
  } catch {
    return null;
  }
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

function lastBytes(text: string, max: number): string {
  if (bytes(text) <= max) return text;
  const buf = Buffer.from(text, 'utf8');
  let start = buf.length - max;
  // Start on a character, not inside one.
  while (start < buf.length && (buf[start]! & 0xc0) === 0x80) start++;
  return buf.subarray(start).toString('utf8');
}
