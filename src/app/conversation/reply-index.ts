// Which reply answers which message, so an edit updates it in place and a deletion
// withdraws it (the conversations follow-ups are read with are kept in the store:
// threads.ts). Bounded (least recently used entries go
// first) and in memory: after a restart, an edit of an older message is handled as a
// message never answered here (the answer claim in the store keeps it from a second
// reply). Entries are plain data, like the Incoming they came from.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AttachmentRef, MessageMode } from './incoming.js';
import type { Target } from './ports.js';

export interface IndexedReply {
  /** Where the reply lives. */
  target: Target;
  /** The bot's messages showing it, first to last. */
  ids: string[];
  /** What was diagnosed (text and files), to skip edits that change nothing the bot reads. */
  source: string;
  /** How the message was first answered: an edited listened message stays quiet if it is no longer a crash. */
  mode: MessageMode;
}

export interface ReplyIndex {
  get(message: string): IndexedReply | undefined;
  set(message: string, reply: IndexedReply): void;
  delete(message: string): void;
}

export function createReplyIndex(max: number): ReplyIndex {
  const replies = new LRUCache<string, IndexedReply>({ max });
  return {
    get: (m) => replies.get(m),
    set: (m, r) => {
      replies.set(m, r);
    },
    delete: (m) => {
      replies.delete(m);
    },
  };
}

/** A digest of what a message gives to read: its text and which files. */
export function sourceKey(text: string, attachments: readonly AttachmentRef[]): string {
  const h = createHash('sha256').update(text);
  for (const a of attachments) h.update(`\0${a.id}`);
  return h.digest('base64url');
}
