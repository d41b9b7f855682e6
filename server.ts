import cluster from "node:cluster";
import { ConfigError, loadEnv } from "./app/platform/config/env.server";
import { createLogger } from "./app/platform/config/logger.server";
import { START_UP_ENV, runPrimary, workerCount } from "./server/cluster";

// Start-up refusals stay one plain line.
const printLine = console.error.bind(console);

async function main() {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const workers = workerCount(env);
  // With several processes the primary only forks and watches them: it loads none of the app,
  // so it costs Node's own memory, not the app's (server/cluster.ts).
  if (workers > 1 && cluster.isPrimary) return runPrimary(workers, logger);
  const { serve } = await import("./server/serve");
  const role = cluster.isPrimary ? "single" : process.env[START_UP_ENV] ? "start-up" : "worker";
  await serve(env, logger, role);
  if (role === "start-up") process.exit(0);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    printLine(error.message);
  } else {
    printLine("Start-up failed:", error);
  }
  process.exit(1);
});
