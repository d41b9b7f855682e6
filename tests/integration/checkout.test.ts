import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  couponCodes,
  emailOutbox,
  orders,
  pricingTiers,
  rateLimits,
} from "~/platform/db/schema/index";
import type { CheckoutState } from "~/capabilities/checkout/checkout-form";
import type { FormResult } from "~/platform/forms/result";
import { CHECKOUT_LIMIT } from "~/capabilities/checkout/checkout.server";
import { COUPON_LOOKUP_LIMIT } from "~/capabilities/checkout/coupons.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/site/checkout";
import { loader as successLoader } from "~/routes/site/checkout-success";
import { loader as pricingLoader } from "~/routes/site/pricing";
import { listPricingTiers } from "~/capabilities/pricing/pricing.server";
import { type TierPrices, updatePricingTiers } from "~/capabilities/pricing/tiers-admin.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import {
  action as testPaymentAction,
  loader as testPaymentLoader,
} from "~/routes/site/test-payment";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";
import { outcome } from "../support/route";
import { expectConsoleErrors } from "../support/fail-on-console-error";

let database: TestDatabase;
let context: AppLoadContext;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  context = createTestContext(database.db);
  await database.db.insert(couponCodes).values([
    { code: "WELCOME20", discountPercentage: 20, firstTransactionOnly: true },
    { code: "Forever10", discountPercentage: 10, firstTransactionOnly: false },
    { code: "FIFTY", discountAmountCents: 5_000, firstTransactionOnly: true },
    { code: "RETIRED", discountPercentage: 50, isActive: false },
    { code: "STAFFONLY", discountPercentage: 50, allowOnCheckout: false },
    { code: "SUMMER", discountPercentage: 30, expiresAt: new Date("2020-08-31T00:00:00Z") },
  ]);
});
afterAll(() => database.destroy());
// Each test starts with no lookups counted against any address and the plan prices as seeded
// (read once, before any test changed them).
let seededTiers: (typeof pricingTiers.$inferSelect)[];
beforeAll(async () => {
  seededTiers = await database.db.select().from(pricingTiers);
});
beforeEach(async () => {
  await database.db.delete(rateLimits);
  await database.db.delete(pricingTiers);
  await database.db.insert(pricingTiers).values(seededTiers);
});

const BASE = "https://www.example.com";

const loadCheckout = (query: string, ctx = context) =>
  outcome(() =>
    checkoutLoader({
      request: new Request(`${BASE}/checkout${query}`),
      context: ctx,
      params: {},
    } as never),
  );

const postCheckout = (query: string, fields: Record<string, string>, ctx = context) =>
  outcome<FormResult<CheckoutState> & { fieldErrors?: Record<string, string> }>(() =>
    checkoutAction({
      request: new Request(`${BASE}/checkout${query}`, {
        method: "POST",
        body: new URLSearchParams(fields),
      }),
      context: ctx,
      params: {},
    } as never),
  );

const applyCoupon = (code: string) =>
  postCheckout("?plan=pro&interval=annual", { intent: "apply-coupon", couponCode: code });

const loadSuccess = (query: string) =>
  outcome(() =>
    successLoader({
      request: new Request(`${BASE}/checkout-success${query}`),
      context,
      params: {},
    } as never),
  );

const confirmationEmails = (orderId: string) =>
  database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `order-confirmation:${orderId}`));

async function payInTestMode(sessionId: string, cardNumber: string) {
  return outcome(() =>
    testPaymentAction({
      request: new Request(`${BASE}/checkout/test-payment/${sessionId}`, {
        method: "POST",
        body: new URLSearchParams({ cardNumber }),
      }),
      context,
      params: { sessionId },
    } as never),
  );
}

describe("the pricing page", () => {
  it("lists core, pro and elite with their stored prices, annual by default", async () => {
    const { data } = await outcome<{
      interval: string;
      tiers: { name: string; annualPriceCents: number }[];
    }>(() =>
      pricingLoader({ request: new Request(`${BASE}/pricing`), context, params: {} } as never),
    );
    const { interval, tiers } = data as {
      interval: string;
      tiers: { name: string; annualPriceCents: number }[];
    };
    expect(interval).toBe("annual");
    expect(tiers.map((t) => t.name)).toEqual(["core", "pro", "elite"]);
    expect(tiers[1]!.annualPriceCents).toBe(42_000);
  });

  it("reads a monthly interval and ignores anything else", async () => {
    for (const [query, expected] of [
      ["?interval=monthly", "monthly"],
      ["?interval=weekly", "annual"],
    ]) {
      const { data } = await outcome<{ interval: string }>(() =>
        pricingLoader({
          request: new Request(`${BASE}/pricing${query}`),
          context,
          params: {},
        } as never),
      );
      expect((data as { interval: string }).interval).toBe(expected);
    }
  });

  it("has no tiers to show when none are stored, and none when they cannot be read", async () => {
    const load = (ctx: AppLoadContext) =>
      outcome<{ tiers: unknown[] | null }>(() =>
        pricingLoader({
          request: new Request(`${BASE}/pricing`),
          context: ctx,
          params: {},
        } as never),
      );
    const stored = await database.db.delete(pricingTiers).returning();
    try {
      expect((await load(context)).data.tiers).toEqual([]);
    } finally {
      await database.db.insert(pricingTiers).values(stored);
    }
    expectConsoleErrors(1);
    const broken = {
      ...context,
      db: new Proxy(context.db, {
        get: (target, key) =>
          key === "select"
            ? () => {
                throw new Error("connection lost");
              }
            : Reflect.get(target, key),
      }),
    } as AppLoadContext;
    expect((await load(broken)).data.tiers).toBeNull();
  });
});

