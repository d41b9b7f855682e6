import { createHash, randomBytes } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { type AppLoadContext, type ServerBuild, createRequestHandler } from "react-router";
import type { Database } from "../app/platform/db/client.server";
import {
  currentContentVersion,
  readVersionEagerly,
} from "../app/platform/content/content-version.server";
import { publicPages } from "../app/capabilities/seo/pages";
import { loggableUrl } from "../app/platform/security/loggable-url";
import { logAccess } from "./access-log";
import { createStylesheetInliner, deferModulePreloads } from "./first-paint";
import { decodesCleanly, hasValidHost } from "./methods";
import { compressParts, splicedGzip } from "./spliced-gzip";

/**
 * Public pages rendered once per content version and served from memory (issue 13, decision 011).
 *
 * Only anonymous GET/HEAD requests for content pages are answered here: no query string (a `.data`
 * request may carry React Router's `_routes`), no session cookie, no body. Everything else, and
 * any render that is not a plain 200 without cookies, goes on to the normal request handler.
 *
 * Pages are rendered with a placeholder nonce that is swapped for the response's own nonce on
 * every answer, so the Content-Security-Policy keeps a fresh nonce per response.
 *
 * The cache sits in front of the other middleware: a cached answer needs none of their per-request
 * work (a child logger, the security headers built anew, compression), which was close to half of
 * what serving `/` cost. It sends the same security headers (recorded once from helmet), gzip
 * compressed once per page (server/spliced-gzip.ts), and one access-log line when info is logged.
 */
export interface PageCacheOptions {
  db: Database;
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  /** The origin the app believes it is served from (the synthetic request's URL). */
  publicUrl: string;
  /** The load context without the per-request parts (nonce, client address). */
  loadContext: () => Omit<AppLoadContext, "cspNonce" | "clientIp">;
  logger: Logger;
  maxEntries?: number;
  /**
   * A floor on freshness: pages also show the time ("2 weeks ago" under a testimonial), so an
   * entry is rendered again after this long even when no content changed.
   */
  maxAgeMs?: number;
  /** The built client files; its stylesheet is inlined into cached pages. */
  clientDir?: string;
  /** A fresh Content-Security-Policy nonce for each answer. */
  nonce: () => string;
  /** The site's security headers (helmet), recorded once with a placeholder nonce. */
  securityHeaders: RequestHandler;
  /** Served over TLS: a plain-HTTP request goes on, to be redirected. */
  secureOnly: boolean;
}

interface Entry {
  status: number;
  headers: [string, string][];
  /** The body split on the placeholder nonce, encoded once; joined with each response's nonce. */
  parts: Buffer[];
  /** The same parts compressed (see server/spliced-gzip.ts). */
  gzipParts: Buffer[];
  etag: string;
  renderedAt: number;
}

// Pages whose content depends on the visitor (payment result, search) are never cached.
const uncachedPages = new Set(["/checkout-success", "/product-search"]);
const cachedPaths = new Set(
  publicPages.map((p) => p.path).filter((path) => !uncachedPages.has(path)),
);
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-|__Host-)?better-auth\./;

/** The page path a request is for, or null when it must not come from the cache. */
export function cacheablePath(originalUrl: string): string | null {
  const [pathname, query] = splitOnce(originalUrl, "?");
  if (pathname.endsWith(".data")) {
    if (query !== undefined && !/^_routes=[\w%.,-]*$/.test(query)) return null;
    const page = pathname === "/_root.data" ? "/" : pathname.slice(0, -".data".length);
    return cachedPaths.has(page) ? originalUrl : null;
  }
  if (query !== undefined) return null;
  return cachedPaths.has(pathname) ? originalUrl : null;
}

/**
 * Writes the stored parts with this response's nonce between them, without copying: building
 * one string per response and encoding it, or even concatenating buffers, left the server
 * collecting garbage for a good part of its time under load.
 */
function sendWithNonce(req: Request, res: Response, entry: Entry, nonce: string) {
  const separator = Buffer.from(nonce);
  const gzip = req.acceptsEncodings("gzip") === "gzip";
  const chunks = gzip
    ? splicedGzip(entry.parts, entry.gzipParts, separator)
    : entry.parts.flatMap((part, i) => (i > 0 ? [separator, part] : [part]));
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.status(entry.status).setHeader(
    "Content-Length",
    chunks.reduce((sum, chunk) => sum + chunk.length, 0),
  );
  if (req.method === "HEAD") return res.end();
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.end();
  res.uncork();
}

/** A request the other middleware would pass as it is: no session, no body, a sound address. */
function plainRequest(req: Request, secureOnly: boolean) {
  const { headers } = req;
  return (
    !SESSION_COOKIE.test(headers.cookie ?? "") &&
    (headers["content-length"] ?? "0") === "0" &&
    headers["transfer-encoding"] === undefined &&
    (!secureOnly || req.secure) &&
    hasValidHost(req) &&
    decodesCleanly(req.url)
  );
}

