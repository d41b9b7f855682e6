import type { RequestHandler } from "express";

const KB = 1024;
const MB = 1024 * KB;
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export interface BodyRule {
  /** Matched against the request path (no query string). */
  path: RegExp;
  /** The most bytes the route reads; anything larger is refused with 413 before it is stored. */
  limit: number;
  /** Accepted media types of a POST; undefined accepts any. */
  types?: string[];
  /** The methods the route answers, for 405's Allow header. */
  allow: string;
}

/**
 * One limit per route that takes a body, first match wins. A route that takes a new kind of
 * body (an upload, a JSON endpoint) adds its line here.
 */
export const BODY_RULES: BodyRule[] = [
  // Stripe's events are a few KB; 1 MB is far above any real one.
  { path: /^\/webhooks\/stripe$/, limit: 1 * MB, allow: "POST" },
  // An image of at most 5 MB plus the multipart envelope and the other fields.
  { path: /^\/resources\/upload$/, limit: 5 * MB + 64 * KB, types: FORM_TYPES, allow: "POST" },
  // The quote builder's artwork: one PNG, JPEG or PDF of at most 20 MB and the envelope.
  {
    path: /^\/resources\/quote-artwork$/,
    limit: 20 * MB + 64 * KB,
    types: FORM_TYPES,
    allow: "POST",
  },
  // Name, email, phone and a 5,000-character message, percent-encoded.
  { path: /^\/resources\/contact$/, limit: 32 * KB, types: FORM_TYPES, allow: "GET, HEAD, POST" },
  { path: /^\/admin\/auth$/, limit: 8 * KB, types: FORM_TYPES, allow: "GET, HEAD, POST" },
  { path: /^\/checkout$/, limit: 8 * KB, types: FORM_TYPES, allow: "GET, HEAD, POST" },
  {
    path: /^\/checkout\/test-payment\/[^/]+$/,
    limit: 4 * KB,
    types: FORM_TYPES,
    allow: "GET, HEAD, POST",
  },
  // The chat assistant takes JSON or a form: a 1,000-character message and a few fields.
  {
    path: /^\/resources\/chat$/,
    limit: 8 * KB,
    types: [...FORM_TYPES, "application/json"],
    allow: "POST",
  },
  // The email test page's forms (admin only): a recipient and a transcript.
  { path: /^\/resources\/test-email$/, limit: 64 * KB, types: FORM_TYPES, allow: "POST" },
  // The buyer's manage page: cancel, resume, or ask for a fresh link.
  {
    path: /^\/subscription\/manage$/,
    limit: 4 * KB,
    types: FORM_TYPES,
    allow: "GET, HEAD, POST",
  },
  { path: /^\/admin(\/.*)?$/, limit: 64 * KB, types: FORM_TYPES, allow: "GET, HEAD, POST" },
  {
    path: /^\/(shop-now|products\/sanmar|product-data-sync|test-email)$/,
    limit: 64 * KB,
    types: FORM_TYPES,
    allow: "GET, HEAD, POST",
  },
];

/** Pages without a form: nothing reads their body, so a small one is plenty. */
const DEFAULT_RULE: BodyRule = {
  path: /.*/,
  limit: 64 * KB,
  types: FORM_TYPES,
  allow: "GET, HEAD",
};

export function bodyRuleFor(path: string): BodyRule {
  return BODY_RULES.find((rule) => rule.path.test(path)) ?? DEFAULT_RULE;
}

/** Set on res.locals when the body was refused mid-stream; the error handler then stays quiet. */
export const BODY_REJECTED = "bodyRejected";

/**
 * Enforces each route's limit in Express, before React Router reads the body itself: a declared
 * Content-Length above the limit is refused at once without reading a byte; a body without one
 * (chunked) is counted as it streams and cut off at the limit, so the handler's read fails and
 * nothing is stored.
 */
export function enforceBodyLimits(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const rule = bodyRuleFor(req.path);
    const refuse = (status: number, message: string) => {
      res.locals[BODY_REJECTED] = true;
      answerThenClose(req, res, status, message);
    };
    const tooLarge = `Request body too large: this address accepts at most ${describe(rule.limit)}.`;

    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > rule.limit) return refuse(413, tooLarge);

    const hasBody =
      declared !== undefined ? Number(declared) > 0 : "transfer-encoding" in req.headers;
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    // React Router's formData() throws on anything else, which would be a 500.
    if (rule.types && req.method === "POST" && !rule.types.includes(type)) {
      return refuse(415, `Unsupported content type: send the form as ${rule.types.join(" or ")}.`);
    }

    if (declared === undefined && hasBody)
      countWhileStreaming(req, res, rule.limit, () => refuse(413, tooLarge));
    next();
  };
}

function countWhileStreaming(
  req: Parameters<RequestHandler>[0],
  res: Parameters<RequestHandler>[1],
  limit: number,
  refuse: () => void,
) {
  let received = 0;
  let rejected = false;
  const emit = req.emit;
  req.emit = function (this: typeof req, event: string | symbol, ...args: unknown[]) {
    if (rejected && (event === "data" || event === "end")) return false;
    if (event === "data" && !rejected) {
      received += (args[0] as Buffer).length;
      if (received > limit) {
        rejected = true;
        if (!res.headersSent) refuse();
        // The reader (React Router's body stream) fails now, so the handler stores nothing.
        const error = Object.assign(new Error("request body too large"), { status: 413 });
        if (req.listenerCount("error") > 0) emit.call(this, "error", error);
        if (res.headersSent && !res.locals[BODY_REJECTED]) req.destroy();
        return false;
      }
    }
    return emit.call(this, event, ...args);
  } as typeof req.emit;
}

const LINGER_MS = 5_000;

/**
 * Sends the whole refusal, then stops reading and keeps the connection open until the client
 * hangs up or a few seconds pass. Closing at once, with the client's bytes still unread, makes
 * the kernel send a reset that can wipe the answer before a busy client reads it; reading and
 * dropping the rest would cost the CPU the limit is there to save. Unread bytes stay in the
 * kernel's buffers, so memory stays flat.
 */
function answerThenClose(
  req: Parameters<RequestHandler>[0],
  res: Parameters<RequestHandler>[1],
  status: number,
  message: string,
) {
  const body = Buffer.from(message);
  res.writeHead(status, {
    Connection: "close",
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": body.length,
  });
  res.write(body);
  req.pause();
  const close = () => {
    clearTimeout(timer);
    res.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  req.socket.once("close", close);
}

function describe(bytes: number) {
  return bytes >= MB ? `${(bytes / MB).toFixed(bytes % MB ? 2 : 0)} MB` : `${bytes / KB} KB`;
}
