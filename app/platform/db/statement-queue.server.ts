import { AsyncLocalStorage } from "node:async_hooks";

const background = new AsyncLocalStorage<true>();

/**
 * Runs `work` as background work (the durable jobs: a catalogue sync, the pictures, a backup):
 * on the embedded database its statements give way to those of requests waiting beside them.
 */
export function runInBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

export const inBackground = () => background.getStore() === true;

interface Waiting {
  start(): void;
  since: number;
}

/**
 * One statement (or transaction) at a time, as the embedded database runs them, with requests'
 * statements before background ones (decision 021, docs/performance.md). A sync writes the whole
 * time it runs; first come, first served, a burst of searches each waited for the sync's writes
 * queued between theirs. A background statement still runs once it has waited `maxWaitMs`, so a
 * busy site slows a job down without stopping it.
 */
export class StatementQueue {
  #busy = false;
  #requests: Waiting[] = [];
  #jobs: Waiting[] = [];

  constructor(private readonly maxWaitMs = 100) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.#busy = true;
        work()
          .then(resolve, reject)
          .finally(() => {
            this.#busy = false;
            this.#next();
          });
      };
      if (!this.#busy) return start();
      (inBackground() ? this.#jobs : this.#requests).push({ start, since: Date.now() });
    });
  }

  #next() {
    const job = this.#jobs[0];
    const overdue = job !== undefined && Date.now() - job.since >= this.maxWaitMs;
    const next = overdue || !this.#requests.length ? this.#jobs.shift() : this.#requests.shift();
    next?.start();
  }
}
