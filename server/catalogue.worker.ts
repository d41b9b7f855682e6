/**
 * The catalogue thread (server/catalogue-thread.ts): renders the catalogue's pages, searches and
 * product pages, for the server's main thread, at a lower CPU priority. It opens its own
 * connections to PostgreSQL and holds the search's in-memory columns; everything around a page
 * (security headers, compression, the access log) stays on the main thread.
 */
import path from "node:path";
import { parentPort } from "node:worker_threads";
import { type AppLoadContext, type ServerBuild, createRequestHandler } from "react-router";
import { loadEnv } from "../app/platform/config/env.server";
import { createLogger } from "../app/platform/config/logger.server";
import { openDatabase } from "../app/platform/db/client.server";
import { warmUpSearchColumns } from "../app/capabilities/catalog/search-columns.server";
import { createServices } from "./services";
import type { FromMain, ToMain } from "./catalogue-thread";
import { lowerThisThread } from "./thread-priority";

const port = parentPort!;
const send = (message: ToMain, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

// The main thread, mostly waiting now, goes first when both want a core.
lowerThisThread();
const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL).child({ thread: "catalogue" });
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: "" });
const services = createServices({ env, db: database.db, logger });
const build = (await import(path.resolve("build/app/routes.js"))) as ServerBuild;
const handle = createRequestHandler(build, env.NODE_ENV);
await warmUpSearchColumns(services.catalogSearch, logger);

const inProgress = new Map<number, AbortController>();

async function render(message: Extract<FromMain, { type: "request" }>) {
  const { id } = message;
  const controller = new AbortController();
  inProgress.set(id, controller);
  try {
    const request = new Request(message.url, {
      method: message.method,
      headers: message.headers,
      signal: controller.signal,
    });
    const response = await handle(request, {
      db: database.db,
      env,
      services,
      logger,
      cspNonce: message.cspNonce,
      clientIp: message.clientIp,
    } as AppLoadContext);
    // The whole answer in one message: each message costs both threads a turn of their event
    // loops, and a page comes in a few chunks that the main thread would write at once anyway.
    const body = response.body ? new Uint8Array(await response.arrayBuffer()) : null;
    if (controller.signal.aborted) return;
    send(
      {
        type: "answer",
        id,
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        body,
      },
      body ? [body.buffer as ArrayBuffer] : [],
    );
  } catch (error) {
    if (!controller.signal.aborted) logger.error({ err: error }, "catalogue page failed");
    send({ type: "error", id });
  } finally {
    inProgress.delete(id);
  }
}

port.on("message", (message: FromMain) => {
  if (message.type === "request") void render(message);
  else if (message.type === "abort") inProgress.get(message.id)?.abort();
  else void database.close().finally(() => port.close());
});
send({ type: "ready" });
