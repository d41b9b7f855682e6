import { and, desc, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { field } from "~/capabilities/quotes/builder";
import { addDays, businessToday } from "~/capabilities/quotes/final-price";
import {
  BUYER_TEXT,
  QUOTE_EXPIRY_JOB,
  expireSentQuotes,
  fulfilQuotePayment,
} from "~/capabilities/quotes/lifecycle.server";
import { quoteAdminMessages } from "~/capabilities/quotes/quote-admin.server";
import type { QuotePageData } from "~/capabilities/quotes/quote-page.server";
import {
  auditLog,
  emailOutbox,
  products,
  quoteArtwork,
  quoteOrders,
  quotePayments,
  quotes,
  rateLimits,
} from "~/platform/db/schema/index";
import type { FormResult } from "~/platform/forms/result";
import * as ordersScreen from "~/routes/admin/orders";
import * as quoteScreen from "~/routes/admin/quote";
import * as quotesScreen from "~/routes/admin/quotes";
import { loader as quotesCsvLoader } from "~/routes/resources/quotes-csv";
import { action as webhookAction } from "~/routes/resources/stripe-webhook";
import { action as requestAction } from "~/routes/site/quote";
import * as quotePage from "~/routes/site/quote-page";
import * as testPayment from "~/routes/site/test-payment";
import { jobHandlers, jobSchedules } from "../../server/jobs";
import { type FakeStripeApi, startFakeStripeApi } from "../fakes/stripe-api";
import { browserRequest, createAccount, signIn } from "../support/admin";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";
import { outcome } from "../support/route";

const BASE = "https://www.example.com";
const WEBHOOK_SECRET = "whsec_test_quotes";

let database: TestDatabase;
let context: AppLoadContext;
let stripeContext: AppLoadContext;
let stripeApi: FakeStripeApi;
let cookie: string;
let tee: typeof products.$inferSelect;

beforeAll(async () => {
  [database, stripeApi] = await Promise.all([
    createTestDatabase({ seed: true }),
    startFakeStripeApi(),
  ]);
  // One secret for both: a quote's signed link and the admin's session work in either.
  const AUTH_SECRET = "quote-lifecycle-test-secret-0123456789abcdef";
  context = createTestContext(database.db, { env: { AUTH_SECRET } });
  stripeContext = createTestContext(database.db, {
    env: {
      AUTH_SECRET,
      STRIPE_SECRET_KEY: "sk_test_fake_quotes",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeApi.url,
    },
  });
  await createAccount(context, "owner@example.com", "admin");
  cookie = await signIn(context, "owner@example.com");
  [tee] = (await database.db
    .select()
    .from(products)
    .where(sql`cardinality(${products.sizes}) >= 3 and ${products.category} = 'T-Shirts'`)
    .limit(1)) as [typeof products.$inferSelect];
}, 180_000);
afterAll(async () => {
  await stripeApi?.close();
  await database?.destroy();
});
beforeEach(async () => {
  await database.db.delete(rateLimits);
  await database.db.delete(emailOutbox);
  await database.db.delete(quoteOrders);
  await database.db.delete(quotePayments);
  await database.db.delete(quoteArtwork);
  await database.db.delete(quotes);
  await database.db.execute(sql`select setval('quote_number_seq', 1001, false)`);
});

// ---------------------------------------------------------------- helpers

/** A quote requested through the builder's form, as a buyer sends it; its signed page path. */
async function requestQuote(who = { name: "Dana Buyer", email: "dana@example.org" }) {
  const [s, m] = tee.sizes;
  const { status, location } = await outcome(() =>
    requestAction({
      request: new Request(`${BASE}/quote`, {
        method: "POST",
        body: new URLSearchParams({
          ...who,
          company: "Acme Rowing",
          [field.product(0)]: tee.id,
          [field.colour(0)]: tee.colors[0]!,
          [field.quantity(0, s!)]: "20",
          [field.quantity(0, m!)]: "28",
          [field.decoration(0, "front")]: "screen_print:2",
        }),
      }),
      context,
      params: {},
    } as never),
  );
  expect(status).toBe(302);
  const path = location!.replace("&sent=1", "");
  const [row] = await database.db.select().from(quotes).orderBy(desc(quotes.number)).limit(1);
  return { path, id: row!.id, label: `Q-${row!.number}`, computed: row!.computedTotalCents };
}

const admin = (url: string, form?: Record<string, string>, on = context) =>
  browserRequest(on, url, { cookie, form });

function adminQuote(id: string) {
  return outcome<{ quote: Record<string, unknown> & { lines: { amountCents: number }[] } }>(() =>
    quoteScreen.loader({
      request: admin(`/admin/quotes/${id}`),
      context,
      params: { quoteId: id },
    } as never),
  );
}

function priceQuote(id: string, form: Record<string, string>, on = context) {
  return outcome<FormResult>(() =>
    quoteScreen.action({
      request: admin(`/admin/quotes/${id}`, form, on),
      context: on,
      params: { quoteId: id },
    } as never),
  );
}

const validUntil = () => addDays(businessToday(), 14);

/** The admin's usual answer: the line at $500, a $75 rush fee, a note, 14 days, 50 %. */
const priceForm = (intent: "save" | "send", extra: Record<string, string> = {}) => ({
  intent,
  "line.0": "500.00",
  "extra.0.label": "Rush fee",
  "extra.0.amount": "75",
  buyerNote: "Proofs by Friday.",
  validUntil: validUntil(),
  depositPercent: "50",
  ...extra,
});

function buyerPage(path: string, on = context) {
  const url = new URL(path, BASE);
  return outcome<{ quote: QuotePageData | null }>(() =>
    quotePage.loader({
      request: new Request(url),
      params: { quoteLabel: url.pathname.split("/").pop()! },
      context: on,
    } as never),
  );
}

function buyerPost(path: string, form: Record<string, string>, on = context) {
  const url = new URL(path, BASE);
  return outcome<{ error: string }>(() =>
    quotePage.action({
      request: new Request(url, { method: "POST", body: new URLSearchParams(form) }),
      params: { quoteLabel: url.pathname.split("/").pop()! },
      context: on,
    } as never),
  );
}

function payInTestMode(checkoutUrl: string, card = "4242 4242 4242 4242") {
  const sessionId = decodeURIComponent(checkoutUrl.split("/").pop()!);
  return outcome(() =>
    testPayment.action({
      request: new Request(checkoutUrl, {
        method: "POST",
        body: new URLSearchParams({ cardNumber: card }),
      }),
      params: { sessionId },
      context,
    } as never),
  );
}

const emails = (kind: string) =>
  database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));