/** The headers a middleware sets on a response, recorded without a request. */
function recordHeaders(middleware: RequestHandler, nonce: string): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    locals: { cspNonce: nonce },
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  middleware({ headers: {} } as Request, res as unknown as Response, () => undefined);
  return [...headers];
}

/** A weak ETag of the bytes (equal for answers that differ only in their nonce). */
export function weakEtag(bytes: Buffer) {
  return `W/"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;
}

function splitOnce(value: string, separator: string): [string, string | undefined] {
  const at = value.indexOf(separator);
  return at === -1 ? [value, undefined] : [value.slice(0, at), value.slice(at + 1)];
}

export function createPageCache(options: PageCacheOptions) {
  const { db, logger, maxEntries = 200, maxAgeMs = 10 * 60_000 } = options;
  const handle = createRequestHandler(options.build, options.mode);
  const placeholder = randomBytes(18).toString("base64url");
  const origin = new URL(options.publicUrl).origin;
  const inlineStylesheet = createStylesheetInliner(options.clientDir);
  const securityHeaders = recordHeaders(options.securityHeaders, placeholder);
  const logRequests = logger.isLevelEnabled("info");

  let entries = new Map<string, Promise<Entry | null>>();
  let version = -1;

  async function currentVersion() {
    const read = await currentContentVersion(db);
    if (read !== version) {
      version = read;
      entries = new Map();
    }
    return read;
  }

  async function render(url: string): Promise<Entry | null> {
    const request = new Request(origin + url, { headers: { accept: "text/html,*/*" } });
    const response = await handle(request, {
      ...options.loadContext(),
      cspNonce: placeholder,
      clientIp: "page-cache",
    } as AppLoadContext);
    if (response.status !== 200 || response.headers.has("set-cookie")) {
      await response.body?.cancel();
      return null;
    }
    let bytes = Buffer.from(await response.arrayBuffer());
    let text = bytes.toString("utf8");
    if (response.headers.get("content-type")?.startsWith("text/html")) {
      text = deferModulePreloads(inlineStylesheet(text, placeholder));
      bytes = Buffer.from(text);
    }
    const headers = [...response.headers].filter(
      ([name]) => !["content-length", "date", "connection", "transfer-encoding"].includes(name),
    );
    const parts = text.split(placeholder).map((part) => Buffer.from(part));
    return {
      status: response.status,
      headers,
      parts,
      gzipParts: compressParts(parts),
      etag: weakEtag(bytes),
      renderedAt: Date.now(),
    };
  }

  const middleware: RequestHandler = async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      // It may have written content (an admin's save): this process's next pages show it at once.
      res.once("finish", readVersionEagerly);
      return next();
    }
    const url = cacheablePath(req.originalUrl);
    if (!url || !plainRequest(req, options.secureOnly)) return next();
    const started = performance.now();
    try {
      const current = await currentVersion();
      let pending = entries.get(url);
      const stored = pending && (await pending);
      if (stored && stored.renderedAt < Date.now() - maxAgeMs) pending = undefined;
      const hit = pending !== undefined;
      if (!pending) {
        pending = render(url);
        const table = entries;
        table.set(url, pending);
        if (table.size > maxEntries) table.delete(table.keys().next().value!);
        pending.then(
          (entry) => entry || table.delete(url),
          () => table.delete(url),
        );
      }
      const entry = await pending;
      if (!entry) return next();
      const nonce = options.nonce();
      for (const [name, value] of securityHeaders) {
        res.setHeader(name, value.replaceAll(placeholder, nonce));
      }
      res.setHeader("X-Page-Cache", hit ? "hit" : "miss");
      res.setHeader("X-Content-Version", String(current));
      res.setHeader("ETag", entry.etag);
      // Browsers keep the page but ask each time; an unchanged page costs a 304. Not a shared
      // cache: it would hand one response's nonce to every visitor.
      res.setHeader("Cache-Control", "private, no-cache");
      res.setHeader("Vary", "Cookie, Accept-Encoding");
      if (req.headers["if-none-match"] === entry.etag) {
        // The browser keeps the stored page with the policy (and nonce) it came with.
        res.removeHeader("Content-Security-Policy");
        res.status(304).end();
      } else {
        for (const [name, value] of entry.headers) res.setHeader(name, value);
        sendWithNonce(req, res, entry, nonce);
      }
      if (logRequests) {
        logAccess(logger, req, res.statusCode, Math.round(performance.now() - started), {
          pageCache: hit ? "hit" : "miss",
        });
      }
    } catch (error) {
      logger.error(
        { err: error, url: loggableUrl(url) },
        "page cache failed; rendering without it",
      );
      if (!res.headersSent) next();
    }
  };
  return middleware;
}
