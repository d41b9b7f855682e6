import { eq, like } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, jobs, orders, rateLimits, subscriptions } from "~/platform/db/schema/index";
import { createManageToken } from "~/capabilities/subscriptions/manage-token.server";
import { createJobRunner } from "~/platform/jobs/jobs.server";
import { jobHandlers, jobSchedules } from "../../server/jobs";
import {
  RENEWAL_REMINDER_JOB,
  sendRenewalReminders,
} from "~/capabilities/subscriptions/renewal-reminders.server";
import { subscriptionForOrders } from "~/capabilities/subscriptions/subscriptions.server";
import { action as checkoutAction } from "~/routes/site/checkout";
import { action as manageAction, loader as manageLoader } from "~/routes/site/manage-subscription";
import { action as testPaymentAction } from "~/routes/site/test-payment";
import { action as webhookAction } from "~/routes/resources/stripe-webhook";
import { subscriptionSummary } from "~/capabilities/subscriptions/admin.server";
import { loader as csvLoader } from "~/routes/resources/subscriptions-csv";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { describeSubscription } from "~/capabilities/subscriptions/labels";
import { formatDate } from "~/platform/lib/dates";
import { formatUsd } from "~/platform/lib/money";
import { browserRequest, createAccount, settle, signIn } from "../support/admin";
import { type FakeStripeApi, startFakeStripeApi } from "../fakes/stripe-api";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";
import type { FormResult } from "~/platform/forms/result";
import { outcome } from "../support/route";

const WEBHOOK_SECRET = "whsec_test_subscriptions";
const BASE = "https://www.example.com";

let database: TestDatabase;
let stripeApi: FakeStripeApi;
let stripeContext: AppLoadContext;
let testContext: AppLoadContext;
beforeAll(async () => {
  [database, stripeApi] = await Promise.all([
    createTestDatabase({ seed: true }),
    startFakeStripeApi(),
  ]);
  stripeContext = createTestContext(database.db, {
    env: {
      STRIPE_SECRET_KEY: "sk_test_fake_merch",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeApi.url,
    },
  });
  testContext = createTestContext(database.db);
});
afterAll(async () => {
  await stripeApi?.close();
  await database?.destroy();
});
beforeEach(async () => {
  stripeApi.reset();
  await database.db.delete(rateLimits);
});

