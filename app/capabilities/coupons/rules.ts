/** The coupon rules, shared by the admin list and the checkout (spec §5 and §7). */

export interface CouponState {
  isActive: boolean;
  allowOnCheckout: boolean;
  expiresAt: Date | null;
}

/** A coupon stops working at the instant it expires (its date's end of day, UTC, as saved). */
export function isCouponExpired(coupon: Pick<CouponState, "expiresAt">, now: Date) {
  return coupon.expiresAt !== null && coupon.expiresAt.getTime() <= now.getTime();
}

/** Why a buyer may not use a coupon at checkout, or null when they may. */
export function checkoutRefusal(coupon: CouponState | undefined, now: Date) {
  if (!coupon || !coupon.isActive || !coupon.allowOnCheckout) return "invalid" as const;
  if (isCouponExpired(coupon, now)) return "expired" as const;
  return null;
}
