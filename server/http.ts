import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import { sql } from "drizzle-orm";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import type { Env } from "../app/platform/config/env.server";
import { MAPS_ORIGIN } from "../app/platform/config/site";
import type { Database } from "../app/platform/db/client.server";
import { loggableUrl } from "../app/platform/security/loggable-url";
import { MEDIA_URL_PREFIX } from "../app/platform/storage/media";
import { BACKUP_ENDPOINT } from "../app/platform/backup/remote.server";
import type { Services } from "./services";
import { backupEndpoint } from "./backup-endpoint";
import { benchStatic } from "./bench-static";
import { boundedPages, isCataloguePage } from "./bounded-pages";
import { createPageCache } from "./page-cache";
import { BODY_REJECTED, enforceBodyLimits } from "./body-limits";
import { privateResponses, sameSiteNullOrigin } from "./cache-control";
import { rejectMalformedRequests } from "./methods";
import { mediaHandler } from "./media";
import { accessLog } from "./access-log";
import { requestLog } from "./request-log";

export interface HttpOptions {
  env: Env;
  db: Database;
  services: Services;
  logger: Logger;
  /** The compiled React Router app, or a loader for it (Vite in development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Development only: Vite's middleware, which serves modules and hot updates. */
  devMiddleware?: RequestHandler;
  clientDir?: string;
  /** Render the catalogue's pages off the main thread, one a thread (server/catalogue-thread.ts). */
  catalogueThreads?: { handler: RequestHandler; count: number };
}

/** The Express app: security headers, compression, logging, health, static files, pages. */
export function createHttpApp(options: HttpOptions) {
  const { env, db, services, logger, build, devMiddleware, clientDir } = options;
  const app = express();
  const production = env.NODE_ENV === "production";
  // Served over TLS (behind a proxy that terminates it).
  const https = env.PUBLIC_URL.startsWith("https://");
  app.disable("x-powered-by");
  // Off, a hop count or the proxies' addresses (never "every hop"): see app/platform/config/trust-proxy.ts.
  app.set("trust proxy", env.TRUST_PROXY);

  // One expensive page at a time in each process (one a catalogue thread, with those), every
  // other request first. Two at a time on PGlite (one rendering while the database's thread
  // answered the other) gave a tenth more searches a second, and kept the main thread so busy
  // that the checkout took 0.6 s at the median under the search soak (70 ms with one;
  // docs/performance.md, 2026-12-02).
  const cataloguePages = boundedPages(isCataloguePage, {
    concurrency: options.catalogueThreads?.count ?? 1,
  });
  app.use(cataloguePages.othersFirst);

  app.get("/healthz", async (_req, res) => {
    try {
      await db.execute(sql`select 1`);
      res.set("Cache-Control", "no-store").json({ status: "ok", database: "ok" });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res
        .status(503)
        .set("Cache-Control", "no-store")
        .json({ status: "error", database: "unreachable" });
    }
  });

  app.post(
    BACKUP_ENDPOINT,
    backupEndpoint({
      secret: env.AUTH_SECRET,
      db,
      driver: env.DATABASE_URL ? "postgres" : "pglite",
      storage: services.storage,
      logger,
    }),
  );

  const nonces = noncePool();
  const securityHeaders = helmet({
    // Vite's development client injects scripts without a nonce; production is strict.
    contentSecurityPolicy: production
      ? { useDefaults: false, directives: cspDirectives(env) }
      : false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https,
    // helmet's default, no-referrer, makes browsers send `Origin: null` with a plain form post,
    // which React Router's CSRF check rejects: forms without JavaScript would all fail.
    referrerPolicy: { policy: "same-origin" },
  });

  // In front of the rest (see server/page-cache.ts), as is its baseline for `npm run bench`.
  if (process.env.BENCH_STATIC === "1") {
    app.use(benchStatic(() => Number(process.env.PORT)));
  }
  if (!devMiddleware && env.PAGE_CACHE) {
    app.use(
      createPageCache({
        db,
        build,
        mode: env.NODE_ENV,
        publicUrl: env.PUBLIC_URL,
        loadContext: () => ({ db, env, services, logger }),
        logger,
        clientDir,
        nonce: nonces,
        securityHeaders,
        secureOnly: https,
      }),
    );
  }

  app.use(requestLog(logger), accessLog(logger));
  app.use(rejectMalformedRequests(), enforceBodyLimits(), privateResponses(), sameSiteNullOrigin());

  if (https) {
    // Send plain-HTTP visitors to the secure address.
    app.use((req, res, next) => {
      if (req.secure) return next();
      res.redirect(308, env.PUBLIC_URL + req.originalUrl);
    });
  }

  app.use((_req, res, next) => {
    res.locals.cspNonce = nonces();
    next();
  });
  app.use(securityHeaders, compression());

  app.use(MEDIA_URL_PREFIX, mediaHandler(services.storage));

  if (devMiddleware) {
    app.use(devMiddleware);
  } else if (clientDir) {
    // Fingerprinted build output never changes; everything else may.
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        fallthrough: false,
      }),
    );
    // Only addresses under the build's own top-level names reach the file system: for any other
    // (every page) the lookup would find nothing, at the cost of a file-system call each time.
    const clientNames = new Set(readdirSync(clientDir).filter((name) => name !== "assets"));
    const clientFiles = express.static(clientDir, { maxAge: "1h" });
    app.use((req, res, next) =>
      clientNames.has(req.path.split("/", 2)[1]!) ? clientFiles(req, res, next) : next(),
    );
  }

  app.use(cataloguePages.inTurn);
  if (options.catalogueThreads) app.use(options.catalogueThreads.handler);
  app.use(
    createRequestHandler({
      build,
      mode: env.NODE_ENV,
      getLoadContext: (req, res) => ({
        db,
        env,
        services,
        // Made only if the page logs something.
        get logger() {
          return req.log;
        },
        cspNonce: res.locals.cspNonce as string,
        clientIp: req.ip ?? "unknown",
      }),
    }),
  );

  app.use(handleErrors(logger));
  return app;
}

