import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { createLogger } from "../app/platform/config/logger.server";
import { switchedOn } from "../app/platform/config/switch";

/**
 * How many processes serve requests, from the raw environment. With PostgreSQL, WEB_CONCURRENCY;
 * by default one, whose catalogue threads (one per core) render the expensive pages, so one
 * machine uses all of itself without a second copy of the app in memory; with CATALOGUE_THREAD
 * off, one per core. With the embedded database, always
 * one: PGlite is a single in-process database whose data directory only one process may open (see
 * the README). A value the configuration refuses (`env.server.ts`) ends the start-up process, and
 * with it the primary, before any worker starts.
 */
export function workerCount(env: NodeJS.ProcessEnv) {
  if (!env.DATABASE_URL?.trim()) return 1;
  const asked = Number(env.WEB_CONCURRENCY);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return switchedOn(env.CATALOGUE_THREAD) ? 1 : availableParallelism();
}

/** Set in the process the primary forks first, for the one-time start-up work only. */
export const START_UP_ENV = "MERCH_START_UP_ONLY";

/**
 * The primary process: runs the one-time start-up work (migrations, seeds, the first admin,
 * bundled media) in a process of its own and waits for it, then forks the workers, which share
 * the listening port; replaces a worker that dies unexpectedly, and passes SIGTERM/SIGINT on,
 * exiting once every worker has stopped. It imports none of the app itself: a primary that did
 * the start-up work kept the whole app in memory for nothing (about 100 MB).
 */
export async function runPrimary(count: number, level: string | undefined) {
  const logger = createLogger(level);
  const startUp = cluster.fork({ [START_UP_ENV]: "1" });
  const code = await new Promise<number | null>((done) =>
    startUp.once("exit", (exitCode) => done(exitCode)),
  );
  // The start-up process printed why (a configuration error, say).
  if (code !== 0) process.exit(code ?? 1);

  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < count; i++) fork();
  logger.info({ workers: count }, "started worker processes");

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "worker died; starting another");
    // A worker that cannot start at all would otherwise be replaced in a tight loop.
    setTimeout(fork, 1_000).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping workers");
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
