// A Reply into a channel as one or more platform messages, written once for every
// surface: rich formatting first, plain text when the platform refuses it; a later
// part that fails is logged and what was sent stays. An update edits the messages in
// place, posts parts that are new and removes parts no longer needed; a withdrawal
// removes them all. Nothing here retries: the SDKs do.
import type { Reply } from '../../core/reply/model.js';
import type { Logger } from '../logger.js';
import { DeliveryError, type ReplyChannel } from './ports.js';

export interface PostOptions {
  private: boolean;
  /** Stable per post (the weekly summary's key): the platform may drop a repeat. */
  key?: string;
}

/** Posts `reply`; returns the ids of its messages. Throws a DeliveryError when nothing was posted. */
export async function postReply(
  ch: ReplyChannel,
  reply: Reply,
  o: PostOptions,
  log: Logger,
): Promise<string[]> {
  try {
    return await postAll(ch, ch.render(reply, 'rich'), o, log);
  } catch (err) {
    if (!refused(err)) throw err;
    log.warn('the platform refused the formatted reply; sending plain text', { code: err.code });
    return postAll(ch, ch.render(reply, 'plain'), o, log);
  }
}

async function postAll(
  ch: ReplyChannel,
  messages: unknown[],
  o: PostOptions,
  log: Logger,
): Promise<string[]> {
  const ids: string[] = [];
  for (const [part, m] of messages.entries()) {
    try {
      ids.push(await ch.post(m, { part, private: o.private, ...(o.key !== undefined && { key: o.key }) }));
    } catch (err) {
      if (part === 0) throw err;
      log.warn('a later part of a long reply could not be sent', {
        part: part + 1,
        of: messages.length,
        ...why(err),
      });
      break;
    }
  }
  return ids;
}

/**
 * Rewrites the messages `ids` to show `reply`; returns the ids now showing it. Throws a
 * DeliveryError ('gone' when the first message was deleted: the caller leaves it so).
 */
export async function updateReply(
  ch: ReplyChannel,
  ids: readonly string[],
  reply: Reply,
  log: Logger,
): Promise<string[]> {
  const [first] = ids;
  if (first === undefined) return postReply(ch, reply, { private: false }, log);
  let messages = ch.render(reply, 'rich');
  try {
    await ch.edit(first, messages[0]);
  } catch (err) {
    if (!refused(err)) throw err;
    messages = ch.render(reply, 'plain');
    await ch.edit(first, messages[0]);
  }
  const kept = [first];
  for (const [part, m] of messages.entries()) {
    if (part === 0) continue;
    const id = ids[part];
    try {
      if (id === undefined) kept.push(await ch.post(m, { part, private: false }));
      else {
        await ch.edit(id, m);
        kept.push(id);
      }
    } catch (err) {
      log.warn('a later part of an updated reply could not be sent', { part: part + 1, ...why(err) });
    }
  }
  await withdrawReply(ch, ids.slice(messages.length), log);
  return kept;
}

/** Removes the messages `ids`; one that cannot be removed is logged, the rest still go. */
export async function withdrawReply(ch: ReplyChannel, ids: readonly string[], log: Logger): Promise<void> {
  for (const id of ids) {
    await ch.remove(id).catch((err: unknown) => {
      if (!(err instanceof DeliveryError && err.failure === 'gone'))
        log.warn('could not remove a message of an old reply', why(err));
    });
  }
}

function refused(err: unknown): err is DeliveryError {
  return err instanceof DeliveryError && err.failure === 'refused';
}

/** A failure's fields for the log. */
export function why(err: unknown): Record<string, unknown> {
  return err instanceof DeliveryError
    ? { failure: err.failure, code: err.code, error: err.message, ...(err.fix && { fix: err.fix }) }
    : { error: (err as Error).message };
}
