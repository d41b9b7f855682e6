/**
 * The values an enum column may hold, as plain constants with no database code, so the schema and
 * the capabilities that read them (and the browser) share one list.
 */

/** The webstore plans sold (spec §2): pricing/plans.ts gives each its label, prices and features. */
export const PLAN_NAMES = ["core", "pro", "elite"] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** How often a subscription renews; the payments adapter charges on this interval. */
export const BILLING_INTERVALS = ["monthly", "annual"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
