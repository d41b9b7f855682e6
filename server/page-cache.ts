import { createHash, randomBytes } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { type AppLoadContext, type ServerBuild, createRequestHandler } from "react-router";
import type { Database } from "../app/db/client.server";
import {
  onLocalContentWrite,
  readContentVersion,
} from "../app/features/content/content-version.server";
import { publicPages } from "../app/features/seo/pages";
import { createStylesheetInliner, deferModulePreloads } from "./first-paint";

/**
 * Public pages rendered once per content version and served from memory (issue 13, decision 011).
 *
 * Only anonymous GET/HEAD requests for content pages are answered here: no query string (a `.data`
 * request may carry React Router's `_routes`), no session cookie. Everything else, and any render
 * that is not a plain 200 without cookies, goes on to the normal request handler.
 *
 * Pages are rendered with a placeholder nonce that is swapped for the response's own nonce on
 * every answer, so the Content-Security-Policy keeps a fresh nonce per response.
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
  /** How stale this instance's idea of the content version may be, at most. */
  checkEveryMs?: number;
  maxEntries?: number;
  /**
   * A floor on freshness: pages also show the time ("2 weeks ago" under a testimonial), so an
   * entry is rendered again after this long even when no content changed.
   */
  maxAgeMs?: number;
  /** The built client files; its stylesheet is inlined into cached pages. */
  clientDir?: string;
}

interface Entry {
  status: number;
  headers: [string, string][];
  /** The body split on the placeholder nonce, encoded once; joined with each response's nonce. */
  parts: Buffer[];
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
  const { parts } = entry;
  const length = parts.reduce(
    (sum, part) => sum + part.length,
    separator.length * (parts.length - 1),
  );
  res.status(entry.status).setHeader("Content-Length", length);
  if (req.method === "HEAD") return res.end();
  res.cork();
  parts.forEach((part, i) => {
    if (i > 0) res.write(separator);
    res.write(part);
  });
  res.end();
  res.uncork();
}

function splitOnce(value: string, separator: string): [string, string | undefined] {
  const at = value.indexOf(separator);
  return at === -1 ? [value, undefined] : [value.slice(0, at), value.slice(at + 1)];
}

export function createPageCache(options: PageCacheOptions) {
  const { db, logger, checkEveryMs = 500, maxEntries = 200, maxAgeMs = 10 * 60_000 } = options;
  const handle = createRequestHandler(options.build, options.mode);
  const placeholder = randomBytes(18).toString("base64url");
  const origin = new URL(options.publicUrl).origin;
  const inlineStylesheet = createStylesheetInliner(options.clientDir);

  let entries = new Map<string, Promise<Entry | null>>();
  let version = -1;
  let checkedAt = 0;
  // After this process writes content, check the database on every request for a moment: the
  // write's transaction commits just after it tells us.
  let eagerUntil = 0;
  let reading: Promise<number> | null = null;
  onLocalContentWrite(() => {
    eagerUntil = Date.now() + 2_000;
  });

  async function currentVersion() {
    const now = Date.now();
    if (now - checkedAt < checkEveryMs && now > eagerUntil) return version;
    reading ??= readContentVersion(db)
      .then((read) => {
        checkedAt = Date.now();
        if (read !== version) {
          version = read;
          entries = new Map();
        }
        return read;
      })
      .finally(() => (reading = null));
    return reading;
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
    return {
      status: response.status,
      headers,
      parts: text.split(placeholder).map((part) => Buffer.from(part)),
      etag: `W/"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`,
      renderedAt: Date.now(),
    };
  }

  const middleware: RequestHandler = async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const url = cacheablePath(req.originalUrl);
    if (!url || SESSION_COOKIE.test(req.headers.cookie ?? "")) return next();
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
      res.set("X-Page-Cache", hit ? "hit" : "miss");
      res.set("X-Content-Version", String(current));
      res.set("ETag", entry.etag);
      // Browsers keep the page but ask each time; an unchanged page costs a 304.
      res.set("Cache-Control", "no-cache");
      res.set("Vary", "Cookie");
      if (req.headers["if-none-match"] === entry.etag) {
        // The browser keeps the stored page with the policy (and nonce) it came with.
        res.removeHeader("Content-Security-Policy");
        res.status(304).end();
        return;
      }
      for (const [name, value] of entry.headers) res.setHeader(name, value);
      sendWithNonce(req, res, entry, String(res.locals.cspNonce ?? ""));
    } catch (error) {
      logger.error({ err: error, url }, "page cache failed; rendering without it");
      next();
    }
  };
  return middleware;
}
