import cluster from "node:cluster";
import { START_UP_ENV, runPrimary, workerCount } from "./server/cluster";

// Start-up refusals stay one plain line.
const printLine = console.error.bind(console);

async function main() {
  // With several processes the primary only forks and watches them. It decides how many from the
  // raw variables and loads none of the app, not even the configuration's schema: the start-up
  // process checks the configuration before any worker starts, and a refusal there ends the
  // primary too (server/cluster.ts). So the primary costs Node's own memory, not the app's.
  const workers = workerCount(process.env);
  if (workers > 1 && cluster.isPrimary) return runPrimary(workers, process.env.LOG_LEVEL);
  const { loadEnv } = await import("./app/platform/config/env.server");
  const { createLogger } = await import("./app/platform/config/logger.server");
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const { serve } = await import("./server/serve");
  const role = cluster.isPrimary ? "single" : process.env[START_UP_ENV] ? "start-up" : "worker";
  await serve(env, logger, role);
  if (role === "start-up") process.exit(0);
}

main().catch(async (error) => {
  const { ConfigError } = await import("./app/platform/config/env.server");
  if (error instanceof ConfigError) {
    printLine(error.message);
  } else {
    printLine("Start-up failed:", error);
  }
  process.exit(1);
});
