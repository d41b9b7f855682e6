import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessWeeks, quoteFigures } from "~/capabilities/dashboard/dashboard.server";
import { subscriptionSummary } from "~/capabilities/subscriptions/admin.server";
import {
  contactMessages,
  orders,
  quoteOrders,
  quotePayments,
  quotes,
  subscriptions,
} from "~/platform/db/schema/index";
import * as dashboardScreen from "~/routes/admin/dashboard";
import { browserRequest, createAccount, signIn } from "../support/admin";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";
import { expectConsoleErrors } from "../support/fail-on-console-error";

// The dashboard's figures from rows written at known times, on PGlite or (TEST_DATABASE_URL)
// PostgreSQL: the week a row falls in is computed by the database.

const NOW = new Date("2026-11-27T17:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number, hours = 0) => new Date(NOW.getTime() - days * DAY - hours * 3_600_000);

let database: TestDatabase;
let context: AppLoadContext;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  context = createTestContext(database.db);
  const db = database.db;

  const message = (createdAt: Date) => ({
    name: "Ann",
    email: "ann@example.com",
    message: "Hi",
    createdAt,
  });
  await db.insert(contactMessages).values([
    message(ago(0, 1)), // the newest week
    message(ago(7, 1)), // the week before
    message(ago(84)), // the first instant of the oldest week
    message(ago(83)),
    message(ago(85)), // before the twelve weeks
  ]);

  const quote = (
    status: (typeof quotes.$inferInsert)["status"],
    totalCents: number,
    createdAt: Date,
    updatedAt = createdAt,
    more: Partial<typeof quotes.$inferInsert> = {},
  ) => ({
    status,
    name: "Buyer",
    email: "buyer@example.com",
    lines: [],
    price: {},
    computedTotalCents: totalCents,
    createdAt,
    updatedAt,
    ...more,
  });
  const written = await db
    .insert(quotes)
    .values([
      quote("requested", 10_000, ago(2)),
      quote("priced", 25_000, ago(10)),
      // Open, asked for before the chart's weeks; the company's final price counts.
      quote("sent", 100_000, ago(100), ago(4), { finalTotalCents: 90_000, sentAt: ago(4) }),
      quote("accepted", 50_000, ago(20), ago(5), { acceptedAt: ago(5) }),
      quote("paid", 80_000, ago(40), ago(30), { acceptedAt: ago(31), paidAt: ago(30) }),
      quote("declined", 30_000, ago(70), ago(60), { declinedAt: ago(60) }),
      // Decided before the 90 days (one changed since, by a note).
      quote("declined", 30_000, ago(120), ago(91), { declinedAt: ago(91) }),
      quote("accepted", 30_000, ago(120), ago(1), { acceptedAt: ago(95) }),
      quote("expired", 20_000, ago(130), ago(100)),
    ])
    .returning();
  // The paid quote became a bulk order 30 days ago.
  const paidQuote = written.find((q) => q.status === "paid")!;
  const [payment] = await db
    .insert(quotePayments)
    .values({
      quoteId: paidQuote.id,
      amountCents: 40_000,
      provider: "test",
      status: "paid",
      paidAt: ago(30),
    })
    .returning();
  await db.insert(quoteOrders).values({
    quoteId: paidQuote.id,
    paymentId: payment!.id,
    customerName: "Buyer",
    customerEmail: "buyer@example.com",
    totalCents: 80_000,
    depositPaidCents: 40_000,
    createdAt: ago(30),
  });

  const order = (
    plan: "core" | "pro" | "elite",
    interval: "monthly" | "annual",
    recurringCents: number,
    paidAt: Date | null,
  ) => ({
    plan,
    interval,
    customerEmail: "buyer@example.com",
    planPriceCents: recurringCents,
    setupFeeCents: 0,
    firstPaymentCents: recurringCents,
    recurringPaymentCents: recurringCents,
    provider: "test" as const,
    status: paidAt ? ("paid" as const) : ("pending" as const),
    paidAt,
    createdAt: paidAt ?? ago(1),
  });
  const [monthly, annual, pastDue, incomplete] = await db
    .insert(orders)
    .values([
      order("pro", "monthly", 4_900, ago(20)),
      order("elite", "annual", 83_200, ago(100)),
      order("core", "monthly", 2_000, ago(60)),
      order("core", "monthly", 2_000, ago(3)),
      order("core", "monthly", 2_000, null), // never paid
      order("pro", "monthly", 4_900, ago(50)),
    ])
    .returning();
  const subscription = (
    o: typeof monthly,
    status: (typeof subscriptions.$inferInsert)["status"],
    createdAt: Date,
    updatedAt: Date,
    canceledAt: Date | null = null,
  ) => ({
    orderId: o!.id,
    plan: o!.plan,
    interval: o!.interval,
    provider: "test" as const,
    status,
    createdAt,
    updatedAt,
    canceledAt,
  });
  await db
    .insert(subscriptions)
    .values([
      subscription(monthly, "active", ago(20), ago(20)),
      subscription(annual, "canceled", ago(100), ago(30), ago(30)),
      subscription(pastDue, "past_due", ago(60), ago(10)),
      subscription(incomplete, "incomplete", ago(3), ago(3)),
    ]);
}, 180_000);
afterAll(() => database.destroy());