describe("the checkout page", () => {
  it.each(["", "?plan=", "?plan=platinum&interval=annual", "?plan=PRO"])(
    "sends %s back to /pricing",
    async (query) => {
      expect(await loadCheckout(query)).toMatchObject({ status: 302, location: "/pricing" });
    },
  );

  it("takes monthly or annual and treats any other interval as annual", async () => {
    expect((await loadCheckout("?plan=core&interval=monthly")).data).toMatchObject({
      plan: "core",
      interval: "monthly",
      prices: { monthlyPriceCents: 2_000, setupFeeCents: 25_000 },
    });
    expect((await loadCheckout("?plan=elite&interval=yearly")).data).toMatchObject({
      interval: "annual",
    });
  });

  it("says 'Failed to load pricing details. Please try again.' when the plan has no price", async () => {
    expect((await loadCheckout("?plan=pro")).data).toMatchObject({ pricingError: null });
    const [pro] = await database.db
      .delete(pricingTiers)
      .where(eq(pricingTiers.name, "pro"))
      .returning();
    try {
      // The page keeps the prices it showed until the content moves on, as an admin's save does.
      expect((await loadCheckout("?plan=pro")).data).toMatchObject({ pricingError: null });
      await bumpContentVersion(database.db);
      const { data } = await loadCheckout("?plan=pro");
      expect(data).toMatchObject({
        prices: null,
        pricingError: "Failed to load pricing details. Please try again.",
      });
    } finally {
      await database.db.insert(pricingTiers).values(pro!);
      await bumpContentVersion(database.db);
    }
  });

  it("shows a plan's new prices on the next checkout once an admin has saved them", async () => {
    const shown = async () =>
      ((await loadCheckout("?plan=elite")).data as { prices: TierPrices }).prices;
    const before = await shown();
    const tiers = await listPricingTiers(database.db);
    await updatePricingTiers(
      database.db,
      { id: null, email: "owner@example.com" },
      tiers.map((tier) =>
        tier.name === "elite" ? { ...tier, setupFeeCents: tier.setupFeeCents + 100 } : tier,
      ),
    );
    expect(await shown()).toMatchObject({ setupFeeCents: before.setupFeeCents + 100 });
  });
});

describe("coupons at checkout", () => {
  it("applies a code case-insensitively and returns its terms", async () => {
    const { status, data } = await applyCoupon("  welcome20 ");
    expect(status).toBe(200);
    expect(data.data?.coupon).toMatchObject({
      code: "WELCOME20",
      discountPercentage: 20,
      firstTransactionOnly: true,
    });
  });

  it.each([
    ["", "Please enter a coupon code"],
    ["NOPE", "Invalid or expired coupon code"],
    ["retired", "Invalid or expired coupon code"],
    ["STAFFONLY", "Invalid or expired coupon code"],
    ["summer", "This coupon has expired"],
  ])("rejects %j with '%s'", async (code, message) => {
    const { status, data } = await applyCoupon(code);
    expect(status).toBe(400);
    expect(data.fieldErrors?.couponCode).toBe(message);
  });

  it("removes an applied coupon", async () => {
    const { data } = await postCheckout("?plan=pro", {
      intent: "remove-coupon",
      appliedCoupon: JSON.stringify({
        code: "WELCOME20",
        discountPercentage: 20,
        discountAmountCents: null,
        firstTransactionOnly: true,
      }),
    });
    expect(data.data?.coupon).toBeNull();
  });

  it("stops guessing: lookups beyond the limit per address are refused, even for good codes", async () => {
    for (let i = 0; i < COUPON_LOOKUP_LIMIT.limit; i++) await applyCoupon(`GUESS${i}`);
    const { data } = await applyCoupon("WELCOME20");
    expect(data.data?.coupon).toBeNull();
    expect(data.fieldErrors?.couponCode).toBe(
      "Too many coupon attempts. Please wait a few minutes and try again.",
    );
    // Another visitor is not affected.
    const other = { ...context, clientIp: "198.51.100.9" };
    const { data: theirs } = await postCheckout(
      "?plan=pro",
      { intent: "apply-coupon", couponCode: "WELCOME20" },
      other,
    );
    expect(theirs.data?.coupon).toMatchObject({ code: "WELCOME20" });
  });

  it("says 'Error validating coupon code' when the lookup itself fails", async () => {
    expectConsoleErrors(1);
    const broken = {
      ...context,
      db: new Proxy(context.db, {
        get: (target, key) =>
          key === "select" || key === "insert"
            ? () => {
                throw new Error("connection lost");
              }
            : Reflect.get(target, key),
      }),
    } as AppLoadContext;
    const { data } = await postCheckout(
      "?plan=pro",
      { intent: "apply-coupon", couponCode: "WELCOME20" },
      broken,
    );
    expect(data.fieldErrors?.couponCode).toBe("Error validating coupon code");
  });
});

