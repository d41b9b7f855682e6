import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import type { Logger } from "pino";
import type { Env } from "../app/platform/config/env.server";

/**
 * How many processes serve requests. With PostgreSQL, WEB_CONCURRENCY (default: one per core),
 * so one machine uses all of itself. With the embedded database, always one: PGlite is a single
 * in-process database whose data directory only one process may open (see the README).
 */
export function workerCount(env: Pick<Env, "DATABASE_URL" | "WEB_CONCURRENCY">) {
  if (!env.DATABASE_URL) return 1;
  return env.WEB_CONCURRENCY ?? availableParallelism();
}

/** True in a process forked by runPrimary: start-up work was already done by the primary. */
export const isClusterWorker = cluster.isWorker;

/**
 * The primary process: forks the workers, which share the listening port, replaces a worker that
 * dies unexpectedly, and passes SIGTERM/SIGINT on, exiting once every worker has stopped.
 */
export function runPrimary(count: number, logger: Logger) {
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
