import { Worker } from "node:worker_threads";
import type { Request as ExpressRequest, RequestHandler } from "express";
import type { Logger } from "pino";
import { isCataloguePage } from "./bounded-pages";
import { lowerHelperThreads } from "./thread-priority";

/**
 * The catalogue's pages rendered on threads of their own, one per core by default (decision 027;
 * PostgreSQL only).
 *
 * A search costs milliseconds of a thread. Rendered on the main thread, a stream of them kept it
 * busy, or waiting for a core, nearly all the time, and a checkout or `/healthz` waited behind
 * them: under the search soak their p99 passed 100 ms. Here the main thread passes a catalogue
 * page's request to a catalogue thread (server/catalogue.worker.ts), which renders it at a
 * lower priority, and writes the answer it gets back. The main thread is mostly waiting, so
 * the system runs it as soon as another request comes in.
 *
 * The threads start with the first catalogue page and stop after `idleMs` without one
 * (CATALOGUE_THREAD_IDLE_SECONDS), so an idle server does not hold their memory (30–60 MB
 * each). Until one has started, and for RETRY_MS after one failed, pages are rendered on the
 * main thread as before. With the embedded database they always are: its database is on a
 * thread of its own, which these threads could not open.
 */
export type FromMain =
  | {
      type: "request";
      id: number;
      method: string;
      url: string;
      headers: [string, string][];
      cspNonce: string;
      clientIp: string;
    }
  | { type: "abort"; id: number }
  | { type: "close" };

export type ToMain =
  | { type: "ready" }
  | {
      type: "answer";
      id: number;
      status: number;
      statusText: string;
      headers: [string, string][];
      body: Uint8Array | null;
    }
  | { type: "error"; id: number };

interface Pending {
  thread: Worker;
  onMessage(message: Exclude<ToMain, { type: "ready" }>): void;
}

interface ThreadState {
  /** A thread asked to close gets no more pages, even if it reports ready after. */
  status: "starting" | "ready" | "stopping";
  inProgress: number;
}

/** After a thread failed, pages are rendered on the main thread for this long. */
const RETRY_MS = 10_000;

/**
 * `count` threads, started together with the first catalogue page; each page goes to the ready
 * thread with the fewest in progress. After `idleMs` without a page they stop, and give their
 * memory back.
 */
export function createCatalogueThreads(
  logger: Logger,
  { count, idleMs }: { count: number; idleMs: number },
) {
  const threads = new Map<Worker, ThreadState>();
  let closing = false;
  let notBefore = 0;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  function start() {
    // The main thread goes first: V8's helpers mostly collect the catalogue threads' garbage.
    lowerHelperThreads();
    for (let i = 0; i < count; i++) {
      const thread = new Worker(new URL("./catalogue.worker.js", import.meta.url));
      threads.set(thread, { status: "starting", inProgress: 0 });
      thread.on("message", (message: ToMain) => {
        if (message.type === "ready") {
          const state = threads.get(thread);
          if (state?.status === "starting") state.status = "ready";
          logger.info("catalogue thread started");
        } else pending.get(message.id)?.onMessage(message);
      });
      thread.on("error", (error) => logger.error({ err: error }, "catalogue thread failed"));
      thread.on("exit", (code) => {
        threads.delete(thread);
        if (code === 0) logger.info("catalogue thread stopped");
        // What it was rendering is cut off; what it had not answered yet is rendered here.
        for (const [id, request] of pending) {
          if (request.thread === thread) request.onMessage({ type: "error", id });
        }
        if (code !== 0) {
          notBefore = Date.now() + RETRY_MS;
          stop();
        }
      });
    }
  }

  function stop() {
    for (const [thread, state] of threads) {
      if (state.status === "stopping") continue;
      state.status = "stopping";
      thread.postMessage({ type: "close" } satisfies FromMain);
    }
  }

  /** The ready thread with the fewest pages in progress. */
  function pick() {
    let chosen: [Worker, ThreadState] | undefined;
    for (const entry of threads) {
      const [, state] = entry;
      if (state.status === "ready" && (!chosen || state.inProgress < chosen[1].inProgress)) {
        chosen = entry;
      }
    }
    return chosen;
  }

  const handler: RequestHandler = (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isCataloguePage(req.path)) {
      return next();
    }
    (idle ??= setTimeout(stop, idleMs).unref()).refresh();
    if (threads.size === 0 && !closing && Date.now() >= notBefore) start();
    const chosen = pick();
    if (!chosen) return next();
    const [thread, state] = chosen;
    const id = nextId++;
    state.inProgress++;
    const finish = () => {
      state.inProgress--;
      pending.delete(id);
      res.off("close", abort);
    };
    const abort = () => {
      if (!res.writableFinished) thread.postMessage({ type: "abort", id } satisfies FromMain);
      finish();
    };
    res.once("close", abort);
    pending.set(id, {
      thread,
      onMessage(message) {
        finish();
        if (message.type === "error") {
          if (!res.destroyed) next();
          return;
        }
        res.statusMessage = message.statusText;
        res.status(message.status);
        for (const [name, value] of message.headers) res.append(name, value);
        res.end(message.body);
      },
    });
    thread.postMessage({
      type: "request",
      id,
      method: req.method,
      url: requestUrl(req),
      headers: requestHeaders(req),
      cspNonce: res.locals.cspNonce as string,
      clientIp: req.ip ?? "unknown",
    } satisfies FromMain);
  };

  return {
    handler,
    /** How many pages may be in progress at once: one a thread. */
    count,
    close() {
      closing = true;
      clearTimeout(idle);
      stop();
    },
  };
}

/** The address React Router sees, as @react-router/express makes it. */
function requestUrl(req: ExpressRequest) {
  const port = (value: string | undefined) => {
    const number = Number.parseInt(value?.split(":")[1] ?? "", 10);
    return Number.isSafeInteger(number) ? number : undefined;
  };
  const forwarded = req.app.enabled("trust proxy") ? port(req.get("X-Forwarded-Host")) : undefined;
  const portNumber = forwarded ?? port(req.get("host"));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(
    `${req.protocol}://${hostname}${portNumber ? `:${portNumber}` : ""}${req.originalUrl}`,
  ).href;
}

function requestHeaders(req: ExpressRequest): [string, string][] {
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.push([name, one]);
    else if (value) headers.push([name, value]);
  }
  return headers;
}
