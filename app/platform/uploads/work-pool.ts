/** Refused because the pool's queue is full: the caller answers "try later" rather than wait. */
export class PoolFullError extends Error {
  constructor() {
    super("work pool full");
  }
}

export interface WorkPool {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly queued: number;
}

/**
 * Runs at most `concurrency` tasks at once; up to `maxQueued` more wait their turn in order, and
 * any beyond that are refused with PoolFullError. A finished task hands its slot straight to the
 * next waiting one.
 */
export function createWorkPool(concurrency: number, maxQueued: number): WorkPool {
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
    async run(task) {
      if (active < concurrency) active += 1;
      else if (waiting.length >= maxQueued) throw new PoolFullError();
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
  };
}
