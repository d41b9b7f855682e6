import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeStripeApi, startFakeStripeApi } from "../fakes/stripe-api";
import { type RunningServer, startServer } from "../support/server";

const WEBHOOK_SECRET = "whsec_e2e_merch_simplified";
let stripeApi: FakeStripeApi;
let server: RunningServer;
/** The session the plain form post opened; the webhook test pays it. */
let sessionId: string;

beforeAll(async () => {
  stripeApi = await startFakeStripeApi();
  server = await startServer({
    env: {
      STRIPE_SECRET_KEY: "sk_test_e2e",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeApi.url,
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await stripeApi?.close();
});

function postWebhook(body: string, signature: string) {
  return fetch(`${server.url}/webhooks/stripe`, {
    method: "POST",
    headers: { "Stripe-Signature": signature, "Content-Type": "application/json" },
    body,
  });
}

describe("the production server with Stripe configured", () => {
  it("answers a plain form post with a redirect to Stripe's payment page, which the CSP allows", async () => {
    const checkoutPage = await fetch(`${server.url}/checkout?plan=pro&interval=monthly`);
    expect(checkoutPage.headers.get("content-security-policy")).toContain(
      "form-action 'self' https://checkout.stripe.com",
    );
    expect(await checkoutPage.text()).not.toContain("Test mode — no real payment");

    const response = await fetch(`${server.url}/checkout?plan=pro&interval=monthly`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url },
      body: new URLSearchParams({ intent: "pay", email: "live@acme.example" }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(
      /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_fake_/,
    );
    sessionId = response.headers.get("location")!.split("/").pop()!;
    expect(stripeApi.requests.at(-1)!.params).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][unit_amount]": "4900",
      "line_items[1][price_data][unit_amount]": "50000",
      success_url: `${server.url}/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
    });
  });

  it("verifies webhook signatures over the exact bytes received, and confirms the order", async () => {
    const session = stripeApi.completeSession(sessionId);
    // Pretty-printed on purpose: any re-serialisation on the way in would break the signature.
    const body = JSON.stringify(
      {
        id: "evt_1",
        object: "event",
        type: "checkout.session.completed",
        data: { object: session },
      },
      null,
      2,
    );
    const forged = await postWebhook(body, "t=1700000000,v1=0123456789abcdef");
    expect(forged.status).toBe(400);

    const signed = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
    });
    expect((await postWebhook(body, signed)).status).toBe(200);
    expect((await postWebhook(body, signed)).status).toBe(200);

    const success = await fetch(`${server.url}/checkout-success?session_id=${sessionId}`);
    expect(await success.text()).toContain("Payment Successful!");
    expect((await fetch(`${server.url}/webhooks/stripe`)).status).toBe(405);
  });
});
