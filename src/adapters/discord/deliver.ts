// A Reply into a channel, or into the messages that already answer an edited one.
// Embeds Discord refuses are sent again as plain text; transient failures were retried
// by the sender; a refusal for good is reported to the log with Discord's code. A
// reply split over several messages keeps what was sent if a later part fails.
import type { Reply } from '../../core/reply/model.js';
import { DeliveryError } from './delivery-errors.js';
import type { DiscordLog } from './log.js';
import { type DiscordMessage, renderReply } from './render/index.js';
import { nonceFor, type Sender } from './sender.js';

export interface DeliverDeps {
  sender: Sender;
  log: DiscordLog;
}

export interface Destination {
  channelId: string;
  /** The message this answers (shown as a reply to it). */
  replyTo?: string;
  /** Stable per post: Discord drops a repeat (weekly summaries). */
  nonceKey?: string;
  embeds: boolean;
}

/** Posts the reply; returns the ids of its messages. Throws a DeliveryError when nothing was posted. */
export async function deliver(deps: DeliverDeps, to: Destination, reply: Reply): Promise<string[]> {
  try {
    return await postAll(deps, to, renderReply(reply, { embeds: to.embeds }));
  } catch (err) {
    if (!(err instanceof DeliveryError) || err.failure.kind !== 'invalid' || !to.embeds) throw err;
    deps.log.warn('Discord refused the embeds; sending plain text', { code: err.failure.code });
    return postAll(deps, to, renderReply(reply, { embeds: false }));
  }
}

async function postAll(deps: DeliverDeps, to: Destination, messages: DiscordMessage[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, m] of messages.entries()) {
    try {
      ids.push(
        await deps.sender.post(to.channelId, m, {
          replyTo: i === 0 ? to.replyTo : undefined,
          nonce: to.nonceKey === undefined ? undefined : nonceFor(to.nonceKey, i),
        }),
      );
    } catch (err) {
      if (ids.length === 0) throw err;
      deps.log.warn('a later part of a long reply could not be sent', {
        channel: to.channelId,
        part: i + 1,
        of: messages.length,
        error: (err as Error).message,
      });
      break;
    }
  }
  return ids;
}

/**
 * Rewrites the messages `ids` to show `reply`: edits them in place, posts parts that are
 * new, deletes parts no longer needed. Returns the ids now showing the reply.
 */
export async function redeliver(
  deps: DeliverDeps,
  to: Destination,
  ids: readonly string[],
  reply: Reply,
): Promise<string[]> {
  let messages = renderReply(reply, { embeds: to.embeds });
  const first = ids[0];
  if (first === undefined) return deliver(deps, to, reply);
  try {
    await deps.sender.edit(to.channelId, first, messages[0]!);
  } catch (err) {
    if (!(err instanceof DeliveryError) || err.failure.kind !== 'invalid' || !to.embeds) throw err;
    messages = renderReply(reply, { embeds: false });
    await deps.sender.edit(to.channelId, first, messages[0]!);
  }
  const kept = [first];
  for (const [i, m] of messages.entries()) {
    if (i === 0) continue;
    const id = ids[i];
    if (id !== undefined) {
      await deps.sender.edit(to.channelId, id, m);
      kept.push(id);
    } else {
      kept.push(await deps.sender.post(to.channelId, m));
    }
  }
  for (const id of ids.slice(messages.length)) {
    await deps.sender.remove(to.channelId, id).catch((err: Error) =>
      deps.log.warn('could not delete a part of an old reply', {
        channel: to.channelId,
        error: err.message,
      }),
    );
  }
  return kept;
}

/** Logs why a reply could not be delivered; the diagnosis itself is already in the store. */
export function reportUndelivered(
  log: DiscordLog,
  what: string,
  err: unknown,
  data: Record<string, unknown>,
): void {
  const failure = err instanceof DeliveryError ? err.failure : null;
  log.warn(`could not deliver ${what}`, {
    ...data,
    ...(failure ? { kind: failure.kind, code: failure.code } : {}),
    error: (err as Error).message,
    ...(failure?.kind === 'forbidden' && {
      fix: 'give the bot View Channel, Send Messages, Send Messages in Threads, Embed Links, Attach Files and Read Message History here',
    }),
  });
}
