// Which messages answer which: so an edited log updates its reply instead of getting
// a second one. Bounded (the oldest entries go first) and in memory: after a restart
// an edit of an older message is answered as a new message. Work on one message runs
// in order, so an edit that arrives while its reply is being sent waits for it.
import type { MessageMode } from '../../app/diagnose-message.js';

export interface Answer {
  channelId: string;
  /** The bot's messages showing the reply, in order. */
  replyIds: string[];
  /** What was diagnosed (the text and the attachment ids), to skip edits that change nothing. */
  source: string;
  mode: MessageMode;
}

export class AnswerTracker {
  private readonly answers = new Map<string, Answer>();

  constructor(private readonly capacity = 10_000) {}

  get(messageId: string): Answer | undefined {
    return this.answers.get(messageId);
  }

  set(messageId: string, answer: Answer): void {
    this.answers.delete(messageId);
    this.answers.set(messageId, answer);
    while (this.answers.size > this.capacity) {
      const oldest = this.answers.keys().next().value;
      if (oldest === undefined) break;
      this.answers.delete(oldest);
    }
  }

  delete(messageId: string): void {
    this.answers.delete(messageId);
  }

  get size(): number {
    return this.answers.size;
  }
}

/** Runs jobs with the same key one after another; jobs with different keys run freely. */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, job: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(job, job);
    const tail = next.catch(() => {});
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }

  /** Resolves when every job queued so far has finished. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