async function quoteRow(id: string) {
  const [row] = await database.db.select().from(quotes).where(eq(quotes.id, id));
  return row!;
}

// ---------------------------------------------------------------- the company's side

describe("the admin's Quotes screen", () => {
  async function insertQuotes(n: number) {
    const rows = Array.from({ length: n }, (_, i) => ({
      name: i === 3 ? "Zed Unique" : `Buyer ${i}`,
      email: i === 4 ? "only@rowing.example" : `buyer${i}@example.org`,
      company: i === 5 ? "Harbour Crew" : null,
      lines: [],
      price: { quantity: 48 },
      computedTotalCents: 10_000 + i,
      status: i === 6 ? ("sent" as const) : ("requested" as const),
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    }));
    await database.db.insert(quotes).values(rows);
  }

  const list = (query: string) =>
    outcome<{ quotes: { rows: { label: string }[]; total: number; pageCount: number } }>(() =>
      quotesScreen.loader({
        request: admin(`/admin/quotes${query}`),
        context,
        params: {},
      } as never),
    );

  it("lists quotes newest first in pages of 25, searches number, name, email and company, and filters by status", async () => {
    await insertQuotes(30);
    const first = await list("");
    expect(first.data.quotes.total).toBe(30);
    expect(first.data.quotes.pageCount).toBe(2);
    expect(first.data.quotes.rows[0]!.label).toBe("Q-1030");
    expect((await list("?page=2")).data.quotes.rows).toHaveLength(5);
    for (const [q, label] of [
      ["Q-1004", "Q-1004"],
      ["1004", "Q-1004"],
      ["zed uni", "Q-1004"],
      ["only@rowing", "Q-1005"],
      ["harbour", "Q-1006"],
    ]) {
      const found = await list(`?q=${encodeURIComponent(q!)}`);
      expect(
        found.data.quotes.rows.map((r) => r.label),
        q,
      ).toEqual([label]);
    }
    const sent = await list("?status=sent");
    expect(sent.data.quotes.rows.map((r) => r.label)).toEqual(["Q-1007"]);
    // An unknown status is no filter, never an error.
    expect((await list("?status=bogus")).data.quotes.total).toBe(30);
  });

  it("exports the filtered list as CSV, formulas neutralised", async () => {
    await insertQuotes(3);
    await database.db.update(quotes).set({ name: "=HYPERLINK(1)" }).where(eq(quotes.number, 1002));
    const response = (await quotesCsvLoader({
      request: admin("/admin/quotes.csv?q=HYPERLINK"),
      context,
      params: {},
    } as never)) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const [header, row, ...rest] = text.trim().split("\n");
    expect(header).toMatch(/^Quote,Requested,Status,Name,Email,Company/);
    expect(row).toMatch(/^Q-1002,.*,requested,'=HYPERLINK\(1\),/);
    expect(rest).toEqual([]);
  });

  it("refuses anyone who is not an admin", async () => {
    const { id } = await requestQuote();
    const anonymous = await outcome(() =>
      quoteScreen.loader({
        request: browserRequest(context, `/admin/quotes/${id}`),
        context,
        params: { quoteId: id },
      } as never),
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/admin\/auth/);
  });

  it("opens a quote with the website's price per line and the matrix's 50 % deposit, then saves and sends the company's price, audited", async () => {
    const { id, label, computed, path } = await requestQuote();
    const opened = await adminQuote(id);
    expect(opened.status).toBe(200);
    expect(opened.data.quote).toMatchObject({
      label,
      status: "requested",
      depositPercent: 50,
      validUntil: addDays(businessToday(), 30),
      editable: true,
    });
    expect(opened.data.quote.lines[0]!.amountCents).toBe(computed);

    const saved = await priceQuote(id, priceForm("save"));
    expect(saved.data).toMatchObject({
      ok: true,
      toast: { description: quoteAdminMessages.saved },
    });
    expect(await quoteRow(id)).toMatchObject({ status: "priced", finalTotalCents: 57_500 });
    // Priced but not sent: the buyer still sees the website's estimate only.
    expect((await buyerPage(path)).data.quote!.sent).toBeNull();

    const sent = await priceQuote(id, priceForm("send"));
    expect(sent.data).toMatchObject({ ok: true, toast: { description: quoteAdminMessages.sent } });
    const row = await quoteRow(id);
    expect(row).toMatchObject({
      status: "sent",
      finalTotalCents: 57_500,
      depositPercent: 50,
      depositCents: 28_750,
      buyerNote: "Proofs by Friday.",
      validUntil: validUntil(),
    });
    expect(row.finalLines).toEqual([
      expect.objectContaining({ amountCents: 50_000, lineIndex: 0 }),
      { label: "Rush fee", amountCents: 7_500, lineIndex: null },
    ]);

    const [mail] = await emails("quote-sent");
    expect(mail).toMatchObject({
      toAddress: "dana@example.org",
      subject: `Your final price for quote ${label}`,
    });
    expect(mail!.textBody).toContain(BASE + path);
    expect(mail!.textBody).toContain("$575.00");
    expect(mail!.textBody).toContain("$287.50");

    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "quote"), eq(auditLog.entityId, id)))
      .orderBy(auditLog.createdAt);
    expect(audits.map((a) => [a.action, a.actorEmail])).toEqual([
      ["price", "owner@example.com"],
      ["send", "owner@example.com"],
    ]);
    expect(audits[1]!.before).toMatchObject({ status: "priced" });
    expect(audits[1]!.after).toMatchObject({ status: "sent", depositCents: 28_750 });
  });

  it.each([
    [
      "a line price that is not money",
      { "line.0": "five hundred" },
      "line.0",
      quoteAdminMessages.lineAmount,
    ],
    ["a negative line price", { "line.0": "-5" }, "line.0", quoteAdminMessages.lineAmount],
    [
      "a line price of a billion",
      { "line.0": "1000000000" },
      "line.0",
      quoteAdminMessages.lineAmount,
    ],
    [
      "an added line without a name",
      { "extra.0.label": "" },
      "extra.0.label",
      quoteAdminMessages.extraLabel,
    ],
    [
      "a deposit of 0 %",
      { depositPercent: "0" },
      "depositPercent",
      quoteAdminMessages.depositPercent,
    ],
    [
      "a deposit of 101 %",
      { depositPercent: "101" },
      "depositPercent",
      quoteAdminMessages.depositPercent,
    ],
    [
      "a valid-until day in the past",
      { validUntil: "2020-01-01" },
      "validUntil",
      quoteAdminMessages.validUntil,
    ],
    [
      "a valid-until that is no day",
      { validUntil: "2026-02-30" },
      "validUntil",
      quoteAdminMessages.validUntil,
    ],
    [
      "a discount below the total",
      { "extra.0.amount": "-9999" },
      "form",
      quoteAdminMessages.totalNegative,
    ],
  ])(
    "refuses %s with a 422 and its message, changing nothing",
    async (_name, change, key, message) => {
      const { id } = await requestQuote();
      const { status, data } = await priceQuote(id, priceForm("send", change));
      expect(status).toBe(422);
      expect(data).toMatchObject({ ok: false, fieldErrors: { [key]: message } });
      expect(await quoteRow(id)).toMatchObject({ status: "requested", finalLines: null });
      expect(await emails("quote-sent")).toEqual([]);
    },
  );

  it("answers an unknown intent with 400 and an unknown quote with 404", async () => {
    const { id } = await requestQuote();
    expect((await priceQuote(id, priceForm("send", { intent: "publish" }))).status).toBe(400);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await adminQuote(missing)).status).toBe(404);
    expect((await adminQuote("not-a-uuid")).status).toBe(404);
    expect((await priceQuote(missing, priceForm("save"))).status).toBe(404);
  });
});

