import type { RequestHandler } from "express";

/** The back office and the internal tools: what they show is for one signed-in person only. */
const PRIVATE_PATHS = /^\/(admin|shop-now|products\/sanmar|product-data-sync|test-email)(\/|$)/;
/**
 * Pages that show a buyer's data or carry a token or checkout session in their address (and
 * their `.data` requests): the checkout and its result, the test payment page, the link that
 * manages a subscription.
 */
const PERSONAL_PAGES =
  /^\/(checkout|checkout-success|checkout\/test-payment\/[^/]+|subscription\/manage)(\.data)?\/?$/;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/**
 * `Cache-Control: private, no-store` on every admin and tool response, on any response to a
 * request that carries a session, and on any response that sets a cookie, whatever the route
 * set: no shared cache or browser history may keep them. A buyer's pages are no-store too, and
 * send no Referer at all (the map frame and outside links must not learn the token).
 */
export function privateResponses(): RequestHandler {
  return (req, res, next) => {
    const personal = PERSONAL_PAGES.test(req.path);
    const forced =
      personal || PRIVATE_PATHS.test(req.path) || SESSION_COOKIE.test(req.headers.cookie ?? "");
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      if (forced || this.hasHeader("set-cookie"))
        this.setHeader("Cache-Control", "private, no-store");
      if (personal) this.setHeader("Referrer-Policy", "no-referrer");
      return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}

/**
 * A form posted without JavaScript from a page whose policy is no-referrer carries `Origin: null`,
 * which React Router's cross-site check refuses. The browser's own `Sec-Fetch-Site: same-origin`
 * (which no page can forge) says it came from this site: the null Origin is dropped, so the check
 * passes as for a request without one. A sandboxed frame elsewhere sends `cross-site` and is still refused.
 */
export function sameSiteNullOrigin(): RequestHandler {
  return (req, _res, next) => {
    if (req.headers.origin === "null" && req.headers["sec-fetch-site"] === "same-origin") {
      delete req.headers.origin;
    }
    next();
  };
}
