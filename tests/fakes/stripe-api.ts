import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the fake received: form parameters flattened as Stripe encodes them. */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

interface FakeSession {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  customer_email: string | null;
  client_reference_id: string | null;
  mode: string | null;
}

/**
 * A stand-in for api.stripe.com on 127.0.0.1: the endpoints the Stripe adapter calls, with
 * Stripe's idempotency behaviour, recording every request so tests assert exact parameters.
 */
export async function startFakeStripeApi() {
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let counter = 0;
  let failSessionCreation: { status: number; body: unknown } | null = null;
  let omitUrl = false;

  function reply(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  }

  async function readBody(req: IncomingMessage) {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    return Object.fromEntries(new URLSearchParams(raw));
  }

  function handle(
    method: string,
    path: string,
    params: Record<string, string>,
  ): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/coupons") {
      return {
        status: 200,
        body: {
          id: `co_fake_${++counter}`,
          object: "coupon",
          amount_off: Number(params.amount_off),
          currency: params.currency,
          duration: params.duration,
          name: params.name,
        },
      };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      if (failSessionCreation) return failSessionCreation;
      const id = `cs_test_fake_${++counter}`;
      const session: FakeSession = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: "open",
        payment_status: "unpaid",
        customer_email: params.customer_email ?? null,
        client_reference_id: params.client_reference_id ?? null,
        mode: params.mode ?? null,
      };
      sessions.set(id, session);
      return { status: 200, body: omitUrl ? { ...session, url: null } : session };
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!params.customer) {
        return {
          status: 400,
          body: {
            error: { type: "invalid_request_error", message: "Missing required param: customer." },
          },
        };
      }
      const id = `bps_fake_${++counter}`;
      return {
        status: 200,
        body: {
          id,
          object: "billing_portal.session",
          customer: params.customer,
          return_url: params.return_url ?? null,
          url: `https://billing.stripe.com/p/session/${id}`,
        },
      };
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && match) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      if (session) return { status: 200, body: session };
      return {
        status: 404,
        body: {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such checkout.session: '${match[1]}'`,
          },
        },
      };
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unrecognized request URL` } },
    };
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const params = req.method === "POST" ? await readBody(req) : {};
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      params,
      idempotencyKey,
      authorization: req.headers.authorization,
    });
    const cacheKey = idempotencyKey && `${url.pathname}:${idempotencyKey}`;
    const result =
      (cacheKey && idempotent.get(cacheKey)) || handle(req.method ?? "GET", url.pathname, params);
    if (cacheKey && result.status < 500) idempotent.set(cacheKey, result);
    reply(res, result.status, result.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** What Stripe would record once the buyer has paid on its page. */
    completeSession(id: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no fake session ${id}`);
      Object.assign(session, { status: "complete", payment_status: "paid" });
      return session;
    },
    session(id: string) {
      return sessions.get(id);
    },
    /** Makes the next session creations fail (a Stripe-side error) until reset. */
    failSessionCreation(status = 400, message = "Invalid API key provided") {
      failSessionCreation = { status, body: { error: { type: "invalid_request_error", message } } };
    },
    omitSessionUrl(omit = true) {
      omitUrl = omit;
    },
    reset() {
      requests.length = 0;
      failSessionCreation = null;
      omitUrl = false;
    },
    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeStripeApi = Awaited<ReturnType<typeof startFakeStripeApi>>;
