import { stringify } from "csv-stringify/sync";
import { desc, eq } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { orders, subscriptions } from "~/platform/db/schema/index";
import { neutraliseFormula } from "~/platform/lib/csv";
import { PLAN_NAMES, type PlanName } from "~/capabilities/pricing/public";
import { centsToDecimal } from "~/platform/lib/money";

export interface SubscriptionSummary {
  activeByPlan: Record<PlanName, number>;
  /** Active subscriptions' recurring charge per month, annual plans counted as a twelfth. */
  monthlyRecurringRevenueCents: number;
  pastDue: number;
}

/** The dashboard card: what renews, what it brings in a month, and what needs chasing. */
export async function subscriptionSummary(db: Database): Promise<SubscriptionSummary> {
  const rows = await db
    .select({
      plan: subscriptions.plan,
      interval: subscriptions.interval,
      status: subscriptions.status,
      recurringCents: orders.recurringPaymentCents,
    })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId));
  const activeByPlan = Object.fromEntries(PLAN_NAMES.map((p) => [p, 0])) as Record<
    PlanName,
    number
  >;
  let mrr = 0;
  let pastDue = 0;
  for (const row of rows) {
    if (row.status === "past_due") pastDue++;
    if (row.status !== "active") continue;
    activeByPlan[row.plan]++;
    mrr += row.interval === "annual" ? row.recurringCents / 12 : row.recurringCents;
  }
  return { activeByPlan, monthlyRecurringRevenueCents: Math.round(mrr), pastDue };
}

export const SUBSCRIPTIONS_CSV_COLUMNS = [
  "Order",
  "Email",
  "Plan",
  "Interval",
  "Status",
  "Recurring (USD)",
  "Current period end",
  "Cancels at period end",
  "Cancelled at",
  "Provider",
  "Provider customer",
  "Provider subscription",
  "Started",
] as const;

/** Every subscription, newest first, as CSV; cells that a spreadsheet would run are neutralised. */
export async function subscriptionsCsv(db: Database) {
  const rows = await db
    .select({ subscription: subscriptions, order: orders })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .orderBy(desc(subscriptions.createdAt));
  const records = rows.map(({ subscription: s, order: o }) =>
    [
      o.id,
      o.customerEmail,
      s.plan,
      s.interval,
      s.status,
      centsToDecimal(o.recurringPaymentCents),
      s.currentPeriodEnd?.toISOString() ?? "",
      s.cancelAtPeriodEnd ? "yes" : "no",
      s.canceledAt?.toISOString() ?? "",
      s.provider,
      s.providerCustomerId ?? "",
      s.providerSubscriptionId ?? "",
      s.createdAt.toISOString(),
    ].map(neutraliseFormula),
  );
  return stringify(records, { header: true, columns: [...SUBSCRIPTIONS_CSV_COLUMNS], bom: true });
}
