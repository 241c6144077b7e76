// From a message to the reply it deserves (or the reason to stay quiet), for a new
// message and an edit alike: the text with chat markup undone once (so the classifier,
// the quoted lines and the fingerprint see the same text), the attached files read
// under the one policy, a single notice for what could not be read, the diagnosis,
// the listening cool-down and limits for unasked replies, and the record.
import type { Reply } from '../../core/reply/model.js';
import { undoChatMarkup } from '../../core/text/chat-markup.js';
import type { Diagnosis, ImageReading } from '../../core/types.js';
import { channelOf, type Step } from './context.js';
import type { MessageIncoming, MessageMode } from './incoming.js';
import { emptyMention, NOTHING_TO_DIAGNOSE, nothingReadable, type Unread, withUnread } from './notices.js';
import type { IgnoreReason } from './ports.js';

export type Prepared =
  | { kind: 'quiet'; reason: IgnoreReason | 'answered-elsewhere' }
  | {
      kind: 'reply';
      reply: Reply;
      diagnosis: Diagnosis | null;
      private?: true;
      /** The record kept of the diagnosis, if any. */
      recordId?: number | null;
      /** The text diagnosed (markup undone, files read). */
      text?: string;
    };

export interface PrepareOptions {
  mode: MessageMode;
  /** An edit of a message answered before: no cool-down, and its record replaces the earlier one. */
  edited: boolean;
  /** Asked once a reply is decided, before anything is recorded: false when another instance answers. */
  mayAnswer: () => Promise<boolean>;
}

/** What a message gives to read: its text (markup undone) with its readable files', and the files not read. */
export interface Gathered {
  text: string;
  unread: Unread[];
  image?: ImageReading;
}

export async function prepare(step: Step, x: MessageIncoming, o: PrepareOptions): Promise<Prepared> {
  const { text, unread, image } = await gather(step, x);
  const { deps } = step;
  const listen = o.mode === 'listen';
  const maxBytes = deps.attachments.maxBytes;
  if (text.trim() === '') {
    if (listen) return quiet(step, 'empty');
    if (!(await o.mayAnswer())) return elsewhere;
    if (unread.length) return { kind: 'reply', reply: nothingReadable(unread, maxBytes), diagnosis: null };
    // The "Diagnose crash" action on an empty message is told to the one who used it.
    if (x.mode === 'shortcut')
      return { kind: 'reply', reply: NOTHING_TO_DIAGNOSE, diagnosis: null, private: true };
    return { kind: 'reply', reply: emptyMention(step.surface.info), diagnosis: null };
  }
  const outcome = deps.bot.diagnose(text, o.mode, image);
  if (outcome.kind === 'ignore') return quiet(step, outcome.reason);
  const channel = channelOf(x.place);
  if (listen && !o.edited) {
    const verdict = await deps.limits.unasked(channel, deps.now());
    if (verdict && 'ignore' in verdict) return quiet(step, verdict.ignore);
  }
  if (!(await o.mayAnswer())) return elsewhere;
  if (outcome.kind === 'too-large') return { kind: 'reply', reply: outcome.reply, diagnosis: null };
  const { diagnosis } = outcome;
  step.events.diagnosed?.(diagnosis.causes[0]?.id ?? 'none', o.edited ? 'edit' : o.mode);
  const kept = await deps.bot.keep(outcome.reply, diagnosis, {
    channel,
    userId: x.user,
    // A delivery taken over after a crash replaces what the stopped handling recorded.
    edited: o.edited || x.replayed === true,
    ...(x.link !== undefined && { link: x.link }),
  });
  if (kept.error !== undefined) {
    step.events.failed?.('store');
    step.log.warn('could not record a diagnosis', { error: kept.error });
  }
  return {
    kind: 'reply',
    reply: withUnread(kept.reply, unread, maxBytes, diagnosis),
    diagnosis,
    recordId: kept.recordId,
    text,
  };
}

const elsewhere: Prepared = { kind: 'quiet', reason: 'answered-elsewhere' };

function quiet(step: Step, reason: IgnoreReason): Prepared {
  step.events.ignored?.(reason);
  return { kind: 'quiet', reason };
}

/**
 * The message's text (markup undone) and its readable files' texts, and the files not
 * read. `alone`: the message is read for itself (a follow-up), never as its thread's start.
 */
export async function gather(step: Step, x: MessageIncoming, o: { alone?: boolean } = {}): Promise<Gathered> {
  let { text, attachments } = x;
  // A bare mention in a thread is about the message that opened the thread.
  const bare = text.trim() === '' && attachments.length === 0;
  if (bare && !o.alone && x.place.thread && x.place.thread !== x.message) {
    const start = await step.surface.threadStart?.(x.place);
    if (start) ({ text, attachments } = start);
  }
  const source = step.surface.attachments;
  const reads = attachments.length > 0 && source ? await step.reader.read(source, attachments) : [];
  const texts = reads.flatMap((r) => (r.ok ? [r.text] : []));
  const unread = reads.filter((r): r is Unread => !r.ok);
  // The reply says the text came from a screenshot (the first one, when there are several).
  const image = reads.flatMap((r) => (r.ok && r.image ? [r.image] : []))[0];
  return {
    text: [undoChatMarkup(text), ...texts].filter((t) => t.trim() !== '').join('\n\n'),
    unread,
    ...(image && { image }),
  };
}
