import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import Stripe from "stripe";
import type { FormResult } from "~/platform/forms/result";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { couponCodes, emailOutbox, orders, rateLimits } from "~/platform/db/schema/index";
import { action as checkoutAction } from "~/routes/site/checkout";
import { loader as successLoader } from "~/routes/site/checkout-success";
import { action as webhookAction } from "~/routes/resources/stripe-webhook";
import { type FakeStripeApi, startFakeStripeApi } from "../fakes/stripe-api";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";
import { expectConsoleErrors } from "../support/fail-on-console-error";

const WEBHOOK_SECRET = "whsec_test_merch_simplified";
const BASE = "https://www.example.com";

let database: TestDatabase;
let stripeApi: FakeStripeApi;
let context: AppLoadContext;
beforeAll(async () => {
  [database, stripeApi] = await Promise.all([
    createTestDatabase({ seed: true }),
    startFakeStripeApi(),
  ]);
  context = createTestContext(database.db, {
    env: {
      STRIPE_SECRET_KEY: "sk_test_fake_merch",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeApi.url,
    },
  });
  await database.db.insert(couponCodes).values([
    { code: "LAUNCH25", discountPercentage: 25, firstTransactionOnly: true },
    { code: "LOYAL10", discountPercentage: 10, firstTransactionOnly: false },
    { code: "TAKE100", discountAmountCents: 10_000, firstTransactionOnly: false },
  ]);
});
afterAll(async () => {
  await stripeApi?.close();
  await database?.destroy();
});
beforeEach(async () => {
  stripeApi.reset();
  await database.db.delete(rateLimits);
});