describe("starting a payment", () => {
  it.each([
    ["", "Please enter your email address"],
    ["   ", "Please enter your email address"],
    ["buyer@", "Please enter a valid email address"],
    ["buyer example.com", "Please enter a valid email address"],
  ])("rejects the email %j with '%s' and records no order", async (email, message) => {
    const before = (await database.db.select().from(orders)).length;
    const { status, data } = await postCheckout("?plan=pro", { intent: "pay", email });
    expect(status).toBe(400);
    expect(data.fieldErrors?.email).toBe(message);
    expect(await database.db.select().from(orders)).toHaveLength(before);
  });

  it("computes every amount on the server from the stored plan and coupon, whatever the form says", async () => {
    const { status, location } = await postCheckout("?plan=pro&interval=annual", {
      intent: "pay",
      email: "  buyer@acme.example ",
      // A tampered coupon claiming 100% off: only its code counts, and the code is looked up.
      appliedCoupon: JSON.stringify({
        code: "welcome20",
        discountPercentage: 100,
        discountAmountCents: null,
        firstTransactionOnly: false,
      }),
      firstPaymentCents: "1",
      price: "0",
    });
    expect(status).toBe(302);
    const sessionId = /\/checkout\/test-payment\/([^/?]+)$/.exec(location ?? "")?.[1];
    expect(sessionId).toBeTruthy();
    const [order] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, sessionId!));
    expect(order).toMatchObject({
      plan: "pro",
      interval: "annual",
      customerEmail: "buyer@acme.example",
      couponCode: "WELCOME20",
      planPriceCents: 42_000,
      setupFeeCents: 50_000,
      // 42,000 + 50,000 − 20 % of 42,000; the coupon is for the first payment only.
      firstPaymentCents: 83_600,
      recurringPaymentCents: 42_000,
      provider: "test",
      status: "pending",
    });
  });

  it("answers the enhanced page with the payment URL instead of a redirect", async () => {
    const { status, data } = await postCheckout("?plan=core&interval=monthly", {
      intent: "pay",
      email: "team@acme.example",
      respond: "json",
    });
    expect(status).toBe(200);
    expect(data.data?.checkoutUrl).toMatch(
      /^https:\/\/www\.example\.com\/checkout\/test-payment\//,
    );
  });

  it("refuses a coupon that was valid when applied but expired since", async () => {
    const { data } = await postCheckout("?plan=pro", {
      intent: "pay",
      email: "buyer@acme.example",
      appliedCoupon: JSON.stringify({
        code: "SUMMER",
        discountPercentage: 30,
        discountAmountCents: null,
        firstTransactionOnly: true,
      }),
    });
    expect(data).toMatchObject({
      data: { coupon: null },
      fieldErrors: { couponCode: "This coupon has expired" },
    });
  });

  it.each([
    ["?plan=elite&interval=annual'--", "elite", "annual"],
    ["?plan=core&interval=", "core", "annual"],
    ["?plan=pro&interval=monthly&interval=annual", "pro", "monthly"],
  ])("reads the tampered query %s as plan %s, %s", async (query, plan, interval) => {
    const { location } = await postCheckout(query, { intent: "pay", email: "q@acme.example" });
    const sessionId = location!.split("/").pop()!;
    const [order] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, sessionId));
    expect(order).toMatchObject({ plan, interval });
  });

  it("limits how many payment sessions one address can open", async () => {
    const other = { ...context, clientIp: "192.0.2.44" };
    const results = [];
    for (let i = 0; i <= CHECKOUT_LIMIT.limit; i++) {
      results.push(
        await postCheckout("?plan=core", { intent: "pay", email: `spam${i}@acme.example` }, other),
      );
    }
    expect(results.slice(0, -1).every((r) => r.status === 302)).toBe(true);
    expect(results.at(-1)!.data.toast?.description).toBe(
      "Too many checkout attempts. Please wait a few minutes and try again.",
    );
  });

  it("sends a post without a known plan back to /pricing", async () => {
    const { status, location } = await postCheckout("?plan=diamond", {
      intent: "pay",
      email: "q@acme.example",
    });
    expect({ status, location }).toEqual({ status: 302, location: "/pricing" });
  });

  it("says 'Failed to create checkout session. Please try again.' when the order cannot be recorded", async () => {
    expectConsoleErrors(1);
    await database.db.execute(sql`alter table orders add constraint block check (false) not valid`);
    try {
      const { status, data } = await postCheckout("?plan=pro", {
        intent: "pay",
        email: "buyer@acme.example",
      });
      expect(status).toBe(502);
      expect(data.toast?.description).toBe("Failed to create checkout session. Please try again.");
    } finally {
      await database.db.execute(sql`alter table orders drop constraint block`);
    }
  });
});