describe("the dashboard's figures", () => {
  it("counts open quotes and their value, and the share of the last 90 days' decisions accepted", async () => {
    expect(await quoteFigures(database.db, NOW)).toEqual({
      open: 3,
      openValueCents: 125_000,
      decided: 3, // accepted, paid, declined; not the ones decided 91, 95 and 100 days ago
      accepted: 2,
      acceptedPercent: 67,
    });
  });

  it("counts messages, quote requests and paid orders by week, oldest first", async () => {
    const { weeks, series } = await businessWeeks(database.db, NOW);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toMatchObject({ start: "2026-09-04T17:00:00.000Z", label: "Sep 11" });
    expect(weeks[11]).toMatchObject({ end: NOW.toISOString(), label: "Nov 27" });
    const values = Object.fromEntries(series.map((s) => [s.key, s.values]));
    expect(values.contactMessages).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
    // Asked for 2, 10, 20, 40 and 70 days ago (the others before the twelve weeks).
    expect(values.quotesRequested).toEqual([0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 1]);
    // Plans paid 3, 20, 50 and 60 days ago (the 100-day-old one is before, the pending one not
    // paid) and the bulk order of 30 days ago.
    expect(values.paidOrders).toEqual([0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1]);
  });

  it("draws monthly recurring revenue at each week's end, ending at the Subscriptions card's figure", async () => {
    const { series } = await businessWeeks(database.db, NOW);
    const mrr = series.find((s) => s.key === "recurringRevenue")!.values;
    // Annual elite $832 a year ($69.33 a month) until cancelled 30 days ago; core $20 a month
    // from 60 days ago until it fell past due 10 days ago; pro $49 a month from 20 days ago.
    expect(mrr).toEqual([
      6_933, 6_933, 6_933, 8_933, 8_933, 8_933, 8_933, 2_000, 2_000, 6_900, 4_900, 4_900,
    ]);
    expect(mrr.at(-1)).toBe((await subscriptionSummary(database.db)).monthlyRecurringRevenueCents);
  });

  it("puts the quote figures and the twelve weeks on the admin's dashboard", async () => {
    await createAccount(context, "owner@example.com", "admin");
    const cookie = await signIn(context, "owner@example.com");
    const data = await dashboardScreen.loader({
      request: browserRequest(context, "/admin", { cookie }),
      context,
      params: {},
    } as never);
    expect(data.quotes).toMatchObject({ open: 3, openValueCents: 125_000 });
    expect(data.weeks!.series.map((s) => s.title)).toEqual([
      "Contact messages",
      "Quotes requested",
      "Paid orders",
      "Monthly recurring revenue",
    ]);
  });

  it("shows the rest of the dashboard when the quotes cannot be read", async () => {
    expectConsoleErrors(2); // the quote figures and the weeks both read quotes
    const cookie = await signIn(context, "owner@example.com");
    // The database, except that reading the quotes table fails.
    const failing = new Proxy(database.db, {
      get(target, property) {
        if (property !== "select") return Reflect.get(target, property);
        return (...args: Parameters<typeof target.select>) =>
          new Proxy(target.select(...args), {
            get(builder, key) {
              if (key !== "from") return Reflect.get(builder, key);
              return (source: object) => {
                if (source === quotes) throw new Error("database unavailable");
                return builder.from(source as never);
              };
            },
          });
      },
    });
    const data = await dashboardScreen.loader({
      request: browserRequest(context, "/admin", { cookie }),
      context: { ...context, db: failing },
      params: {},
    } as never);
    expect(data.quotes).toBeNull();
    expect(data.weeks).toBeNull();
    expect(data.counts.newContactMessages).toBe(5);
  });
});
