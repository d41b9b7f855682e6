import { sql } from "drizzle-orm";
import { boolean, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { billingInterval, orders, paymentProvider, planName } from "./commerce";

export const subscriptionStatus = pgEnum("subscription_status", [
  "active",
  "past_due",
  "canceled",
  "incomplete",
]);

/** One per paid order: the plan's renewal state as the provider last told it. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id),
    plan: planName("plan").notNull(),
    interval: billingInterval("interval").notNull(),
    provider: paymentProvider("provider").notNull(),
    status: subscriptionStatus("status").notNull().default("incomplete"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id").unique(),
    /** The provider's time of the newest event applied; an older one never overwrites it. */
    lastEventAt: timestamp("last_event_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subscriptions_status_idx").on(t.status, t.plan),
    index("subscriptions_period_end_idx")
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} = 'active'`),
  ],
);
