import { formatUsd } from "~/platform/lib/money";

/**
 * The money rule of a checkout (spec §9), in integer cents. Pure, so the checkout, the payment
 * adapters and the tests all use the same arithmetic.
 *
 * The discount is one amount: a percentage of the plan price rounded to the cent, or a fixed
 * amount. It comes off the first payment (plan + setup fee) and, unless the coupon is
 * first-transaction-only, off every renewal; no payment goes below zero. One amount lets Stripe
 * charge exactly these figures (docs/decisions/005-checkout-discounts-and-payments.md).
 */

export interface CouponTerms {
  code: string;
  /** Whole percent 0–100, or null for a fixed amount. */
  discountPercentage: number | null;
  /** Fixed discount in cents, or null for a percentage. */
  discountAmountCents: number | null;
  firstTransactionOnly: boolean;
}

export interface Charges {
  planPriceCents: number;
  setupFeeCents: number;
  /** Taken off the first payment. */
  discountCents: number;
  /** Taken off each renewal: the discount, or 0 for a first-transaction-only coupon. */
  recurringDiscountCents: number;
  firstPaymentCents: number;
  recurringPaymentCents: number;
}

export function discountCents(planPriceCents: number, coupon: CouponTerms | null) {
  if (!coupon) return 0;
  const raw =
    coupon.discountPercentage !== null
      ? Math.round((planPriceCents * coupon.discountPercentage) / 100)
      : (coupon.discountAmountCents ?? 0);
  return Math.max(0, raw);
}

export function computeCharges(input: {
  planPriceCents: number;
  setupFeeCents: number;
  coupon: CouponTerms | null;
}): Charges {
  const { planPriceCents, setupFeeCents, coupon } = input;
  const discount = discountCents(planPriceCents, coupon);
  const recurringDiscount = coupon && !coupon.firstTransactionOnly ? discount : 0;
  return {
    planPriceCents,
    setupFeeCents,
    discountCents: discount,
    recurringDiscountCents: recurringDiscount,
    firstPaymentCents: Math.max(0, planPriceCents + setupFeeCents - discount),
    recurringPaymentCents: Math.max(0, planPriceCents - recurringDiscount),
  };
}

/** How a coupon reads in the order summary, e.g. "20% off every payment". */
export function describeCoupon(coupon: CouponTerms) {
  const amount =
    coupon.discountPercentage !== null
      ? `${coupon.discountPercentage}% off`
      : `${formatUsd(coupon.discountAmountCents ?? 0)} off`;
  return coupon.firstTransactionOnly ? `${amount} your first payment` : `${amount} every payment`;
}
