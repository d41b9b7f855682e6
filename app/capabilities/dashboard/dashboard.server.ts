import { and, count, eq, gte, inArray, ne, sql, sum } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/platform/db/client.server";
import {
  contactMessages,
  emailOutbox,
  orders,
  quoteOrders,
  quotes,
  subscriptions,
} from "~/platform/db/schema/index";
import {
  type BusinessWeeks,
  WEEK_MS,
  type Week,
  acceptedShare,
  fillWeeks,
  lastTwelveWeeks,
  monthlyCents,
  recurringRevenueByWeek,
} from "./weeks";

/** The numbers an admin checks first thing. */
export async function dashboardCounts(db: Database) {
  const [[messages], [paid], [waiting]] = await Promise.all([
    db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, "new")),
    db.select({ n: count() }).from(orders).where(eq(orders.status, "paid")),
    db
      .select({ n: count() })
      .from(emailOutbox)
      .where(inArray(emailOutbox.status, ["queued", "sending"])),
  ]);
  return {
    newContactMessages: messages!.n,
    paidOrders: paid!.n,
    emailsWaiting: waiting!.n,
  };
}

/** Quotes waiting on the company or the buyer. */
export const OPEN_QUOTE_STATUSES = ["requested", "priced", "sent"] as const;
/** Quotes the buyer has answered, or that ran out: what the accepted share is a share of. */
export const DECIDED_QUOTE_STATUSES = ["accepted", "paid", "declined", "expired"] as const;
const ACCEPTED_QUOTE_STATUSES = ["accepted", "paid"] as const;
export const ACCEPTED_SHARE_DAYS = 90;

export interface QuoteFigures {
  open: number;
  openValueCents: number;
  /** Of the quotes decided in the last 90 days. */
  decided: number;
  accepted: number;
  /** Whole percent; null when none were decided. */
  acceptedPercent: number | null;
}

/**
 * Open quotes and their value (the final price once the company has set one, else the computed
 * one), and how many of the quotes decided in the last 90 days were accepted. A quote is decided
 * when the buyer accepts or declines it; one that expired, when the expiry job last changed it.
 */
export async function quoteFigures(db: Database, now: Date): Promise<QuoteFigures> {
  const since = new Date(now.getTime() - ACCEPTED_SHARE_DAYS * 24 * 60 * 60 * 1000);
  const [[open], decidedRows] = await Promise.all([
    db
      .select({
        n: count(),
        value: sum(sql<number>`coalesce(${quotes.finalTotalCents}, ${quotes.computedTotalCents})`),
      })
      .from(quotes)
      .where(inArray(quotes.status, [...OPEN_QUOTE_STATUSES])),
    db
      .select({ status: quotes.status, n: count() })
      .from(quotes)
      .where(
        and(
          inArray(quotes.status, [...DECIDED_QUOTE_STATUSES]),
          gte(
            sql`coalesce(${quotes.acceptedAt}, ${quotes.declinedAt}, ${quotes.updatedAt})`,
            since,
          ),
        ),
      )
      .groupBy(quotes.status),
  ]);
  let decided = 0;
  let accepted = 0;
  for (const row of decidedRows) {
    decided += row.n;
    if ((ACCEPTED_QUOTE_STATUSES as readonly string[]).includes(row.status)) accepted += row.n;
  }
  return {
    open: open!.n,
    openValueCents: Number(open!.value ?? 0),
    decided,
    accepted,
    acceptedPercent: acceptedShare(accepted, decided),
  };
}

/** Rows counted by week number (0 the oldest) of `column`, from the first week's start on. */
function weekNumber(column: AnyPgColumn, weeks: Week[]) {
  return sql<number>`floor(extract(epoch from (${column} - ${weeks[0]!.start.toISOString()}::timestamptz)) / ${sql.raw(String(WEEK_MS / 1000))})::int`;
}

/**
 * The weekly counts as queries: contact messages and quote requests received, webstore plan
 * orders paid and bulk orders (paid quotes, made when the deposit is paid).
 * Each is one grouped query over a range of an indexed timestamp (plans in docs/admin.md).
 */
export function weeklyCountQueries(db: Database, weeks: Week[]) {
  const since = weeks[0]!.start;
  const perWeek = (
    column: AnyPgColumn,
    table: typeof contactMessages | typeof quotes | typeof orders | typeof quoteOrders,
    where: ReturnType<typeof and>,
  ) =>
    db
      .select({ week: weekNumber(column, weeks), n: count() })
      .from(table)
      .where(where)
      // By position: repeated, the expression's parameters would be numbered anew and differ.
      .groupBy(sql`1`);
  return {
    contactMessages: perWeek(
      contactMessages.createdAt,
      contactMessages,
      gte(contactMessages.createdAt, since),
    ),
    quotesRequested: perWeek(quotes.createdAt, quotes, gte(quotes.createdAt, since)),
    paidOrders: perWeek(
      orders.paidAt,
      orders,
      and(eq(orders.status, "paid"), gte(orders.paidAt, since)),
    ),
    bulkOrders: perWeek(quoteOrders.createdAt, quoteOrders, gte(quoteOrders.createdAt, since)),
  };
}

/**
 * The last twelve weeks: the weekly counts, and monthly recurring revenue at each week's end
 * (subscriptions are few, read whole).
 */
export async function businessWeeks(db: Database, now: Date): Promise<BusinessWeeks> {
  const weeks = lastTwelveWeeks(now);
  const counts = weeklyCountQueries(db, weeks);
  const [messages, requested, paid, bulk, plans] = await Promise.all([
    counts.contactMessages.then(fillWeeks),
    counts.quotesRequested.then(fillWeeks),
    counts.paidOrders.then(fillWeeks),
    counts.bulkOrders.then(fillWeeks),
    db
      .select({
        interval: subscriptions.interval,
        status: subscriptions.status,
        createdAt: subscriptions.createdAt,
        canceledAt: subscriptions.canceledAt,
        updatedAt: subscriptions.updatedAt,
        paidAt: orders.paidAt,
        recurringCents: orders.recurringPaymentCents,
      })
      .from(subscriptions)
      .innerJoin(orders, eq(orders.id, subscriptions.orderId))
      .where(ne(subscriptions.status, "incomplete")),
  ]);
  // A past-due plan is not counted (as on the Subscriptions card): when it fell due is not kept,
  // so it leaves the history from its last change.
  const recurring = recurringRevenueByWeek(
    weeks,
    plans.map((p) => ({
      startedAt: p.paidAt ?? p.createdAt,
      endedAt: p.status === "active" ? null : (p.canceledAt ?? p.updatedAt),
      monthlyCents: monthlyCents(p.interval, p.recurringCents),
    })),
  );
  return {
    weeks: weeks.map((w) => ({
      label: w.label,
      start: w.start.toISOString(),
      end: w.end.toISOString(),
    })),
    series: [
      { key: "contactMessages", title: "Contact messages", unit: "count", values: messages },
      { key: "quotesRequested", title: "Quotes requested", unit: "count", values: requested },
      {
        key: "paidOrders",
        title: "Paid orders",
        unit: "count",
        values: paid.map((n, i) => n + bulk[i]!),
      },
      {
        key: "recurringRevenue",
        title: "Monthly recurring revenue",
        unit: "cents",
        values: recurring,
      },
    ],
  };
}