/** 128-bit nonces cut from one random buffer per 1,024 responses: one system call, not one each. */
function noncePool() {
  let pool = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at === pool.length) {
      pool = randomBytes(16 * 1024);
      at = 0;
    }
    at += 16;
    return pool.toString("base64", at - 16, at);
  };
}

function cspDirectives(env: Env) {
  const nonce = (_req: unknown, res: unknown) =>
    `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", nonce],
    // Style elements need the nonce (Radix's scroll lock); Radix positions popovers with
    // style attributes, which are allowed.
    "style-src": ["'self'", nonce],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": [
      "'self'",
      "data:",
      ...(env.S3_PUBLIC_URL ? [new URL(env.S3_PUBLIC_URL).origin] : []),
    ],
    "font-src": ["'self'"],
    "media-src": ["'self'", ...(env.S3_PUBLIC_URL ? [new URL(env.S3_PUBLIC_URL).origin] : [])],
    "connect-src": ["'self'"],
    // The home page's 'Headquarters' map.
    "frame-src": [MAPS_ORIGIN],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    // Without JavaScript the checkout form posts here and is redirected to Stripe's page,
    // and browsers apply form-action to that redirect.
    "form-action": ["'self'", ...(env.STRIPE_SECRET_KEY ? ["https://checkout.stripe.com"] : [])],
    "frame-ancestors": ["'none'"],
    ...(env.PUBLIC_URL.startsWith("https://") ? { "upgrade-insecure-requests": [] } : {}),
  };
}

/** Bad requests (a malformed address, an unreadable body) get a plain answer, never a 500. */
function handleErrors(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) {
      // A body cut off at its limit: its refusal closes the connection once the client has had
      // the answer (destroying it now could reset the connection before the client reads it).
      if (res.locals[BODY_REJECTED]) return;
      // Already answered, a client gone: nothing more to send.
      logger.warn({ err: error, url: loggableUrl(req.originalUrl) }, "error after response");
      res.destroy();
      return;
    }
    const status = Number(
      (error as { status?: number }).status ?? (error as { statusCode?: number }).statusCode,
    );
    if (status >= 400 && status < 500) {
      res
        .status(status === 404 ? 404 : 400)
        .type("text/plain")
        .send(
          status === 404 ? "Not found" : "Bad request: the address or form data could not be read.",
        );
      return;
    }
    logger.error({ err: error, url: loggableUrl(req.originalUrl) }, "unhandled error");
    res.status(500).type("text/plain").send("Something went wrong. Please try again.");
  };
}
