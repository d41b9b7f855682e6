import type { RequestHandler } from "express";
import pLimit from "p-limit";

/**
 * Catalogue searches and product pages cost milliseconds of this process's main thread and of the
 * database's (PGlite's worker thread, or PostgreSQL). Rendered all at once, fifty of them stall every
 * other answer, `/healthz` and the checkout included. Here at most `concurrency` of them run at a
 * time and the rest wait their turn, so the cheap pages are answered between two expensive ones;
 * past `maxWaiting` in line, a visitor is asked to retry instead of waiting for minutes.
 */
export function boundedPages(
  isExpensive: (path: string) => boolean,
  { concurrency = 1, maxWaiting = 200 } = {},
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
    // "close" comes once the answer is sent, or when the visitor goes away first: listened for
    // from arrival, since a visitor may leave while waiting in line (a client's timeout), and a
    // listener added only when their turn came would never hear it and hold the slot for good.
    let closed = false;
    const answered = new Promise<void>((done) =>
      res.once("close", () => {
        closed = true;
        done();
      }),
    );
    void limit(() => {
      // Gone before their turn: nothing to render.
      if (closed) return Promise.resolve();
      next();
      return answered;
    });
  };
}

/** The catalogue's pages: search, and one product's page (with their `.data` requests). */
export const isCataloguePage = (path: string) =>
  /^\/product-search(\.data)?$/.test(path) || /^\/products\/(?!sanmar(\.data)?$)[^/]+$/.test(path);
