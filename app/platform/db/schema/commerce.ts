import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
// Relative, not ~/: drizzle-kit loads this file without the app's path aliases.
import { BILLING_INTERVALS, PLAN_NAMES } from "../enums";
import { createdAt, updatedAt } from "./columns";

// What is sold and bought: plans and their prices, coupons, orders.

export const planName = pgEnum("plan_name", PLAN_NAMES);

export const pricingTiers = pgTable(
  "pricing_tiers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: planName("name").notNull().unique(),
    monthlyPriceCents: integer("monthly_price_cents").notNull(),
    annualPriceCents: integer("annual_price_cents").notNull(),
    setupFeeCents: integer("setup_fee_cents").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "pricing_tiers_amounts_not_negative",
      sql`${t.monthlyPriceCents} >= 0 and ${t.annualPriceCents} >= 0 and ${t.setupFeeCents} >= 0`,
    ),
  ],
);

export const couponCodes = pgTable(
  "coupon_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    description: text("description"),
    /** Whole percent, 0–100; null when the coupon is a fixed amount. */
    discountPercentage: integer("discount_percentage"),
    /** Fixed discount in cents; null when the coupon is a percentage. */
    discountAmountCents: integer("discount_amount_cents"),
    isActive: boolean("is_active").notNull().default(true),
    allowOnCheckout: boolean("allow_on_checkout").notNull().default(true),
    firstTransactionOnly: boolean("first_transaction_only").notNull().default(true),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupon_codes_code_lower_idx").on(sql`lower(${t.code})`),
    index("coupon_codes_created_idx").on(t.createdAt.desc()),
    check(
      "coupon_codes_one_discount_kind",
      sql`(${t.discountPercentage} is null) <> (${t.discountAmountCents} is null)`,
    ),
    check(
      "coupon_codes_percentage_range",
      sql`${t.discountPercentage} is null or ${t.discountPercentage} between 0 and 100`,
    ),
    check(
      "coupon_codes_amount_not_negative",
      sql`${t.discountAmountCents} is null or ${t.discountAmountCents} >= 0`,
    ),
  ],
);

export const billingInterval = pgEnum("billing_interval", BILLING_INTERVALS);
export const orderStatus = pgEnum("order_status", ["pending", "paid", "expired"]);
export const paymentProvider = pgEnum("payment_provider", ["stripe", "test"]);

/** One row per checkout session; amounts are computed on the server from the database. */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    plan: planName("plan").notNull(),
    interval: billingInterval("interval").notNull(),
    customerEmail: text("customer_email").notNull(),
    couponCode: text("coupon_code"),
    planPriceCents: integer("plan_price_cents").notNull(),
    setupFeeCents: integer("setup_fee_cents").notNull(),
    firstPaymentCents: integer("first_payment_cents").notNull(),
    recurringPaymentCents: integer("recurring_payment_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    provider: paymentProvider("provider").notNull(),
    providerSessionId: text("provider_session_id").unique(),
    status: orderStatus("status").notNull().default("pending"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_status_idx").on(t.status, t.createdAt.desc()),
    index("orders_created_idx").on(t.createdAt.desc()),
    index("orders_email_idx").on(t.customerEmail),
    // The dashboard's paid orders by week: a range of payment times among the paid orders.
    index("orders_paid_at_idx")
      .on(t.paidAt)
      .where(sql`${t.status} = 'paid'`),
    check(
      "orders_amounts_not_negative",
      sql`${t.planPriceCents} >= 0 and ${t.setupFeeCents} >= 0 and ${t.firstPaymentCents} >= 0 and ${t.recurringPaymentCents} >= 0`,
    ),
  ],
);
