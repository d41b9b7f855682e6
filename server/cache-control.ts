import type { RequestHandler } from "express";

/** The back office and the internal tools: what they show is for one signed-in person only. */
const PRIVATE_PATHS = /^\/(admin|shop-now|products\/sanmar|product-data-sync|test-email)(\/|$)/;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/**
 * `Cache-Control: private, no-store` on every admin and tool response, on any response to a
 * request that carries a session, and on any response that sets a cookie, whatever the route
 * set: no shared cache or browser history may keep them.
 */
export function privateResponses(): RequestHandler {
  return (req, res, next) => {
    const forced = PRIVATE_PATHS.test(req.path) || SESSION_COOKIE.test(req.headers.cookie ?? "");
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      if (forced || this.hasHeader("set-cookie"))
        this.setHeader("Cache-Control", "private, no-store");
      return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