// ---------------------------------------------------------------- the buyer's side

describe("the buyer's answer on the signed link", () => {
  async function sentQuote() {
    const quote = await requestQuote();
    expect((await priceQuote(quote.id, priceForm("send"))).data).toMatchObject({ ok: true });
    return quote;
  }

  it("shows the final price once sent, accepts, pays the deposit in test mode and becomes one order, whatever is repeated", async () => {
    const { path, id, label } = await sentQuote();
    const page = await buyerPage(path);
    expect(page.data.quote).toMatchObject({
      status: "sent",
      canAnswer: true,
      sent: { totalCents: 57_500, depositCents: 28_750, buyerNote: "Proofs by Friday." },
    });

    // A tampered amount in the form is not read: the deposit is the one the company set.
    const accepted = await buyerPost(path, {
      intent: "accept",
      amountCents: "1",
      depositCents: "1",
    });
    expect(accepted.status).toBe(302);
    expect(accepted.location).toMatch(
      /^https:\/\/www\.example\.com\/checkout\/test-payment\/test_cs_/,
    );
    // A double submit opens the same payment.
    const again = await buyerPost(path, { intent: "accept" });
    expect(again.location).toBe(accepted.location);
    const payments = await database.db.select().from(quotePayments);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amountCents: 28_750, status: "pending", provider: "test" });
    expect(await quoteRow(id)).toMatchObject({ status: "accepted" });

    // The test payment page says what is paid; a declined card pays nothing.
    const sessionId = accepted.location!.split("/").pop()!;
    const shown = await outcome<{ order: { summary: string; dueCents: number } }>(() =>
      testPayment.loader({
        request: new Request(accepted.location!),
        params: { sessionId },
        context,
      } as never),
    );
    expect(shown.data.order).toMatchObject({
      summary: `Deposit for quote ${label}, for dana@example.org.`,
      dueCents: 28_750,
    });
    expect((await payInTestMode(accepted.location!, "4000 0000 0000 0002")).status).toBe(402);
    expect(await database.db.$count(quoteOrders)).toBe(0);

    const paid = await payInTestMode(accepted.location!);
    expect(paid.status).toBe(302);
    expect(paid.location).toBe(path);
    // Replays: the payment page again, the fulfilment again (a webhook's retry).
    await payInTestMode(accepted.location!);
    await fulfilQuotePayment(context, sessionId);

    const orders = await database.db.select().from(quoteOrders);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      quoteId: id,
      totalCents: 57_500,
      depositPaidCents: 28_750,
      customerEmail: "dana@example.org",
    });
    expect(await quoteRow(id)).toMatchObject({ status: "paid" });
    const confirmations = await emails("quote-order-confirmation");
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.toAddress).toBe("dana@example.org");
    expect(confirmations[0]!.textBody).toContain("$287.50");
    expect((await buyerPage(path)).data.quote).toMatchObject({ status: "paid", canAnswer: false });

    // Accepting a paid quote: a clear 409, no second payment.
    const late = await buyerPost(path, { intent: "accept" });
    expect(late).toMatchObject({ status: 409, data: { error: BUYER_TEXT.paid } });

    // The Orders screen lists it under bulk orders; the admin can no longer change the price.
    const bulk = await outcome<{ bulk: { rows: { label: string; depositPaidCents: number }[] } }>(
      () =>
        ordersScreen.loader({
          request: admin("/admin/orders?type=bulk"),
          context,
          params: {},
        } as never),
    );
    expect(bulk.data.bulk.rows).toEqual([
      expect.objectContaining({ label, depositPaidCents: 28_750 }),
    ]);
    const locked = await priceQuote(id, priceForm("send"));
    expect(locked).toMatchObject({
      status: 409,
      data: { toast: { description: quoteAdminMessages.locked } },
    });
  });

  it("answers a forged token with 404 on the page and on both answers", async () => {
    const { path } = await sentQuote();
    const forged = path.replace(/t=(.)/, (_m, c: string) => `t=${c === "A" ? "B" : "A"}`);
    expect((await buyerPage(forged)).status).toBe(404);
    expect((await buyerPost(forged, { intent: "accept" })).status).toBe(404);
    expect((await buyerPost(forged, { intent: "decline", reason: "x" })).status).toBe(404);
    expect(await database.db.$count(quotePayments)).toBe(0);
  });

  it("refuses to accept before the price is sent, and answers an unknown intent with 400", async () => {
    const { path } = await requestQuote();
    expect(await buyerPost(path, { intent: "accept" })).toMatchObject({
      status: 409,
      data: { error: BUYER_TEXT.notPriced },
    });
    expect((await buyerPost(path, { intent: "pay-less" })).status).toBe(400);
  });

  it("declines with a reason (a reason is required), tells the company, and refuses a later accept", async () => {
    const { path, id } = await sentQuote();
    expect(await buyerPost(path, { intent: "decline", reason: "   " })).toMatchObject({
      status: 400,
      data: { error: BUYER_TEXT.reasonMissing },
    });
    expect((await buyerPost(path, { intent: "decline", reason: "x".repeat(1001) })).status).toBe(
      400,
    );
    const declined = await buyerPost(path, {
      intent: "decline",
      reason: "We found a cheaper printer.",
    });
    expect(declined.status).toBe(302);
    expect(await quoteRow(id)).toMatchObject({
      status: "declined",
      declineReason: "We found a cheaper printer.",
    });
    const [told] = await emails("quote-answered");
    expect(told!.textBody).toContain("We found a cheaper printer.");
    expect(await buyerPost(path, { intent: "accept" })).toMatchObject({
      status: 409,
      data: { error: BUYER_TEXT.declined },
    });
  });

  it("refuses to accept past the valid-until day, and the hourly job marks such quotes expired", async () => {
    const { path, id } = await sentQuote();
    const other = await sentQuote();
    const yesterday = addDays(businessToday(), -1);
    await database.db.update(quotes).set({ validUntil: yesterday }).where(eq(quotes.id, id));

    const refused = await buyerPost(path, { intent: "accept" });
    expect(refused).toMatchObject({ status: 409, data: { error: BUYER_TEXT.expired(yesterday) } });
    expect(await database.db.$count(quotePayments)).toBe(0);

    expect(jobSchedules.find((s) => s.kind === QUOTE_EXPIRY_JOB)?.everyMs).toBe(3_600_000);
    expect(
      jobHandlers({
        db: database.db,
        env: context.env,
        logger: context.logger,
        services: context.services,
      })[QUOTE_EXPIRY_JOB],
    ).toBeTypeOf("function");
    expect(await expireSentQuotes(database.db)).toEqual({ expired: 1 });
    expect(await quoteRow(id)).toMatchObject({ status: "expired" });
    expect(await quoteRow(other.id)).toMatchObject({ status: "sent" });
    expect(await expireSentQuotes(database.db)).toEqual({ expired: 0 });
    expect((await buyerPage(path)).data.quote).toMatchObject({
      status: "expired",
      canAnswer: false,
    });
    expect(await buyerPost(path, { intent: "accept" })).toMatchObject({
      status: 409,
      data: { error: BUYER_TEXT.expired(yesterday) },
    });
    // The company can price it again and send it with a new day.
    expect((await priceQuote(id, priceForm("send"))).data).toMatchObject({ ok: true });
    expect(await quoteRow(id)).toMatchObject({ status: "sent", validUntil: validUntil() });
  });
});

