import type { RequestHandler } from "express";
import pLimit from "p-limit";

/**
 * Catalogue searches and product pages cost tens of milliseconds of this process's one thread
 * (and of PGlite's, which is the same thread). Rendered all at once, fifty of them stall every
 * other answer, `/healthz` and the checkout included. Here at most `concurrency` of them run at a
 * time and the rest wait their turn, so the cheap pages are answered between two expensive ones;
 * past `maxWaiting` in line, a visitor is asked to retry instead of waiting for minutes.
 */
export function boundedPages(
  isExpensive: (path: string) => boolean,
  { concurrency = 2, maxWaiting = 200 } = {},
): RequestHandler {
  const limit = pLimit(concurrency);
  return (req, res, next) => {
    if (!isExpensive(req.path)) return next();
    if (limit.activeCount + limit.pendingCount >= concurrency + maxWaiting) {
      res
        .status(503)
        .set({ "Retry-After": "5", "Cache-Control": "no-store" })
        .type("text/plain")
        .send("The catalogue is busy right now. Please try again in a few seconds.");
      return;
    }
    void limit(
      () =>
        new Promise<void>((done) => {
          // "close" comes once the answer is sent, or when the visitor goes away first.
          res.once("close", () => done());
          next();
        }),
    );
  };
}

/** The catalogue's pages: search, and one product's page (with their `.data` requests). */
export const isCataloguePage = (path: string) =>
  /^\/product-search(\.data)?$/.test(path) || /^\/products\/(?!sanmar(\.data)?$)[^/]+$/.test(path);
