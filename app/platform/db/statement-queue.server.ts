import { AsyncLocalStorage } from "node:async_hooks";
import { processWide } from "~/platform/lib/process-wide";

// Marked by the jobs in one copy of this module, read by the database client in another.
const background = processWide("background-work", () => new AsyncLocalStorage<true>());

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
 * queued between theirs. A background statement gives way for `maxWaitMs` and then takes its turn
 * in arrival order, so a busy site slows a job down without stopping it, and no request waits
 * longer than it would have first come, first served.
 */
export class StatementQueue {
  #busy = false;
  #requests: Waiting[] = [];
  #jobs: Waiting[] = [];
  readonly #maxWaitMs: number;

  constructor(maxWaitMs = 100) {
    this.#maxWaitMs = maxWaitMs;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.#busy = true;
        // A function that throws before its first await rejects too, and frees the queue.
        Promise.resolve()
          .then(work)
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
    const [job, request] = [this.#jobs[0], this.#requests[0]];
    // A job's statement gives way for its first `maxWaitMs`, then takes its turn by arrival.
    const jobFirst =
      job !== undefined &&
      (request === undefined ||
        (Date.now() - job.since >= this.#maxWaitMs && job.since <= request.since));
    (jobFirst ? this.#jobs.shift() : this.#requests.shift())?.start();
  }
}
