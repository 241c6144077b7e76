// At most `max` jobs at a time; the rest wait their turn in order. Bounds how many log
// files are downloaded and held in memory at once when many arrive together.

export type Limiter = <T>(job: () => Promise<T>) => Promise<T>;

export function createLimiter(max: number): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next job, so no newcomer can slip in between.
    if (next) next();
    else active--;
  };
  return async (job) => {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await job();
    } finally {
      release();
    }
  };
}