async function startCheckout(ctx: AppLoadContext, email: string, interval = "monthly") {
  const result = await outcome(() =>
    checkoutAction({
      request: new Request(`${BASE}/checkout?plan=pro&interval=${interval}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "pay", email }),
      }),
      context: ctx,
      params: {},
    } as never),
  );
  const location = result.location;
  if (!location) throw new Error(`checkout did not redirect: ${JSON.stringify(result.data)}`);
  const sessionId = location.split("/").pop()!;
  const [order] = await database.db
    .select()
    .from(orders)
    .where(eq(orders.providerSessionId, sessionId));
  return { sessionId, order: order! };
}

function sendWebhook(event: object) {
  const body = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: WEBHOOK_SECRET,
  });
  return webhookAction({
    request: new Request(`${BASE}/webhooks/stripe`, {
      method: "POST",
      headers: { "Stripe-Signature": header, "Content-Type": "application/json" },
      body,
    }),
    context: stripeContext,
    params: {},
  } as never) as Promise<Response>;
}

let eventCounter = 0;
const event = (type: string, created: number, object: object) => ({
  id: `evt_${++eventCounter}`,
  object: "event",
  type,
  created,
  data: { object },
});

const T0 = Math.floor(Date.UTC(2026, 0, 1) / 1000);
const DAY = 86_400;
const P1 = T0 + 31 * DAY;
const P2 = P1 + 28 * DAY;

function subscriptionObject(
  subId: string,
  orderId: string,
  fields: { status: string; periodEnd: number; cancelAtPeriodEnd?: boolean; canceledAt?: number },
) {
  return {
    id: subId,
    object: "subscription",
    customer: `cus_for_${subId}`,
    status: fields.status,
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    canceled_at: fields.canceledAt ?? null,
    metadata: { order_id: orderId },
    items: { object: "list", data: [{ id: "si_1", current_period_end: fields.periodEnd }] },
  };
}

function invoiceObject(invoiceId: string, subId: string, orderId: string, periodEnd: number) {
  return {
    id: invoiceId,
    object: "invoice",
    customer: `cus_for_${subId}`,
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: subId, metadata: { order_id: orderId } },
    },
    lines: {
      object: "list",
      data: [{ id: "il_1", period: { start: periodEnd - 28 * DAY, end: periodEnd } }],
    },
  };
}

/** The life of one subscription as Stripe would send it, oldest first. */
function lifeOf(
  subId: string,
  orderId: string,
  { ending }: { ending: "deleted" | "cancel-later" },
) {
  const events = [
    event(
      "customer.subscription.created",
      T0,
      subscriptionObject(subId, orderId, { status: "active", periodEnd: P1 }),
    ),
    event("invoice.paid", T0 + 1, invoiceObject(`in_${subId}_1`, subId, orderId, P1)),
    event("invoice.payment_failed", P1 + 10, invoiceObject(`in_${subId}_2`, subId, orderId, P2)),
    event(
      "customer.subscription.updated",
      P1 + 11,
      subscriptionObject(subId, orderId, { status: "past_due", periodEnd: P2 }),
    ),
    event("invoice.paid", P1 + 3 * DAY, invoiceObject(`in_${subId}_2`, subId, orderId, P2)),
    event(
      "customer.subscription.updated",
      P1 + 3 * DAY + 1,
      subscriptionObject(subId, orderId, { status: "active", periodEnd: P2 }),
    ),
    event(
      "customer.subscription.updated",
      P1 + 5 * DAY,
      subscriptionObject(subId, orderId, {
        status: "active",
        periodEnd: P2,
        cancelAtPeriodEnd: true,
        canceledAt: P1 + 5 * DAY,
      }),
    ),
  ];
  if (ending === "deleted") {
    events.push(
      event(
        "customer.subscription.deleted",
        P2,
        subscriptionObject(subId, orderId, { status: "canceled", periodEnd: P2, canceledAt: P2 }),
      ),
    );
  }
  return events;
}

/** Every event twice, in a scrambled but repeatable order. */
function duplicatedAndReordered<T>(events: T[], seed: number) {
  const all = [...events, ...events];
  let state = seed;
  for (let i = all.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all;
}

/** A buyer pays for a plan through Stripe: the checkout, then Stripe's completed-session event. */
async function buyWithStripe(email: string, subscription: string, customer: string) {
  const { sessionId, order } = await startCheckout(stripeContext, email);
  const session = stripeApi.completeSession(sessionId);
  const reply = await sendWebhook(
    event("checkout.session.completed", T0, { ...session, subscription, customer }),
  );
  return { order, reply };
}

const subscriptionOf = async (orderId: string) =>
  (await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId)))[0]!;

/** Every email to one address, oldest first. */
const emailsTo = (address: string) =>
  database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(emailOutbox.createdAt);

/** The buyer's emails give dates in full, as a UTC day. */
const longDate = (date: Date) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);

const outboxFor = (prefix: string) =>
  database.db
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.dedupeKey, `${prefix}%`));

describe("subscription state from Stripe's events", () => {
  it("links the subscription when checkout.session.completed names it", async () => {
    const { order, reply } = await buyWithStripe("linked@acme.example", "sub_linked", "cus_linked");
    expect(reply.status).toBe(200);
    expect(await subscriptionOf(order.id)).toMatchObject({
      status: "active",
      plan: "pro",
      interval: "monthly",
      providerSubscriptionId: "sub_linked",
      providerCustomerId: "cus_linked",
    });
    const [confirmation] = await outboxFor(`order-confirmation:${order.id}`);
    expect(confirmation!.textBody).toContain("Manage your subscription");
    expect(confirmation!.textBody).toMatch(
      /https:\/\/www\.example\.com\/subscription\/manage\?token=/,
    );
    // Stripe's customer portal is where the link leads: the card and invoices are there.
    expect(confirmation!.textBody).toContain(
      "Manage your subscription: update your card, see your invoices or cancel, at https://www.example.com/subscription/manage?token=",
    );
  });

  it("emails 'your plan continues' when a cancellation is withdrawn in Stripe's portal", async () => {
    const { order } = await buyWithStripe("resumer@acme.example", "sub_resumer", "cus_resumer");
    const state = (cancelAtPeriodEnd: boolean) =>
      subscriptionObject("sub_resumer", order.id, {
        status: "active",
        periodEnd: P1,
        cancelAtPeriodEnd,
        canceledAt: cancelAtPeriodEnd ? T0 + DAY : undefined,
      });
    const cancel = event("customer.subscription.updated", T0 + DAY, state(true));
    const resume = event("customer.subscription.updated", T0 + 2 * DAY, state(false));
    for (const e of [cancel, resume, cancel, resume])
      expect((await sendWebhook(e)).status).toBe(200);

    const emails = await emailsTo("resumer@acme.example");
    expect(emails.map((e) => e.kind)).toEqual([
      "checkout-confirmation",
      "subscription-canceled",
      "subscription-resumed",
    ]);
    const continues = emails[2]!;
    expect(continues.subject).toBe("Your Pro webstore plan continues");
    expect(continues.textBody).toContain(
      `nothing ends, and it renews on ${longDate(new Date(P1 * 1000))} for ${formatUsd(order.recurringPaymentCents)}.`,
    );
    expect(continues.textBody).toContain("update your card, see your invoices or cancel");
  });

  for (const seed of [1, 7, 42]) {
    it(`ends canceled after every event is duplicated and reordered (seed ${seed})`, async () => {
      const { sessionId, order } = await startCheckout(
        stripeContext,
        `deleted${seed}@acme.example`,
      );
      const subId = `sub_deleted_${seed}`;
      const session = stripeApi.completeSession(sessionId);
      const events = [
        event("checkout.session.completed", T0, {
          ...session,
          subscription: subId,
          customer: `cus_for_${subId}`,
        }),
        ...lifeOf(subId, order.id, { ending: "deleted" }),
      ];
      for (const e of duplicatedAndReordered(events, seed)) {
        expect((await sendWebhook(e)).status).toBe(200);
      }
      const sub = await subscriptionOf(order.id);
      expect(sub).toMatchObject({
        status: "canceled",
        cancelAtPeriodEnd: false,
        providerSubscriptionId: subId,
      });
      expect(sub.canceledAt?.getTime()).toBe(P2 * 1000);
      expect((await outboxFor(`subscription-canceled:${sub.id}`)).length).toBe(1);
    });

    it(`ends active, cancelling at the period end, whatever the order (seed ${seed})`, async () => {
      // No checkout.session.completed at all: the events find the order through its metadata.
      const { sessionId, order } = await startCheckout(stripeContext, `later${seed}@acme.example`);
      stripeApi.completeSession(sessionId);
      await database.db.update(orders).set({ status: "paid" }).where(eq(orders.id, order.id));
      const subId = `sub_later_${seed}`;
      for (const e of duplicatedAndReordered(
        lifeOf(subId, order.id, { ending: "cancel-later" }),
        seed,
      )) {
        expect((await sendWebhook(e)).status).toBe(200);
      }
      const sub = await subscriptionOf(order.id);
      expect(sub).toMatchObject({
        status: "active",
        cancelAtPeriodEnd: true,
        providerSubscriptionId: subId,
        providerCustomerId: `cus_for_${subId}`,
      });
      expect(sub.currentPeriodEnd?.getTime()).toBe(P2 * 1000);
      expect(sub.lastEventAt?.getTime()).toBe((P1 + 5 * DAY) * 1000);
      expect((await outboxFor(`subscription-canceled:${sub.id}`)).length).toBe(1);
      // A failure that arrives after its recovery is stale: at most one email, never two.
      expect((await outboxFor(`subscription-payment-failed:${sub.id}`)).length).toBeLessThanOrEqual(
        1,
      );
    });
  }

  it("goes past due on a failed renewal and back to active when the retry is paid", async () => {
    const subId = "sub_pastdue";
    const { order } = await buyWithStripe("pastdue@acme.example", subId, "cus_pd");
    await sendWebhook(
      event("invoice.payment_failed", P1 + 10, invoiceObject("in_pd", subId, order.id, P2)),
    );
    await sendWebhook(
      event("invoice.payment_failed", P1 + 10, invoiceObject("in_pd", subId, order.id, P2)),
    );
    expect((await subscriptionOf(order.id)).status).toBe("past_due");
    const failed = await outboxFor(`subscription-payment-failed:`);
    expect(failed.filter((e) => e.toAddress === "pastdue@acme.example")).toHaveLength(1);
    expect(failed[0]!.textBody).toContain("/subscription/manage?token=");
    expect((await subscriptionForOrders(database.db, [order.id])).get(order.id)?.status).toBe(
      "past_due",
    );
    // A late invoice.paid for the first period must not undo the newer failure.
    await sendWebhook(
      event("invoice.paid", T0 + 1, invoiceObject("in_first", subId, order.id, P1)),
    );
    expect((await subscriptionOf(order.id)).status).toBe("past_due");
    await sendWebhook(event("invoice.paid", P1 + DAY, invoiceObject("in_pd", subId, order.id, P2)));
    const sub = await subscriptionOf(order.id);
    expect(sub.status).toBe("active");
    expect(sub.currentPeriodEnd?.getTime()).toBe(P2 * 1000);
  });

  it("acknowledges events about subscriptions that are not ours without storing anything", async () => {
    const before = (await database.db.select().from(subscriptions)).length;
    const reply = await sendWebhook(
      event(
        "customer.subscription.updated",
        T0,
        subscriptionObject("sub_elsewhere", "not-an-order", { status: "active", periodEnd: P1 }),
      ),
    );
    expect(reply.status).toBe(200);
    expect((await database.db.select().from(subscriptions)).length).toBe(before);
  });
});

const loadManage = (ctx: AppLoadContext, token: string) =>
  outcome<{ refusal: string | null; subscription: Record<string, unknown> | null }>(() =>
    manageLoader({
      request: new Request(`${BASE}/subscription/manage?token=${encodeURIComponent(token)}`),
      context: ctx,
      params: {},
    } as never),
  );

const postManage = (ctx: AppLoadContext, token: string, fields: Record<string, string>) =>
  outcome<FormResult>(() =>
    manageAction({
      request: new Request(`${BASE}/subscription/manage?token=${encodeURIComponent(token)}`, {
        method: "POST",
        body: new URLSearchParams(fields),
      }),
      context: ctx,
      params: {},
    } as never),
  );

describe("the manage link", () => {
  it("opens a Stripe customer-portal session for the buyer's customer, returning to the site", async () => {
    const { order } = await buyWithStripe("portal@acme.example", "sub_portal", "cus_portal");
    const sub = await subscriptionOf(order.id);
    stripeApi.reset();

    const { status, location } = await loadManage(
      stripeContext,
      createManageToken(stripeContext.env.AUTH_SECRET, sub.id),
    );
    expect(status).toBe(302);
    expect(location).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_fake_\d+$/);
    expect(stripeApi.requests).toHaveLength(1);
    expect(stripeApi.requests[0]).toMatchObject({
      method: "POST",
      path: "/v1/billing_portal/sessions",
    });
    expect(stripeApi.requests[0]!.params).toEqual({
      customer: "cus_portal",
      return_url: `${BASE}/`,
    });
  });

  it("refuses a forged, a tampered or an expired link with a clear page", async () => {
    const { sessionId, order } = await startCheckout(testContext, "forged@acme.example");
    await payInTestMode(sessionId);
    const sub = await subscriptionOf(order.id);
    const secret = testContext.env.AUTH_SECRET;
    const good = createManageToken(secret, sub.id);
    const tampered = good.slice(0, -1) + (good.endsWith("A") ? "B" : "A");
    const otherKey = createManageToken("another-secret-of-at-least-32-characters!!", sub.id);
    for (const token of [
      tampered,
      otherKey,
      "nonsense",
      `${sub.id}.9999999999.${"x".repeat(43)}`,
    ]) {
      const result = await loadManage(testContext, token);
      expect(result.status).toBe(403);
      expect(result.data.subscription).toBeNull();
      expect(result.data.refusal).toMatch(/not valid/);
    }
    const expired = createManageToken(secret, sub.id, Date.now() - 31 * 86_400_000);
    const result = await loadManage(testContext, expired);
    expect(result.status).toBe(410);
    expect(result.data.refusal).toMatch(/expired/);
    // Nor can a bad link cancel anything.
    expect((await postManage(testContext, tampered, { intent: "cancel" })).status).toBe(403);
    expect((await subscriptionOf(order.id)).cancelAtPeriodEnd).toBe(false);
  });

  it("in test mode cancels at the period end and resumes, from the emailed link", async () => {
    const { sessionId, order } = await startCheckout(
      testContext,
      "testmode@acme.example",
      "annual",
    );
    await payInTestMode(sessionId);
    const [confirmation] = await outboxFor(`order-confirmation:${order.id}`);
    const token = decodeURIComponent(/manage\?token=([^\s"<]+)/.exec(confirmation!.textBody)![1]!);

    const opened = await loadManage(testContext, token);
    expect(opened.status).toBe(200);
    expect(opened.data.subscription).toMatchObject({
      plan: "pro",
      interval: "annual",
      status: "active",
      cancelAtPeriodEnd: false,
    });

    expect((await postManage(testContext, token, { intent: "cancel" })).status).toBe(302);
    const cancelled = await loadManage(testContext, token);
    expect(cancelled.data.subscription).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
    });
    expect(cancelled.data.subscription!.currentPeriodEnd).toBe(
      (await subscriptionOf(order.id)).currentPeriodEnd!.toISOString(),
    );
    const sub = await subscriptionOf(order.id);
    expect((await outboxFor(`subscription-canceled:${sub.id}`)).length).toBe(1);

    expect((await postManage(testContext, token, { intent: "resume" })).status).toBe(302);
    expect((await loadManage(testContext, token)).data.subscription).toMatchObject({
      cancelAtPeriodEnd: false,
    });
    const renews = longDate(sub.currentPeriodEnd!);
    let emails = await emailsTo("testmode@acme.example");
    expect(emails.map((e) => e.kind)).toEqual([
      "checkout-confirmation",
      "subscription-canceled",
      "subscription-resumed",
    ]);
    const continues = emails[2]!;
    expect(continues.subject).toBe("Your Pro webstore plan continues");
    expect(continues.textBody).toContain(
      `Your Pro plan is no longer cancelled: nothing ends, and it renews on ${renews} for ${formatUsd(order.recurringPaymentCents)}.`,
    );
    expect(continues.textBody).toContain("/subscription/manage?token=");

    // Cancelling again is a new change: the buyer's last email says so, not "continues".
    expect((await postManage(testContext, token, { intent: "cancel" })).status).toBe(302);
    emails = await emailsTo("testmode@acme.example");
    expect(emails.at(-1)!.kind).toBe("subscription-canceled");
    expect(emails).toHaveLength(4);

    // In test mode the link opens our own page, which cancels and resumes, and nothing else:
    // no email promises a card update or invoices.
    for (const email of emails) {
      expect(email.textBody).not.toMatch(/card|invoice/i);
      expect(email.htmlBody).not.toMatch(/card|invoice/i);
    }
    expect(confirmation!.textBody).toContain(
      "Manage your subscription: cancel at the end of the period, or resume before it ends, at",
    );
  });

  it("emails a fresh link without revealing whether the address has a subscription", async () => {
    const { sessionId } = await startCheckout(testContext, "Fresh@acme.example");
    await payInTestMode(sessionId);
    const known = await postManage(testContext, "", {
      intent: "request-link",
      email: "fresh@ACME.example",
    });
    const unknown = await postManage(testContext, "", {
      intent: "request-link",
      email: "nobody@acme.example",
    });
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    const sent = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "subscription-manage-link"));
    expect(sent.map((e) => e.toAddress)).toEqual(["Fresh@acme.example"]);

    const invalid = await postManage(testContext, "", {
      intent: "request-link",
      email: "not-an-email",
    });
    expect(invalid.status).toBe(400);
    let last = invalid;
    for (let i = 0; i < 6; i++) {
      last = await postManage(testContext, "", {
        intent: "request-link",
        email: "nobody@acme.example",
      });
    }
    expect(last.status).toBe(429);
  });
});

async function payInTestMode(sessionId: string) {
  const { location } = await outcome(() =>
    testPaymentAction({
      request: new Request(`${BASE}/checkout/test-payment/${sessionId}`, {
        method: "POST",
        body: new URLSearchParams({ cardNumber: "4242 4242 4242 4242" }),
      }),
      context: testContext,
      params: { sessionId },
    } as never),
  );
  expect(location).toMatch(/^\/checkout-success/);
}

describe("the renewal reminder job", () => {
  it("sends one reminder per annual period however often it runs", async () => {
    const { sessionId, order } = await startCheckout(testContext, "annual@acme.example", "annual");
    await payInTestMode(sessionId);
    const monthly = await startCheckout(testContext, "monthly@acme.example", "monthly");
    await payInTestMode(monthly.sessionId);
    const sub = await subscriptionOf(order.id);
    const periodEnd = sub.currentPeriodEnd!;
    const deps = {
      db: database.db,
      email: testContext.services.email,
      publicUrl: BASE,
      secret: testContext.env.AUTH_SECRET,
    };
    const reminders = () =>
      database.db
        .select()
        .from(emailOutbox)
        .where(like(emailOutbox.dedupeKey, `subscription-renewal-reminder:${sub.id}:%`));

    // Too early: a month before the renewal nothing goes out.
    await sendRenewalReminders(deps, new Date(periodEnd.getTime() - 30 * 86_400_000));
    expect(await reminders()).toHaveLength(0);

    const tenDaysBefore = new Date(periodEnd.getTime() - 10 * 86_400_000);
    for (let i = 0; i < 3; i++) await sendRenewalReminders(deps, tenDaysBefore);
    await sendRenewalReminders(deps, new Date(periodEnd.getTime() - 86_400_000));
    const sent = await reminders();
    expect(sent.map((e) => e.toAddress)).toEqual(["annual@acme.example"]);
    expect(sent[0]!.textBody).toContain("/subscription/manage?token=");
    // A test-mode plan's link can cancel, not change a card.
    expect(sent[0]!.textBody).toContain("to cancel, use the link below");
    expect(sent[0]!.textBody).not.toMatch(/card|invoice/i);
    const monthlySub = await subscriptionOf(monthly.order.id);
    expect(await outboxFor(`subscription-renewal-reminder:${monthlySub.id}`)).toHaveLength(0);

    // The next period gets its own reminder, once.
    const nextEnd = new Date(periodEnd);
    nextEnd.setUTCFullYear(nextEnd.getUTCFullYear() + 1);
    await database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: nextEnd })
      .where(eq(subscriptions.id, sub.id));
    for (let i = 0; i < 2; i++) {
      await sendRenewalReminders(deps, new Date(nextEnd.getTime() - 5 * 86_400_000));
    }
    expect(await reminders()).toHaveLength(2);

    // A plan cancelled at the period end is not reminded of a renewal that will not happen.
    await database.db
      .update(subscriptions)
      .set({
        cancelAtPeriodEnd: true,
        currentPeriodEnd: new Date(nextEnd.getTime() + 365 * 86_400_000),
      })
      .where(eq(subscriptions.id, sub.id));
    await sendRenewalReminders(deps, new Date(nextEnd.getTime() + 360 * 86_400_000));
    expect(await reminders()).toHaveLength(2);
  });
});

describe("the renewal reminder schedule", () => {
  it("is started by the server's job runner once a day and sends one reminder per period", async () => {
    const { sessionId, order } = await startCheckout(testContext, "daily@acme.example", "annual");
    await payInTestMode(sessionId);
    const sub = await subscriptionOf(order.id);
    // Renews in ten days: inside the reminder's lead time, whenever the test runs.
    await database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() + 10 * 86_400_000) })
      .where(eq(subscriptions.id, sub.id));
    const handlers = jobHandlers({
      db: database.db,
      env: testContext.env,
      logger: testContext.logger,
      services: testContext.services,
    });
    const instances = ["one", "two"].map((owner) =>
      createJobRunner({
        db: database.db,
        owner,
        handlers,
        // The reminders' schedule: the seeded sample catalogue's pictures are not this test's.
        schedules: jobSchedules.filter((s) => s.kind === RENEWAL_REMINDER_JOB),
      }),
    );
    const runAll = () => Promise.all(instances.map((runner) => runner.runDue()));
    await runAll();
    await runAll();
    const runs = await database.db.select().from(jobs).where(eq(jobs.kind, RENEWAL_REMINDER_JOB));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "succeeded", startedBy: "schedule" });
    expect(await outboxFor(`subscription-renewal-reminder:${sub.id}:`)).toHaveLength(1);

    // The next day's run finds the same period and sends nothing new.
    await database.db
      .update(jobs)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(jobs.kind, RENEWAL_REMINDER_JOB));
    await runAll();
    expect(await database.db.$count(jobs, eq(jobs.kind, RENEWAL_REMINDER_JOB))).toBe(2);
    expect(await outboxFor(`subscription-renewal-reminder:${sub.id}:`)).toHaveLength(1);
  });
});

describe("for the company", () => {
  it("counts active subscriptions by plan, MRR and past due, and exports them as CSV to admins only", async () => {
    const { sessionId, order } = await startCheckout(testContext, "formula@acme.example", "annual");
    await payInTestMode(sessionId);
    await database.db
      .update(orders)
      .set({ customerEmail: "=cmd|' /C calc'!A0" })
      .where(eq(orders.id, order.id));
    const before = await subscriptionSummary(database.db);
    const sub = await subscriptionOf(order.id);
    await database.db
      .update(subscriptions)
      .set({ status: "past_due" })
      .where(eq(subscriptions.id, sub.id));
    const after = await subscriptionSummary(database.db);
    expect(after.activeByPlan.pro).toBe(before.activeByPlan.pro - 1);
    expect(after.pastDue).toBe(before.pastDue + 1);
    expect(before.monthlyRecurringRevenueCents - after.monthlyRecurringRevenueCents).toBe(
      Math.round(order.recurringPaymentCents / 12),
    );

    await createAccount(testContext, "owner-subs@example.com", "admin");
    const cookie = await signIn(testContext, "owner-subs@example.com");
    const csv = (await settle(() =>
      csvLoader({
        request: browserRequest(testContext, "/admin/subscriptions.csv", { cookie }),
        context: testContext,
        params: {},
      } as never),
    )) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const body = await csv.text();
    expect(body).toContain("Order,Email,Plan,Interval,Status");
    expect(body).toContain(`${order.id},'=cmd|' /C calc'!A0,pro,annual,past_due`);

    const anonymous = (await settle(() =>
      csvLoader({
        request: browserRequest(testContext, "/admin/subscriptions.csv"),
        context: testContext,
        params: {},
      } as never),
    )) as Response;
    expect(anonymous.status).toBe(302);
  });

  it("shows each order's subscription status and next renewal on the Orders screen", async () => {
    await createAccount(testContext, "orders-subs@example.com", "admin");
    const cookie = await signIn(testContext, "orders-subs@example.com");
    const loadOrders = async (url: string) =>
      (await ordersLoader({
        request: browserRequest(testContext, url, { cookie }),
        context: testContext,
        params: {},
      } as never))!.orders!;
    const { sessionId, order } = await startCheckout(testContext, "screen@acme.example", "annual");
    const unpaid = await loadOrders("/admin/orders?q=screen@acme");
    expect(unpaid.rows).toMatchObject([{ id: order.id, status: "pending", subscription: null }]);

    await payInTestMode(sessionId);
    const sub = await subscriptionOf(order.id);
    const renews = formatDate(sub.currentPeriodEnd!);
    const active = (await loadOrders("/admin/orders?q=screen@acme")).rows[0]!;
    expect(active.subscription).toEqual({
      status: "active",
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: false,
      canceledAt: null,
    });
    expect(describeSubscription(active.subscription!)).toEqual({
      status: "Active",
      next: `Renews ${renews}`,
    });

    // The buyer cancels from the emailed link: the screen says so, with the end date.
    const [confirmation] = await outboxFor(`order-confirmation:${order.id}`);
    const token = decodeURIComponent(/manage\?token=([^\s"<]+)/.exec(confirmation!.textBody)![1]!);
    await postManage(testContext, token, { intent: "cancel" });
    const cancelling = (await loadOrders("/admin/orders?status=paid")).rows.find(
      (row) => row.id === order.id,
    )!;
    expect(describeSubscription(cancelling.subscription!)).toEqual({
      status: "Cancels at period end",
      next: `Ends ${renews}`,
    });

    const askedAt = new Date("2026-03-04T15:00:00Z");
    await database.db
      .update(subscriptions)
      .set({ status: "canceled", canceledAt: askedAt })
      .where(eq(subscriptions.id, sub.id));
    const ended = (await loadOrders("/admin/orders?q=screen@acme")).rows[0]!;
    expect(describeSubscription(ended.subscription!)).toEqual({
      status: "Canceled",
      next: `No renewal (canceled ${formatDate(askedAt)})`,
    });
    await database.db
      .update(subscriptions)
      .set({ status: "past_due", canceledAt: null, cancelAtPeriodEnd: false })
      .where(eq(subscriptions.id, sub.id));
    const pastDue = (await loadOrders("/admin/orders?q=screen@acme")).rows[0]!;
    expect(describeSubscription(pastDue.subscription!)).toEqual({
      status: "Past due",
      next: `Payment retrying; period ends ${renews}`,
    });
  });
});
