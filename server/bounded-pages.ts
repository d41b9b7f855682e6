import type { RequestHandler } from "express";
import pLimit from "p-limit";

/**
 * Catalogue searches and product pages cost milliseconds of this process's main thread and of the
 * database's (PGlite's worker thread, or PostgreSQL). Rendered all at once, fifty of them stall every
 * other answer, `/healthz` and the checkout included. Here at most `concurrency` of them run at a
 * time and the rest wait their turn, so the cheap pages are answered between two expensive ones;
 * past `maxWaiting` in line, a visitor is asked to retry instead of waiting for minutes.
 *
 * Every other request goes first: the next expensive page starts once none is in progress, or
 * after `maxYieldMs` (a long upload or a streamed answer must not hold the catalogue up, and a
 * request counts for its first `maxYieldMs` only).
 * `othersFirst` goes in front of everything (so `/healthz` counts too), `inTurn` in front of
 * the pages.
 */
export function boundedPages(
  isExpensive: (path: string) => boolean,
  { concurrency = 1, maxWaiting = 200, maxYieldMs = 25 } = {},
): { othersFirst: RequestHandler; inTurn: RequestHandler } {
  const limit = pLimit(concurrency);
  let othersInProgress = 0;
  let whenOthersDone: (() => void)[] = [];
  const othersDone = () =>
    new Promise<void>((done) => {
      if (othersInProgress === 0) return done();
      const timer = setTimeout(done, maxYieldMs);
      whenOthersDone.push(() => {
        clearTimeout(timer);
        done();
      });
    });

  const othersFirst: RequestHandler = (req, res, next) => {
    if (!isExpensive(req.path)) {
      othersInProgress++;
      let counted = true;
      const done = () => {
        if (!counted) return;
        counted = false;
        clearTimeout(timer);
        if (--othersInProgress > 0) return;
        const waiting = whenOthersDone;
        whenOthersDone = [];
        for (const go of waiting) go();
      };
      // A long request (an upload, a slow reader) counts for its first maxYieldMs only, so that
      // a few of them cannot make every catalogue page wait.
      const timer = setTimeout(done, maxYieldMs);
      res.once("close", done);
    }
    next();
  };

  const inTurn: RequestHandler = (req, res, next) => {
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
    void limit(async () => {
      await othersDone();
      // Gone before their turn: nothing to render.
      if (closed) return;
      next();
      return answered;
    });
  };

  return { othersFirst, inTurn };
}

/** The catalogue's pages: search, and one product's page (with their `.data` requests). */
export const isCataloguePage = (path: string) =>
  /^\/product-search(\.data)?$/.test(path) || /^\/products\/(?!sanmar(\.data)?$)[^/]+$/.test(path);