async function checkout(query: string, fields: Record<string, string>) {
  try {
    const result = (await checkoutAction({
      request: new Request(`${BASE}/checkout${query}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "pay", ...fields }),
      }),
      context,
      params: {},
    } as never)) as unknown as { data: FormResult<{ checkoutUrl?: string }> };
    return { location: null, data: result.data };
  } catch (thrown) {
    return { location: (thrown as Response).headers.get("Location"), data: null };
  }
}

const couponField = (code: string) =>
  JSON.stringify({
    code,
    discountPercentage: 0,
    discountAmountCents: null,
    firstTransactionOnly: true,
  });

async function orderFor(sessionId: string) {
  const [order] = await database.db
    .select()
    .from(orders)
    .where(eq(orders.providerSessionId, sessionId));
  return order!;
}

function sendWebhook(payload: object, signature?: string) {
  const body = JSON.stringify(payload);
  const header =
    signature ??
    Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  return webhookAction({
    request: new Request(`${BASE}/webhooks/stripe`, {
      method: "POST",
      headers: { "Stripe-Signature": header, "Content-Type": "application/json" },
      body,
    }),
    context,
    params: {},
  } as never) as Promise<Response>;
}

const sessionEvent = (type: string, session: object) => ({
  id: `evt_${Math.random().toString(36).slice(2)}`,
  object: "event",
  type,
  data: { object: session },
});

const emailsFor = (orderId: string) =>
  database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `order-confirmation:${orderId}`));

describe("the Stripe adapter against a fake Stripe API", () => {
  it("opens a subscription session with the plan, the setup fee and a once-only discount", async () => {
    const { location } = await checkout("?plan=pro&interval=annual", {
      email: "buyer@acme.example",
      appliedCoupon: couponField("launch25"),
    });
    expect(location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_fake_/);

    const [coupon, session] = stripeApi.requests;
    expect(coupon).toMatchObject({ method: "POST", path: "/v1/coupons" });
    expect(coupon!.params).toMatchObject({
      amount_off: "10500", // 25 % of $420
      currency: "usd",
      duration: "once",
      name: "LAUNCH25",
    });
    expect(session!.authorization).toBe("Bearer sk_test_fake_merch");
    expect(session!.path).toBe("/v1/checkout/sessions");
    const order = await orderFor(location!.split("/").pop()!);
    expect(session!.idempotencyKey).toBe(`checkout-session:${order.id}`);
    expect(coupon!.idempotencyKey).toBe(`coupon:${order.id}`);
    expect(session!.params).toEqual({
      mode: "subscription",
      customer_email: "buyer@acme.example",
      client_reference_id: order.id,
      "metadata[order_id]": order.id,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "42000",
      "line_items[0][price_data][recurring][interval]": "year",
      "line_items[0][price_data][product_data][name]": "Pro webstore plan",
      "line_items[1][quantity]": "1",
      "line_items[1][price_data][currency]": "usd",
      "line_items[1][price_data][unit_amount]": "50000",
      "line_items[1][price_data][product_data][name]": "One-time store setup fee",
      "discounts[0][coupon]": expect.stringMatching(/^co_fake_\d+$/),
      "subscription_data[metadata][order_id]": order.id,
      success_url: `${BASE}/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${BASE}/checkout?plan=pro&interval=annual`,
    });
    // What Stripe will charge is what the order records.
    expect(order).toMatchObject({
      provider: "stripe",
      firstPaymentCents: 42_000 + 50_000 - 10_500,
      recurringPaymentCents: 42_000,
    });
  });

  it("makes a discount on every payment last forever, on monthly billing", async () => {
    const { location } = await checkout("?plan=elite&interval=monthly", {
      email: "buyer@acme.example",
      appliedCoupon: couponField("LOYAL10"),
    });
    expect(stripeApi.requests[0]!.params).toMatchObject({ amount_off: "990", duration: "forever" });
    expect(stripeApi.requests[1]!.params).toMatchObject({
      "line_items[0][price_data][unit_amount]": "9900",
      "line_items[0][price_data][recurring][interval]": "month",
      "line_items[1][price_data][unit_amount]": "100000",
    });
    expect(await orderFor(location!.split("/").pop()!)).toMatchObject({
      firstPaymentCents: 9_900 + 100_000 - 990,
      recurringPaymentCents: 8_910,
    });
  });

  it("sends no discount without a coupon", async () => {
    await checkout("?plan=core&interval=annual", { email: "buyer@acme.example" });
    expect(stripeApi.requests.map((r) => r.path)).toEqual(["/v1/checkout/sessions"]);
    expect(Object.keys(stripeApi.requests[0]!.params)).not.toContain("discounts[0][coupon]");
  });

  it("says 'Failed to create checkout session. Please try again.' when Stripe refuses", async () => {
    expectConsoleErrors(1);
    stripeApi.failSessionCreation();
    const { data } = await checkout("?plan=pro", { email: "buyer@acme.example", respond: "json" });
    expect(data?.toast?.description).toBe("Failed to create checkout session. Please try again.");
  });

  it("says 'No checkout URL received' when Stripe returns a session without one", async () => {
    stripeApi.omitSessionUrl();
    const { data } = await checkout("?plan=pro", { email: "buyer@acme.example", respond: "json" });
    expect(data?.toast?.description).toBe("No checkout URL received");
  });
});

describe("the Stripe webhook", () => {
  async function openSession(email: string) {
    const { location } = await checkout("?plan=pro&interval=annual", { email });
    const sessionId = location!.split("/").pop()!;
    return { sessionId, order: await orderFor(sessionId) };
  }

  it.each([
    ["a forged signature", "t=1700000000,v1=deadbeef"],
    ["a signature made with another secret", null],
    ["no signature", ""],
  ])("answers %s with 400 and changes nothing", async (_name, header) => {
    const { sessionId, order } = await openSession("forged@acme.example");
    const payload = sessionEvent("checkout.session.completed", {
      id: sessionId,
      object: "checkout.session",
      status: "complete",
      payment_status: "paid",
    });
    const signature =
      header ??
      Stripe.webhooks.generateTestHeaderString({
        payload: JSON.stringify(payload),
        secret: "whsec_someone_else",
      });
    const response = await sendWebhook(payload, signature);
    expect(response.status).toBe(400);
    expect((await orderFor(sessionId)).status).toBe("pending");
    expect(await emailsFor(order.id)).toHaveLength(0);
  });

  it.each([
    ["400 s in the future", 400],
    ["400 s in the past", -400],
  ])("refuses an event signed %s and changes nothing", async (_name, offset) => {
    const { sessionId, order } = await openSession(`skewed${offset}@acme.example`);
    const payload = sessionEvent("checkout.session.completed", {
      ...stripeApi.completeSession(sessionId),
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(payload),
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) + offset,
    });
    const response = await sendWebhook(payload, signature);
    expect(response.status).toBe(400);
    expect((await orderFor(sessionId)).status).toBe("pending");
    expect(await emailsFor(order.id)).toHaveLength(0);
  });

  it.each([
    [
      "a session event without its session",
      { id: "evt_1", object: "event", type: "checkout.session.completed", data: {} },
    ],
    [
      "a session event whose session has no id",
      sessionEvent("checkout.session.expired", { object: "checkout.session" }),
    ],
    [
      "an event with no data at all",
      { id: "evt_2", object: "event", type: "checkout.session.completed" },
    ],
  ])("acknowledges %s deliberately rather than crashing", async (_name, payload) => {
    const response = await sendWebhook(payload);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ignored: malformed event");
  });

  it("answers a signed body that is not JSON with 400", async () => {
    const body = "{not json";
    const response = await webhookAction({
      request: new Request(`${BASE}/webhooks/stripe`, {
        method: "POST",
        headers: {
          "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({
            payload: body,
            secret: WEBHOOK_SECRET,
          }),
          "Content-Type": "application/json",
        },
        body,
      }),
      context,
      params: {},
    } as never);
    expect((response as Response).status).toBe(400);
  });

  it("answers a rate-limited checkout with 429 and Retry-After, not 502", async () => {
    const ip = "192.0.2.201";
    const limited = { ...context, clientIp: ip };
    let last: Response | { init: ResponseInit | null } | undefined;
    for (let i = 0; i < 11; i++) {
      last = (await checkoutAction({
        request: new Request(`${BASE}/checkout?plan=pro&interval=annual`, {
          method: "POST",
          body: new URLSearchParams({ email: `burst${i}@acme.example`, respond: "json" }),
        }),
        context: limited,
        params: {},
      } as never)) as never;
    }
    const init = (last as { init: ResponseInit | null }).init;
    expect(init?.status).toBe(429);
    expect(Number(new Headers(init?.headers).get("Retry-After"))).toBeGreaterThan(0);
  });

  it("marks the order paid once and sends one email, however often and in whatever order events arrive", async () => {
    const { sessionId, order } = await openSession("events@acme.example");
    const completed = sessionEvent("checkout.session.completed", {
      ...stripeApi.completeSession(sessionId),
    });
    const expired = sessionEvent("checkout.session.expired", {
      id: sessionId,
      object: "checkout.session",
      status: "expired",
      payment_status: "unpaid",
    });
    // The buyer lands on the success page before the webhook arrives.
    const success = await successLoader({
      request: new Request(`${BASE}/checkout-success?session_id=${sessionId}`),
      context,
      params: {},
    } as never);
    expect(success).toMatchObject({ state: "paid" });

    for (const event of [completed, completed, expired, completed]) {
      expect((await sendWebhook(event)).status).toBe(200);
    }
    const reloaded = await successLoader({
      request: new Request(`${BASE}/checkout-success?session_id=${sessionId}`),
      context,
      params: {},
    } as never);
    expect(reloaded).toMatchObject({ state: "paid" });

    expect((await orderFor(sessionId)).status).toBe("paid");
    expect(await emailsFor(order.id)).toHaveLength(1);
  });

  it("confirms from the webhook alone when the buyer never returns", async () => {
    const { sessionId, order } = await openSession("gone@acme.example");
    await sendWebhook(
      sessionEvent("checkout.session.completed", stripeApi.completeSession(sessionId)),
    );
    expect((await orderFor(sessionId)).status).toBe("paid");
    expect(await emailsFor(order.id)).toHaveLength(1);
  });

  it("marks an abandoned session expired without an email", async () => {
    const { sessionId, order } = await openSession("abandoned@acme.example");
    await sendWebhook(
      sessionEvent("checkout.session.expired", {
        id: sessionId,
        object: "checkout.session",
        status: "expired",
        payment_status: "unpaid",
      }),
    );
    expect((await orderFor(sessionId)).status).toBe("expired");
    expect(await emailsFor(order.id)).toHaveLength(0);
  });

  it("the success page asks Stripe and does not trust an unpaid session", async () => {
    const { sessionId, order } = await openSession("unpaid@acme.example");
    const result = await successLoader({
      request: new Request(`${BASE}/checkout-success?session_id=${sessionId}`),
      context,
      params: {},
    } as never);
    expect(result).toEqual({ state: "unpaid" });
    expect(await emailsFor(order.id)).toHaveLength(0);
    expect(stripeApi.requests.at(-1)).toMatchObject({
      method: "GET",
      path: `/v1/checkout/sessions/${sessionId}`,
    });
  });

  it("acknowledges events it does not act on", async () => {
    const response = await sendWebhook({
      id: "evt_other",
      object: "event",
      type: "invoice.paid",
      data: { object: { id: "in_1", object: "invoice" } },
    });
    expect(response.status).toBe(200);
  });
});
