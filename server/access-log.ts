import type { Request, RequestHandler } from "express";
import type { Logger } from "pino";
import { logSampler } from "../app/platform/config/log-sampler";
import { loggableUrl } from "../app/platform/security/loggable-url";

/**
 * One short line per request: method, address (through the log's allow-list, so no token, id or
 * email), status and time. A client's refusal (4xx) is expected noise an attacker can repeat at
 * will, so those lines are sampled per method and status; a 5xx is always written, at error.
 */
export function logAccess(
  logger: Logger,
  req: Request,
  statusCode: number,
  responseTime: number,
  extra: object = {},
) {
  const fields = {
    req: { id: req.id, method: req.method, url: loggableUrl(req.originalUrl) },
    res: { statusCode },
    responseTime,
    ...extra,
  };
  if (statusCode >= 500) logger.error(fields, "request failed");
  else if (statusCode >= 400)
    logSampler.log(logger, "info", `${req.method} ${statusCode}`, fields, "request refused");
  else logger.info(fields, "request completed");
}

/** The access log for requests past the page cache (which writes its own lines). */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (!req.path.startsWith("/assets/")) {
      const started = performance.now();
      let logged = false;
      const done = () => {
        if (logged) return;
        logged = true;
        // A response cut off by a client that went away never finished: recorded as sent.
        logAccess(logger, req, res.statusCode, Math.round(performance.now() - started));
      };
      res.once("finish", done);
      res.once("close", done);
    }
    next();
  };
}
