import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { loggableUrl } from "../app/platform/security/loggable-url";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** This request's number in this process, in its log lines. */
      id: number;
      /** This request's logger: every line it writes names the request. */
      log: Logger;
    }
  }
}

/**
 * Numbers each request and gives it a logger whose lines name it (number, method, address
 * through the log's allow-list), made on first use: most requests never log, and a child
 * logger made for each one (pino-http) was 1.5 % of a search page's main thread.
 */
export function requestLog(logger: Logger): RequestHandler {
  let lastId = 0;
  return (req, _res, next) => {
    req.id = ++lastId;
    let log: Logger | undefined;
    Object.defineProperty(req, "log", {
      get: () =>
        (log ??= logger.child({
          req: { id: req.id, method: req.method, url: loggableUrl(req.originalUrl) },
        })),
      configurable: true,
    });
    next();
  };
}
