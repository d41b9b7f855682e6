import type { RequestHandler } from "express";
import { weakEtag } from "./page-cache";

export const BENCH_STATIC_PREFIX = "/__bench/static";

/**
 * For `npm run bench` only (BENCH_STATIC=1): answers /__bench/static/<path> with the bytes the
 * server gave for <path> the first time, straight from memory, in front of the other middleware
 * as cached pages are. The ratio of the page's throughput to this one's shows what the cache
 * still costs.
 */
export function benchStatic(port: () => number): RequestHandler {
  const bodies = new Map<string, Promise<{ type: string; body: Buffer; etag: string }>>();
  return async (req, res, next) => {
    if (!req.path.startsWith(BENCH_STATIC_PREFIX + "/")) return next();
    const path = req.originalUrl.slice(BENCH_STATIC_PREFIX.length);
    let stored = bodies.get(path);
    if (!stored) {
      stored = fetch(`http://127.0.0.1:${port()}${path}`).then(async (response) => {
        const body = Buffer.from(await response.arrayBuffer());
        const etag = weakEtag(body);
        return { type: response.headers.get("content-type") ?? "text/html", body, etag };
      });
      bodies.set(path, stored);
    }
    // The ETag is computed once, as the page cache does: the baseline is the cheapest answer.
    const { type, body, etag } = await stored;
    res.type(type).set("ETag", etag).send(body);
  };
}
