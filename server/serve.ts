import { availableParallelism } from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { ConfigError, type Env } from "../app/platform/config/env.server";
import type { Logger } from "pino";
import { openDatabase } from "../app/platform/db/client.server";
import { applySeeds } from "./seed/run";
import { ensureAdminAccount } from "../app/platform/auth/admin.server";
import { createJobRunner } from "../app/platform/jobs/jobs.server";
import { configuredJobSchedules, jobHandlers } from "./jobs";
import { installBundledMedia } from "../app/platform/storage/storage.server";
import { createServices } from "./services";
import { routeConsoleToLogger } from "./console-to-log";
import { lockDataDir } from "./data-dir-lock";
import { createHttpApp } from "./http";
import { createExpressServer } from "./express-server";
import { warnAboutPlaceholders } from "./placeholders";
import { keepHeapHeadroom } from "../app/platform/lib/heap-headroom";
import { trimNativeHeapWhenQuiet } from "../app/platform/lib/native-heap";
import { createCatalogueThreads } from "./catalogue-thread";
import {
  columnsElsewhere,
  warmUpSearchColumns,
} from "../app/capabilities/catalog/search-columns.server";

const SHUTDOWN_GRACE_MS = 10_000;
// Start-up refusals stay one plain line even after console is routed to the JSON log.
const printLine = console.error.bind(console);

/**
 * The app in this process. `single`: the whole server, with the one-time start-up work (seeds,
 * the first admin, bundled media). With several processes (server/cluster.ts), a `start-up`
 * process does that work and exits, then each `worker` serves.
 */
export async function serve(env: Env, logger: Logger, role: "single" | "start-up" | "worker") {
  if (env.NODE_ENV === "production") routeConsoleToLogger(logger);
  // One process on the embedded database: there the headroom gave the search soak 15 % less CPU
  // an answer. With PostgreSQL's two workers it changed nothing measurable, and each worker's
  // allowance added to a 1,000,000-SKU sync's peak (docs/performance.md, 2026-12-04).
  if (!env.DATABASE_URL) keepHeapHeadroom();
  const releaseDataDir = env.DATABASE_URL
    ? async () => {}
    : await lockDataDir(env.DATA_DIR, {
        onLost: (error) => {
          logger.fatal({ err: error }, "lost the lock on DATA_DIR; stopping to protect the data");
          process.exit(1);
        },
      });
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, "pglite"),
    inWorker: true,
  });
  const production = env.NODE_ENV === "production";
  // The catalogue's pages on a thread of their own (PostgreSQL), which holds the search's
  // in-memory columns; here, searches answer in SQL while it starts.
  const catalogueOnThread = production && Boolean(env.DATABASE_URL) && env.CATALOGUE_THREAD;
  const services = createServices(
    { env, db: database.db, logger },
    catalogueOnThread ? { catalogSearch: columnsElsewhere } : {},
  );
  if (role !== "worker") await startUpOnce();
  if (role === "start-up") {
    await database.close();
    return;
  }
  trimNativeHeapWhenQuiet({
    onTrim: (ms) => logger.debug({ ms: Math.round(ms) }, "gave freed memory back to the system"),
  });

  async function startUpOnce() {
    const seeded = await applySeeds(database.db);
    if (seeded.length) logger.info({ seeds: seeded }, "applied first-start data");
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      const { outcome } = await ensureAdminAccount(
        { db: database.db, env, services },
        { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
        "system (ADMIN_EMAIL at start-up)",
      );
      if (outcome !== "already-admin")
        logger.info({ email: env.ADMIN_EMAIL, outcome }, "first admin");
    } else if (env.ADMIN_EMAIL || env.ADMIN_PASSWORD) {
      throw new ConfigError(
        `${env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"}: required when the other is set`,
      );
    }

    await installBundledMedia(services.storage, path.resolve("media"));
  }

  const jobs = createJobRunner({
    db: database.db,
    handlers: jobHandlers({ db: database.db, env, logger, services }),
    schedules: configuredJobSchedules(env),
    onError: (error, job) =>
      logger.error({ err: error, job: job?.id, kind: job?.kind }, "job failed"),
  });
  jobs.start();
  const catalogueThreads = catalogueOnThread
    ? createCatalogueThreads(logger, {
        count: env.CATALOGUE_THREADS ?? availableParallelism(),
        idleMs: env.CATALOGUE_THREAD_IDLE_SECONDS * 1000,
      })
    : undefined;
  // The search's in-memory columns: here, or on the catalogue thread as it starts.
  if (!catalogueThreads) void warmUpSearchColumns(services.catalogSearch, logger);

  const app = production
    ? createHttpApp({
        env,
        db: database.db,
        services,
        logger,
        // React Router's route build, bundled with this server on one production copy of the
        // router (scripts/build-server.mjs).
        build: (await import(path.resolve("build/app/routes.js"))) as ServerBuild,
        clientDir: path.resolve("build/client"),
        catalogueThreads,
      })
    : await createDevApp();

  async function createDevApp() {
    const vite = await import("vite").then((v) =>
      v.createServer({ server: { middlewareMode: true } }),
    );
    return createHttpApp({
      env,
      db: database.db,
      services,
      logger,
      devMiddleware: vite.middlewares,
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    });
  }

  if (env.NODE_ENV === "production") warnAboutPlaceholders(env, logger);

  const server = createExpressServer(app).listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info(
      { driver: database.driver, port },
      `Merch Simplified is listening on http://localhost:${port}`,
    );
  });
  server.on("error", (error) => {
    printLine(
      `PORT: cannot listen on ${env.HOST}:${env.PORT} (${(error as NodeJS.ErrnoException).code})`,
    );
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    server.close(async () => {
      catalogueThreads?.close();
      await jobs.stop();
      await services.email.stop();
      await database.close().catch(() => {});
      await releaseDataDir();
      clearTimeout(force);
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
