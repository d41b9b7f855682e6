import http from "node:http";
import type { Express } from "express";

/**
 * The HTTP server for an Express app, whose requests and responses are born with the app's
 * prototypes. With `app.listen` they are born plain and Express swaps the prototype of each
 * (`Object.setPrototypeOf` in `app.handle`); V8 then keeps every one of them through two young
 * collections into the old generation, 20–40 MB a second under load, and runs a full collection
 * every few hundred milliseconds (docs/performance.md, "Express's prototype swap"). Here the app's
 * request and response prototypes are those of two subclasses that Node's server instantiates, so
 * Express's swap finds the prototype already in place and does nothing.
 */
export function createExpressServer(app: Express): http.Server {
  class AppRequest extends http.IncomingMessage {}
  class AppResponse extends http.ServerResponse {}
  // Express's methods (the module's prototype) and the app's own link (`req.app`, `res.app`).
  for (const [own, from] of [
    [AppRequest.prototype, app.request],
    [AppResponse.prototype, app.response],
  ] as const) {
    Object.defineProperties(own, Object.getOwnPropertyDescriptors(Object.getPrototypeOf(from)));
    Object.defineProperties(own, Object.getOwnPropertyDescriptors(from));
  }
  app.request = AppRequest.prototype as Express["request"];
  app.response = AppResponse.prototype as unknown as Express["response"];
  return http.createServer(
    { IncomingMessage: AppRequest, ServerResponse: AppResponse as typeof http.ServerResponse },
    app,
  );
}