describe("test-mode payment and the success page", () => {
  async function newSession(email = "pay@acme.example") {
    const { location } = await postCheckout("?plan=pro&interval=annual", {
      intent: "pay",
      email,
    });
    return location!.split("/").pop()!;
  }

  it("redirects to / without a session_id", async () => {
    expect(await loadSuccess("")).toMatchObject({ status: 302, location: "/" });
    expect(await loadSuccess("?session_id=")).toMatchObject({ status: 302, location: "/" });
  });

  it("says plainly that an unknown session is not confirmed", async () => {
    expect((await loadSuccess("?session_id=cs_nobody")).data).toEqual({ state: "unknown" });
  });

  it("does not confirm an unpaid session or send an email for it", async () => {
    const sessionId = await newSession();
    expect((await loadSuccess(`?session_id=${sessionId}`)).data).toEqual({ state: "unpaid" });
    const [order] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, sessionId));
    expect(order!.status).toBe("pending");
    expect(await confirmationEmails(order!.id)).toHaveLength(0);
  });

  it("declines 4000 0000 0000 0002 with a clear message and leaves the order unpaid", async () => {
    const sessionId = await newSession();
    const { status, data } = await payInTestMode(sessionId, "4000 0000 0000 0002");
    expect(status).toBe(402);
    expect((data as { toast: { description: string } }).toast.description).toBe(
      "Your card was declined. No payment was taken. Try the test card 4242 4242 4242 4242.",
    );
    expect((await loadSuccess(`?session_id=${sessionId}`)).data).toEqual({ state: "unpaid" });
  });

  it("pays with 4242 4242 4242 4242, and reloads and replays still send exactly one email", async () => {
    const sessionId = await newSession("once@acme.example");
    const paid = await payInTestMode(sessionId, "4242 4242 4242 4242");
    expect(paid).toMatchObject({
      status: 302,
      location: `/checkout-success?session_id=${sessionId}`,
    });
    for (let i = 0; i < 3; i++) {
      expect((await loadSuccess(`?session_id=${sessionId}`)).data).toMatchObject({
        state: "paid",
        plan: "pro",
        email: "once@acme.example",
      });
    }
    // Paying again is not possible: the payment page sends the buyer to the success page.
    expect(
      await outcome(() =>
        testPaymentLoader({ context, params: { sessionId }, request: new Request(BASE) } as never),
      ),
    ).toMatchObject({ status: 302 });
    await payInTestMode(sessionId, "4242424242424242");

    const [order] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, sessionId));
    expect(order!.status).toBe("paid");
    expect(order!.paidAt).toBeInstanceOf(Date);
    const emails = await confirmationEmails(order!.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      kind: "checkout-confirmation",
      toAddress: "once@acme.example",
      subject: "Your Pro webstore plan is confirmed",
    });
    expect(emails[0]!.textBody).toContain("Paid today: $920");
    expect(emails[0]!.textBody).toContain(
      "https://forms.example.com/merch-simplified/webstore-intake",
    );
  });

  it("answers an unknown test payment link with 404", async () => {
    const result = await outcome(() =>
      testPaymentLoader({
        context,
        params: { sessionId: "test_cs_missing" },
        request: new Request(BASE),
      } as never),
    );
    expect(result).toMatchObject({ status: 404, data: { order: null } });
  });
});

describe("pricing data", () => {
  it("the checkout reads the price an admin just changed", async () => {
    await database.db
      .update(pricingTiers)
      .set({ monthlyPriceCents: 2_500 })
      .where(eq(pricingTiers.name, "core"));
    const { location } = await postCheckout("?plan=core&interval=monthly", {
      intent: "pay",
      email: "new@acme.example",
    });
    const [order] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, location!.split("/").pop()!));
    expect(order).toMatchObject({ planPriceCents: 2_500, firstPaymentCents: 27_500 });
  });
});
