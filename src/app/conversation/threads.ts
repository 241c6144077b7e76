// Follow-ups in a conversation the bot answered: a message in the answer's thread (Slack,
// Mattermost, a Discord thread) or a reply to the answer or to its log (Discord), with
// or without a mention, is read together with the conversation's first log, and the
// answer is edited in place when the reading changes it (more output, `collect_env`, a
// bare `2.14.0+cu130`). Ordinary talk changes nothing the answer says: no edit, no
// reply. The conversation is kept in the store (ThreadStorePort), redacted and bounded,
// so every instance and a restart know it.
import type { Reply } from '../../core/reply/model.js';
import { channelOf, type Step } from './context.js';
import { updateReply, why } from './delivery.js';
import { type MessageIncoming, messageKey, threadKey } from './incoming.js';
import { DeliveryError } from './ports.js';
import { gather } from './prepare.js';
import {
  decodeState,
  encodeState,
  fitting,
  keptText,
  THREAD_MAX_BYTES,
  THREAD_TTL_MS,
  type ThreadState,
  threadText,
} from './thread-state.js';

export interface Thread {
  /** The store's name for it (the same for every key it is found by). */
  id: string;
  state: ThreadState;
}

/** The conversation `x` follows up, if the bot answered one there and it is still open. */
export async function threadOf(step: Step, x: MessageIncoming): Promise<Thread | null> {
  // The "Diagnose crash" action asks about one message: it is answered alone.
  if (x.mode === 'shortcut') return null;
  const keys = [
    ...(x.place.thread !== undefined && x.place.thread !== x.message ? [threadKey(x.place, x.message)] : []),
    ...(x.replyTo !== undefined ? [messageKey(x.place, x.replyTo)] : []),
  ];
  for (const key of keys) {
    // The log's own answer may still be on its way here: the key is its message's (queue).
    await step.queue.run(key, async () => {});
    try {
      const found = await step.deps.threads.findThread(key, step.deps.now());
      const state = found && decodeState(found.state);
      if (found && state) return { id: found.thread, state };
    } catch (err) {
      step.log.warn('could not read a conversation; the message is read alone', why(err));
      return null;
    }
  }
  return null;
}

/** Opens (or re-keeps) the conversation of an answered log; its follow-ups are then read with it. */
export async function keepThread(step: Step, state: ThreadState): Promise<void> {
  const now = step.deps.now();
  const answer = state.target.place;
  try {
    await step.deps.threads.keepThread({
      thread: state.key,
      state: encodeState(state),
      // A reply to the log or to any message of the answer follows it up too.
      aliases: [state.first, ...state.ids.filter((id) => id !== '').map((id) => messageKey(answer, id))],
      now,
      until: new Date(now.getTime() + THREAD_TTL_MS),
    });
  } catch (err) {
    step.events.failed?.('store');
    step.log.warn('could not keep the conversation; follow-ups will be read alone', why(err));
  }
}

/** The state of a newly answered log. */
export function openedState(
  step: Step,
  x: MessageIncoming,
  a: Pick<ThreadState, 'target' | 'ids' | 'recordId'> & { text: string },
): ThreadState {
  return {
    key: threadKey(x.place, x.message),
    first: messageKey(x.place, x.message),
    target: a.target,
    ids: a.ids,
    recordId: a.recordId,
    ...(x.link !== undefined && { link: x.link }),
    log: keptText(a.text, firstMax(step)),
    more: [],
  };
}

/** Reads the follow-up `x` with its conversation; edits the answer when that changes it. */
export async function followUp(step: Step, x: MessageIncoming, thread: Thread): Promise<void> {
  const { deps } = step;
  const { state } = thread;
  const { text } = await gather(step, x, { alone: true });
  if (text.trim() === '') {
    step.events.ignored?.('empty');
    return;
  }
  const max = maxBytes(step);
  const entry = { message: x.message, text: keptText(text, max) };
  const more = fitting(state.log, [...state.more.filter((f) => f.message !== x.message), entry], max);
  const before = deps.bot.diagnose(threadText(state), 'mention');
  const after = deps.bot.diagnose(threadText({ log: state.log, more }), 'mention');
  if (after.kind !== 'reply' || (before.kind === 'reply' && sameAnswer(before.reply, after.reply))) {
    step.events.ignored?.('nothing-new');
    return;
  }
  const { diagnosis } = after;
  step.events.diagnosed?.(diagnosis.causes[0]?.id ?? 'none', 'thread');
  const kept = await deps.bot.keep(after.reply, diagnosis, {
    channel: channelOf(x.place),
    userId: x.user,
    ...(state.link !== undefined && { link: state.link }),
    ...(state.recordId !== null && { replacesRecord: state.recordId }),
  });
  if (kept.error !== undefined) {
    step.events.failed?.('store');
    step.log.warn('could not record a diagnosis', { error: kept.error });
  }
  step.events.replied?.(step.surface.info.platform, kept.reply.kind);
  let ids: string[];
  try {
    ids = await updateReply(step.surface.at(state.target, step.log), state.ids, kept.reply, step.log);
  } catch (err) {
    if (err instanceof DeliveryError && err.failure === 'gone') {
      // The answer was deleted: the conversation ends with it.
      step.log.info('the answer to this conversation is gone; it is closed');
      await close(step, thread);
      return;
    }
    step.events.failed?.('delivery');
    step.log.warn('could not update the answer with a follow-up', why(err));
    return;
  }
  const known = step.index.get(state.first);
  if (known) step.index.set(state.first, { ...known, ids });
  await keepThread(step, { ...state, ids, recordId: kept.recordId ?? state.recordId, more });
}

/** After the conversation's first log was edited and answered anew: the new log, answer and record. */
export async function refreshFirst(
  step: Step,
  x: MessageIncoming,
  a: { ids: string[]; recordId: number | null; text: string },
): Promise<void> {
  const key = threadKey(x.place, x.message);
  let found: { thread: string; state: string } | null;
  try {
    found = await step.deps.threads.findThread(key, step.deps.now());
  } catch {
    return;
  }
  const state = found && decodeState(found.state);
  if (!state || state.first !== messageKey(x.place, x.message)) return;
  // The answer now reads the edited log alone; later follow-ups are read with it.
  await keepThread(step, {
    ...state,
    ids: a.ids,
    recordId: a.recordId,
    log: keptText(a.text, firstMax(step)),
    more: [],
  });
}

/** Two readings say the same when their replies are the same (ordinary talk added nothing). */
function sameAnswer(a: Reply, b: Reply): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

async function close(step: Step, thread: Thread): Promise<void> {
  const now = step.deps.now();
  const { first } = thread.state;
  await step.deps.threads
    .keepThread({ thread: thread.state.key, state: encodeState(thread.state), aliases: [], now, until: now })
    .catch(() => {});
  step.index.delete(first);
}

function maxBytes(step: Step): number {
  return Math.min(THREAD_MAX_BYTES, step.deps.attachments.maxBytes);
}

/** The first log keeps at most three quarters of the room: follow-ups always have some. */
function firstMax(step: Step): number {
  return Math.floor((maxBytes(step) * 3) / 4);
}
