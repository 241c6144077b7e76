// Where an answer goes, decided once for every surface from the Incoming alone:
// - a message is answered at its target: in its thread (Slack), or as a reply to it
//   (Discord, the terminal); those answers are kept in the index, so edits update them;
// - an interaction (a command, a click) is answered through its handle, and when that
//   fails a public answer is posted in the channel and a private one sent privately
//   where the surface can;
// - the "Diagnose crash" action answers in the message's thread where the surface lets
//   interactions go unanswered (Slack, with a private answer as the fall-back), and
//   through the interaction where it must be answered (Discord, the channel as the
//   fall-back).
import type { Reply } from '../../core/reply/model.js';
import type { Step } from './context.js';
import { postReply, why } from './delivery.js';
import type { Incoming, MessageIncoming } from './incoming.js';
import type { ReplyChannel, Surface, Target } from './ports.js';

export interface Route {
  primary: ReplyChannel;
  /** Whether the primary answer is private. */
  private: boolean;
  fallback?: { channel: ReplyChannel; private: boolean };
  /** The primary answer can be edited later through `surface.at(target)`. */
  kept?: Target;
}

export function targetOf(s: Surface, x: Pick<MessageIncoming, 'place' | 'message'>): Target {
  return s.info.replies === 'thread'
    ? { place: { ...x.place, thread: x.place.thread ?? x.message } }
    : { place: x.place, replyTo: x.message };
}

export function messageRoute(step: Step, x: MessageIncoming): Route {
  const s = step.surface;
  const target = targetOf(s, x);
  const handle = x.respond !== undefined && s.respond ? s.respond(x, step.log) : undefined;
  if (handle && s.info.interactionsNeedAnswer)
    return { primary: handle, private: false, fallback: { channel: s.at(target, step.log), private: false } };
  return {
    primary: s.at(target, step.log),
    private: false,
    kept: target,
    ...(handle && { fallback: { channel: handle, private: true } }),
  };
}

/** An interaction's answer: through its handle, or failing that in the channel (public) or privately. */
export function interactionRoute(step: Step, x: Incoming, isPrivate: boolean): Route {
  const s = step.surface;
  const inChannel = s.at({ place: x.place }, step.log);
  const privately = s.privately?.(x.place, x.user, step.log);
  const fallback = isPrivate
    ? privately && { channel: privately, private: true }
    : { channel: inChannel, private: false };
  const handle = x.respond !== undefined && s.respond ? s.respond(x, step.log) : undefined;
  if (handle) return { primary: handle, private: isPrivate, ...(fallback && { fallback }) };
  if (isPrivate && privately) return { primary: privately, private: true };
  return { primary: inChannel, private: isPrivate };
}

export interface DeliverOptions {
  /** Stable per event: the platform may drop a repeat (Discord's nonce), or tell it was posted (Slack's metadata, `alreadyPosted`). */
  key?: string;
}

/** Posts the reply on its route; returns the ids of the primary answer, or null when it did not go there. */
export async function deliver(
  step: Step,
  route: Route,
  reply: Reply,
  o: DeliverOptions = {},
): Promise<string[] | null> {
  step.events.replied?.(step.surface.info.platform, reply.kind);
  const key = o.key !== undefined ? { key: o.key } : {};
  try {
    return await postReply(route.primary, reply, { private: route.private, ...key }, step.log);
  } catch (err) {
    step.events.failed?.('delivery');
    step.log.warn('could not post a reply', { title: reply.title, ...why(err) });
    if (!route.fallback) return null;
    try {
      await postReply(route.fallback.channel, reply, { private: route.fallback.private }, step.log);
      step.log.info('the reply went out another way');
    } catch (again) {
      step.log.warn('could not deliver the reply another way', why(again));
    }
    return null;
  }
}

/** The answer an earlier handling of this event posted under `key`, or null (none, or the platform cannot tell: answer it then). */
export async function alreadyPosted(step: Step, ch: ReplyChannel, key: string): Promise<string[] | null> {
  if (!ch.posted) return null;
  try {
    const ids = await ch.posted(key);
    if (ids.length === 0) return null;
    step.log.info('the answer was posted before the instance handling it stopped; not posting it again', {
      messages: ids.length,
    });
    return ids;
  } catch (err) {
    step.log.warn('could not tell whether the answer was posted already; posting it', why(err));
    return null;
  }
}
