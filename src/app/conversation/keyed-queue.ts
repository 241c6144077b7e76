// Work on one message runs in order (its creation, edits and deletion), so an edit that
// arrives while the answer is being sent waits for it; work on different messages
// runs freely. Also tracks everything in flight, so a stop can wait for it.

export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly running = new Set<Promise<unknown>>();

  run<T>(key: string, job: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(job, job);
    const tail = next.catch(() => {});
    this.tails.set(key, tail);
    this.running.add(tail);
    void tail.then(() => {
      this.running.delete(tail);
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }

  /** Resolves when every job queued so far has finished (or `ms` have passed). */
  async idle(ms = Number.POSITIVE_INFINITY): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      if (Number.isFinite(ms)) timer = setTimeout(resolve, ms);
    });
    const settled = (async () => {
      while (this.running.size > 0) await Promise.all([...this.running]);
    })();
    await Promise.race([settled, late]);
    clearTimeout(timer);
  }
}
