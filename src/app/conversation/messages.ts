// A message, its edits and its deletion, in order per message:
// - a new message is claimed once (of every instance that sees it, one answers), read
//   only in a channel that listens (or when addressed), limited when asked for, answered
//   at its target, and remembered so its edits update the answer;
// - an edit of an answered message re-reads it and updates the answer in place (an
//   edit that changes nothing the bot reads is no edit); an edit of a message never
//   answered here is answered once if it now qualifies and no instance answered it;
// - a deletion withdraws the answer;
// - a message in a conversation the bot answered (its thread, a reply to its answer),
//   mentioned or not, and the edit of one, is a follow-up: read with the conversation's
//   first log, it updates that answer or changes nothing (threads.ts).
import { ANSWER_LEASE_MS, channelOf, DELIVERY_LEASE_MS, type Step } from './context.js';
import { updateReply, why, withdrawReply } from './delivery.js';
import { type DeleteIncoming, type MessageIncoming, messageKey, placeKey } from './incoming.js';
import { EDITED_AWAY, STILL_TOO_MANY } from './notices.js';
import { DeliveryError } from './ports.js';
import { prepare } from './prepare.js';
import { sourceKey } from './reply-index.js';
import { alreadyPosted, deliver, interactionRoute, messageRoute } from './routes.js';
import { followUp, keepThread, openedState, refreshFirst, type Thread, threadOf } from './threads.js';

export async function onMessage(step: Step, x: MessageIncoming): Promise<void> {
  const { claims, now } = step.deps;
  // A follow-up in the bot's conversation is read whether the channel listens or not.
  const thread = await threadOf(step, x);
  // Ordinary talk in a channel that does not listen costs no claim and no download.
  if (!thread && x.mode === 'listen' && !(await listening(step, x))) {
    step.events.ignored?.('listening-off');
    return;
  }
  const delivery = deliveryKey(x);
  if ((await claims.take(delivery, now(), DELIVERY_LEASE_MS, x)) !== 'taken') {
    step.log.debug('an event already taken; left alone');
    return;
  }
  if (thread) await inThread(step, x, thread);
  else {
    const outcome = await step.queue.run(messageKey(x.place, x.message), () => answer(step, x, false));
    if (outcome === 'later') {
      // Taken over while the answer claim of the handling that stopped still runs: once it
      // runs out, the delivery is taken over again (the lease of an unanswered delivery).
      step.log.info(
        'taken over before the answer claim of the handling that stopped ran out; tried again later',
      );
      return;
    }
  }
  await claims.answered(delivery, now());
}

/** The key of one delivery of a message: its claim, and what its answer is posted under. */
function deliveryKey(x: MessageIncoming): string {
  return `delivery:${placeKey(x.place)}/${x.id}`;
}

export async function onEdit(step: Step, x: MessageIncoming): Promise<void> {
  const key = messageKey(x.place, x.message);
  const thread = step.index.get(key) ? null : await threadOf(step, x);
  if (thread && thread.state.first !== key) await inThread(step, x, thread);
  else await step.queue.run(key, () => reanswer(step, x));
}

/** A follow-up, in order with the conversation's others (read again: one before it may have changed it). */
function inThread(step: Step, x: MessageIncoming, thread: Thread): Promise<void> {
  return step.queue.run(`thread:${thread.id}`, async () => {
    const now = (await threadOf(step, x)) ?? thread;
    await followUp(step, x, now);
  });
}

export async function onDelete(step: Step, x: DeleteIncoming): Promise<void> {
  const key = messageKey(x.place, x.message);
  await step.queue.run(key, async () => {
    const known = step.index.get(key);
    if (!known) return;
    step.index.delete(key);
    await withdrawReply(step.surface.at(known.target, step.log), known.ids, step.log);
  });
}

/**
 * Answers a message not answered before; `fresh`: an edit made it worth an answer.
 * 'later': a delivery taken over after a crash found the answer claim still held (by the
 * handling that stopped, until its lease runs out): it is neither answered nor done.
 */
