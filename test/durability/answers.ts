// Events sent vs answered, for the durability tests: each load event is a mention in
// its own thread, so the replies in a thread are that event's answers.
import type { FakeSlack } from '../adapters/slack/fake/fake-slack.mjs';

export interface AnswerFigures {
  /** Events the bot took (HTTP 200). */
  acknowledged: number;
  exactlyOnce: number;
  /** Acknowledged, and never answered. */
  lost: number;
  /** Answered more than once. */
  duplicated: number;
}

/** Thread ts -> how many diagnosis replies the fake Slack took in it. */
export function repliesPerThread(fake: FakeSlack): Map<string, number> {
  const out = new Map<string, number>();
  for (const call of fake.callsTo('chat.postMessage')) {
    if (!call.result?.ok || !call.args.thread_ts) continue;
    const thread = String(call.args.thread_ts);
    out.set(thread, (out.get(thread) ?? 0) + 1);
  }
  return out;
}

export function answerFigures(fake: FakeSlack, acked: Iterable<string>): AnswerFigures {
  const replies = repliesPerThread(fake);
  const f: AnswerFigures = { acknowledged: 0, exactlyOnce: 0, lost: 0, duplicated: 0 };
  for (const thread of new Set(acked)) {
    f.acknowledged++;
    const n = replies.get(thread) ?? 0;
    if (n === 0) f.lost++;
    else if (n === 1) f.exactlyOnce++;
    else f.duplicated++;
  }
  return f;
}

/** Resolves once every acknowledged event has an answer, or after `timeoutMs` (the figures then say what is missing). */
export async function allAnswered(
  fake: FakeSlack,
  acked: Iterable<string>,
  timeoutMs: number,
): Promise<void> {
  const threads = [...new Set(acked)];
  await fake
    .waitFor(
      () => {
        const replies = repliesPerThread(fake);
        return threads.every((t) => (replies.get(t) ?? 0) > 0);
      },
      timeoutMs,
      'every acknowledged event to be answered',
    )
    .catch(() => {});
}
