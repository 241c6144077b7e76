// The real clock for the scheduler; tests pass a fake one.
import type { Clock } from './scheduler.js';

export function systemClock(): Clock {
  return {
    now: () => new Date(),
    sleep: (ms, signal) =>
      new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          resolve();
        }
        signal?.addEventListener('abort', done, { once: true });
      }),
  };
}