// ---------------------------------------------------------------- Stripe

describe("the deposit through Stripe Checkout (against the fake Stripe API)", () => {
  function sendWebhook(payload: object) {
    const body = JSON.stringify(payload);
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

  it("opens a one-off payment session for the deposit, and a replayed checkout.session.completed makes one order", async () => {
    const { path, id } = await requestQuote();
    await priceQuote(id, priceForm("send"), stripeContext);
    stripeApi.reset();
    const accepted = await buyerPost(path, { intent: "accept" }, stripeContext);
    expect(accepted.location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_fake_/);
    const created = stripeApi.requests.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(created.params).toMatchObject({
      mode: "payment",
      customer_email: "dana@example.org",
      "line_items[0][price_data][unit_amount]": "28750",
      "line_items[0][price_data][currency]": "usd",
    });
    expect(created.params.success_url).toContain(`${path}&session_id={CHECKOUT_SESSION_ID}`);
    expect(created.idempotencyKey).toMatch(/^payment-session:/);

    const sessionId = accepted.location!.split("/").pop()!;
    const session = stripeApi.completeSession(sessionId);
    const event = {
      id: "evt_quote_paid",
      object: "event",
      type: "checkout.session.completed",
      data: { object: session },
    };
    for (let i = 0; i < 3; i++) expect((await sendWebhook(event)).status).toBe(200);
    expect(await database.db.$count(quoteOrders)).toBe(1);
    expect(await quoteRow(id)).toMatchObject({ status: "paid" });
    expect(await emails("quote-order-confirmation")).toHaveLength(1);
  });

  it("confirms the payment when the buyer returns before the webhook arrives", async () => {
    const { path, id } = await requestQuote();
    await priceQuote(id, priceForm("send"), stripeContext);
    const accepted = await buyerPost(path, { intent: "accept" }, stripeContext);
    const sessionId = accepted.location!.split("/").pop()!;
    // Back without paying: still accepted, and Accept reopens the same page.
    const back = await buyerPage(`${path}&session_id=${sessionId}`, stripeContext);
    expect(back.data.quote).toMatchObject({ status: "accepted" });
    expect((await buyerPost(path, { intent: "accept" }, stripeContext)).location).toBe(
      accepted.location,
    );
    stripeApi.completeSession(sessionId);
    const returned = await buyerPage(`${path}&session_id=${sessionId}`, stripeContext);
    expect(returned.data.quote).toMatchObject({ status: "paid" });
    expect(await database.db.$count(quoteOrders, eq(quoteOrders.quoteId, id))).toBe(1);
  });
});
