import type { Request, RequestHandler } from "express";
import { bodyRuleFor } from "./body-limits";

const ANSWERED = new Set(["GET", "HEAD", "POST"]);
// A host name, an IPv4 address or a bracketed IPv6 address, with an optional port.
const VALID_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Requests no browser sends, answered with a clear 4xx before they reach a route (where they used
 * to end in a 500): an absolute-URI or `*` request line, a malformed Host, a path that does not
 * decode or carries a null byte, and methods the site does not answer (405 with Allow).
 */
export function rejectMalformedRequests(): RequestHandler {
  return (req, res, next) => {
    const plain = (status: number, message: string) =>
      res.status(status).type("text/plain").send(message);

    if (req.method === "OPTIONS") {
      const allow = req.url === "*" ? "GET, HEAD, POST, OPTIONS" : `${allowFor(req.path)}, OPTIONS`;
      return res.status(204).set("Allow", allow).end();
    }
    if (!req.url.startsWith("/") || req.url.startsWith("//")) {
      return plain(400, "Bad request: the request line must name a path on this site.");
    }
    if (!hasValidHost(req)) {
      return plain(400, "Bad request: the Host header is not a valid host name.");
    }
    if (!decodesCleanly(req.url)) {
      return plain(400, "Bad request: the address could not be read.");
    }
    if (!ANSWERED.has(req.method)) {
      return res
        .status(405)
        .set("Allow", allowFor(req.path))
        .type("text/plain")
        .send(`Method ${req.method} is not allowed here.`);
    }
    next();
  };
}

/** The Host header (and X-Forwarded-Host behind a trusted proxy) names a host. */
export function hasValidHost(req: Request) {
  const hosts = [
    req.headers.host,
    req.app.enabled("trust proxy") ? req.headers["x-forwarded-host"] : undefined,
  ];
  return Boolean(req.headers.host) && hosts.every((host) => host === undefined || validHost(host));
}

function allowFor(path: string) {
  return bodyRuleFor(path).allow;
}

function validHost(value: string | string[]) {
  const host = Array.isArray(value) ? value[0] : value.split(",")[0]!.trim();
  return Boolean(host) && host!.length <= 255 && VALID_HOST.test(host!);
}

/** The address decodes, and holds no null byte. */
export function decodesCleanly(url: string) {
  try {
    const decoded = decodeURIComponent(url.replace(/\+/g, " "));
    // eslint-disable-next-line no-control-regex
    return !/[\u0000]/.test(decoded);
  } catch {
    return false;
  }
}
