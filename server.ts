import path from "node:path";
import { pino } from "pino";
import type { ServerBuild } from "react-router";
import { ConfigError, loadEnv } from "./app/config/env.server";
import { openDatabase } from "./app/db/client.server";
import { applySeeds } from "./app/db/seed/run.server";
import { site } from "./app/config/site";
import { ensureAdminAccount } from "./app/features/auth/admin.server";
import { createEmailService, smtpTransport } from "./app/features/email/outbox.server";
import { installBundledMedia, localFileStorage } from "./app/features/storage/storage.server";
import { createHttpApp } from "./server/http";

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const env = loadEnv();
  const logger = pino({ level: env.LOG_LEVEL });
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, "pglite"),
  });
  const seeded = await applySeeds(database.db);
  if (seeded.length) logger.info({ seeds: seeded }, "applied first-start data");
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const { outcome } = await ensureAdminAccount(
      { db: database.db, env },
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

  const storage = localFileStorage(path.join(env.DATA_DIR, "uploads"));
  await installBundledMedia(storage, path.resolve("media"));

  const email = createEmailService({
    db: database.db,
    from: env.EMAIL_FROM ?? `${site.name} <${site.email}>`,
    transport: env.SMTP_URL ? smtpTransport(env.SMTP_URL) : undefined,
    onError: (error) => logger.error({ err: error }, "email delivery failed"),
  });
  email.start();

  const app =
    env.NODE_ENV === "production"
      ? createHttpApp({
          env,
          db: database.db,
          email,
          logger,
          mediaDir: storage.root,
          build: (await import(path.resolve("build/server/index.js"))) as ServerBuild,
          clientDir: path.resolve("build/client"),
        })
      : await createDevApp();

  async function createDevApp() {
    const vite = await import("vite").then((v) =>
      v.createServer({ server: { middlewareMode: true } }),
    );
    return createHttpApp({
      env,
      db: database.db,
      email,
      logger,
      mediaDir: storage.root,
      devMiddleware: vite.middlewares,
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    });
  }

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info(
      { driver: database.driver, port },
      `Merch Simplified is listening on http://localhost:${port}`,
    );
  });
  server.on("error", (error) => {
    console.error(
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
      await email.stop();
      await database.close().catch(() => {});
      clearTimeout(force);
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("Start-up failed:", error);
  }
  process.exit(1);
});
