/** Refused at once: `concurrency` tasks run and `queue` more already wait. */
export class WorkLimitReached extends Error {
  override name = 'WorkLimitReached';
}

/**
 * Runs at most `concurrency` tasks at once; up to `queue` more wait their turn in order, and any beyond those are
 * refused at once with `WorkLimitReached`, so that a burst costs its callers a quick answer rather than the
 * process its CPU.
 */
export function createWorkLimit({ concurrency, queue }: { concurrency: number; queue: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function limited<T>(task: () => Promise<T>): Promise<T> {
    if (running < concurrency) running += 1;
    else if (waiting.length < queue) await new Promise<void>((resolve) => waiting.push(resolve));
    else throw new WorkLimitReached();
    try {
      return await task();
    } finally {
      // The slot goes to the next waiting task, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