async function answer(step: Step, x: MessageIncoming, fresh: boolean): Promise<'done' | 'later'> {
  const { deps } = step;
  const route = messageRoute(step, x);
  if (x.respond !== undefined) route.primary.begin?.({ private: route.private });
  const channel = channelOf(x.place);
  if (fresh && x.mode === 'listen' && !(await listening(step, x))) return 'done';
  const key = messageKey(x.place, x.message);
  // Who answers a message holds its answer claim: an edit seen by another instance is left
  // to it, and a delivery handled again after a crash is not answered twice once its
  // answer was recorded. The "Diagnose crash" action claims its own answer (a message may
  // be answered once as a mention and again on request).
  const answerKey = x.mode === 'shortcut' ? `answer:${placeKey(x.place)}/shortcut/${x.id}` : `answer:${key}`;
  // Taken over after a crash: the answer the stopped handling got out is found by its key
  // (and then neither diagnosed, recorded nor posted again).
  if (x.replayed && route.kept) {
    const up = await alreadyPosted(step, route.primary, deliveryKey(x));
    if (up) {
      step.index.set(key, {
        target: route.kept,
        ids: up,
        source: sourceKey(x.text, x.attachments),
        mode: x.mode,
      });
      if ((await deps.claims.take(answerKey, deps.now(), ANSWER_LEASE_MS)) === 'taken')
        await deps.claims.answered(answerKey, deps.now());
      return 'done';
    }
  }
  if (x.mode !== 'listen') {
    const verdict = await deps.limits.asked(channel, x.asker ?? x.user, deps.now());
    if (verdict && 'ignore' in verdict) {
      step.events.ignored?.(verdict.ignore);
      // An interaction that must be answered (Discord's) gets a short private answer instead of silence.
      if (x.respond !== undefined && step.surface.info.interactionsNeedAnswer)
        await deliver(step, interactionRoute(step, x, true), STILL_TOO_MANY);
      return 'done';
    }
    if (verdict) {
      await deliver(step, route, verdict.notice);
      return 'done';
    }
  }
  let held = false;
  const mayAnswer = async () => {
    const state = await deps.claims.take(answerKey, deps.now(), ANSWER_LEASE_MS);
    held = state === 'held';
    return state === 'taken';
  };
  const prepared = await prepare(step, x, { mode: x.mode, edited: false, mayAnswer });
  if (prepared.kind === 'quiet') return held && x.replayed ? 'later' : 'done';
  if (prepared.private) {
    await deliver(step, interactionRoute(step, x, true), prepared.reply);
    return 'done';
  }
  const ids = await deliver(step, route, prepared.reply, { key: deliveryKey(x) });
  if (ids && route.kept) {
    step.index.set(key, {
      target: route.kept,
      ids,
      source: sourceKey(x.text, x.attachments),
      mode: x.mode,
    });
    if (prepared.diagnosis && prepared.text !== undefined)
      await keepThread(
        step,
        openedState(step, x, {
          target: route.kept,
          ids,
          recordId: prepared.recordId ?? null,
          text: prepared.text,
        }),
      );
  }
  await deps.claims.answered(answerKey, deps.now());
  return 'done';
}

async function reanswer(step: Step, x: MessageIncoming): Promise<void> {
  const key = messageKey(x.place, x.message);
  const known = step.index.get(key);
  if (!known) {
    await answer(step, x, true);
    return;
  }
  const source = sourceKey(x.text, x.attachments);
  if (source === known.source) return;
  const mode = known.mode === 'listen' ? 'listen' : 'mention';
  // The channel stopped listening since: the earlier answer stays as it was.
  if (mode === 'listen' && !(await listening(step, x))) return;
  const prepared = await prepare(step, { ...x, mode }, { mode, edited: true, mayAnswer: async () => true });
  const reply = prepared.kind === 'reply' ? prepared.reply : EDITED_AWAY;
  step.events.replied?.(step.surface.info.platform, reply.kind);
  try {
    const ids = await updateReply(step.surface.at(known.target, step.log), known.ids, reply, step.log);
    step.index.set(key, { ...known, ids, source });
    if (prepared.kind === 'reply' && prepared.diagnosis && prepared.text !== undefined)
      await refreshFirst(step, x, { ids, recordId: prepared.recordId ?? null, text: prepared.text });
  } catch (err) {
    // The answer was deleted: leave it so, and forget it.
    if (err instanceof DeliveryError && err.failure === 'gone') step.index.delete(key);
    else {
      step.events.failed?.('delivery');
      step.log.warn('could not update a reply after an edit', why(err));
    }
  }
}

/** Whether the channel listens; when the store cannot say, it does not (an unasked reply needs consent). */
async function listening(step: Step, x: MessageIncoming): Promise<boolean> {
  try {
    return (await step.deps.settings.getSettings(channelOf(x.place))).listening;
  } catch (err) {
    step.log.warn('could not read the channel settings; not listening', { error: (err as Error).message });
    return false;
  }
}
