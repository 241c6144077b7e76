// Which bot messages answer which message, so an edit updates the answer (chat.update)
// instead of posting a second one. Kept in memory, newest `max` entries; an entry is
// reserved before the answer is posted, so an edit that arrives meanwhile waits for it.
import type { MessageMode } from '../../app/diagnose-message.js';

export interface PostedReply {
  channel: string;
  /** The bot's messages, first to last. */
  ts: string[];
  /** How the message was first answered: an edit of a listened message stays quiet if it no longer holds a crash. */
  mode: MessageMode;
}

export interface ReplyIndex {
  /** Reserves `key`; the returned function settles it (null: nothing was posted). */
  reserve(key: string): (posted: PostedReply | null) => void;
  /** The answer to `key`, once posted; undefined when the message was never answered here. */
  get(key: string): Promise<PostedReply | null> | undefined;
  set(key: string, posted: PostedReply): void;
}

export function messageKey(workspace: string, channel: string, ts: string): string {
  return `${workspace}/${channel}/${ts}`;
}

export function createReplyIndex(max: number): ReplyIndex {
  const entries = new Map<string, Promise<PostedReply | null>>();
  const put = (key: string, value: Promise<PostedReply | null>) => {
    entries.delete(key);
    entries.set(key, value);
    while (entries.size > max) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  };
  return {
    reserve(key) {
      let settle: (p: PostedReply | null) => void = () => {};
      const pending = new Promise<PostedReply | null>((resolve) => {
        settle = resolve;
      });
      put(key, pending);
      return (posted) => {
        settle(posted);
        if (posted === null && entries.get(key) === pending) entries.delete(key);
      };
    },
    get: (key) => entries.get(key),
    set: (key, posted) => put(key, Promise.resolve(posted)),
  };
}
