// @chunk plans
/**
 * The webstore plans as the business sells them (spec §2, §3, §9). Runs anywhere. The plan names and
 * billing intervals themselves are the database's enums (platform/db/enums.ts).
 */
import {
  BILLING_INTERVALS,
  type BillingInterval,
  PLAN_NAMES,
  type PlanName,
} from "~/platform/db/enums";

export { BILLING_INTERVALS, type BillingInterval, PLAN_NAMES, type PlanName };

/** Annual is the default everywhere an interval is missing or unreadable (spec §4). */
export const DEFAULT_INTERVAL: BillingInterval = "annual";

export const MOST_POPULAR_PLAN: PlanName = "pro";

export interface PlanDetails {
  label: string;
  summary: string;
  features: string[];
}

export const PLANS: Record<PlanName, PlanDetails> = {
  core: {
    label: "Core",
    summary: "A simple branded store for a small team.",
    features: ["1 logo on up to 25 products", "Gift certificates: pay only for what is used"],
  },
  pro: {
    label: "Pro",
    summary: "More logos and products for growing teams.",
    features: [
      "Up to 5 logos on up to 150 products",
      "Gift certificates: pay only for what is used",
      "5% apparel discount",
      "Free inventory of promo products",
      "Multiple decoration locations",
    ],
  },
  elite: {
    label: "Elite",
    summary: "Our full service for large organisations.",
    features: [
      "Up to 10 logos on up to 350 products",
      "Gift certificates: pay only for what is used",
      "10% apparel discount",
      "Free promo inventory",
      "Multiple decoration locations",
      "Garment customization",
      "Customized shipping options",
    ],
  },
};

export function isPlanName(value: unknown): value is PlanName {
  return typeof value === "string" && (PLAN_NAMES as readonly string[]).includes(value);
}

export function parseInterval(value: unknown): BillingInterval {
  return value === "monthly" || value === "annual" ? value : DEFAULT_INTERVAL;
}

export interface PlanPrices {
  monthlyPriceCents: number;
  annualPriceCents: number;
  setupFeeCents: number;
}

/** The monthly price for monthly billing, the yearly total for annual billing. */
export function planPriceCents(prices: PlanPrices, interval: BillingInterval) {
  return interval === "annual" ? prices.annualPriceCents : prices.monthlyPriceCents;
}

/** Spec §9: annual plans are advertised per month (annual price / 12), rounded to the cent. */
export function annualPerMonthCents(prices: PlanPrices) {
  return Math.round(prices.annualPriceCents / 12);
}

export function checkoutPath(plan: PlanName, interval: BillingInterval) {
  return `/checkout?plan=${plan}&interval=${interval}`;
}

/** A plan's annual price, as the pricing popup quotes it. */
export interface PlanPrice {
  name: PlanName;
  annualPriceCents: number;
}
