import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { couponCodes } from "~/platform/db/schema/index";
import { checkoutRefusal } from "~/capabilities/coupons/public";
import { hitRateLimit } from "~/platform/rate-limit/rate-limit.server";
import type { CouponTerms } from "./charges";
import { checkoutMessages } from "./messages";

/** Enough for a buyer with a typo or two; far too few to guess codes. */
export const COUPON_LOOKUP_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

export type CouponLookup =
  { ok: true; coupon: CouponTerms } | { ok: false; message: string; retryAfterSeconds?: number };

/**
 * Finds a coupon a buyer may use at checkout (spec §5), case-insensitively, counting the
 * attempt against the visitor's address.
 */
export async function lookUpCheckoutCoupon(
  context: Pick<AppLoadContext, "db" | "logger" | "clientIp">,
  rawCode: string,
  now = new Date(),
): Promise<CouponLookup> {
  const code = rawCode.trim();
  if (!code) return { ok: false, message: checkoutMessages.couponMissing };
  try {
    const limit = await hitRateLimit(context.db, `coupon:${context.clientIp}`, COUPON_LOOKUP_LIMIT);
    if (!limit.allowed) {
      return {
        ok: false,
        message: checkoutMessages.couponRateLimited,
        retryAfterSeconds: limit.retryAfterSeconds,
      };
    }
    const [row] = await context.db
      .select()
      .from(couponCodes)
      .where(sql`lower(${couponCodes.code}) = lower(${code})`);
    const refusal = checkoutRefusal(row, now);
    if (refusal === "invalid") return { ok: false, message: checkoutMessages.couponInvalid };
    if (refusal === "expired") return { ok: false, message: checkoutMessages.couponExpired };
    return {
      ok: true,
      coupon: {
        code: row!.code,
        discountPercentage: row!.discountPercentage,
        discountAmountCents: row!.discountAmountCents,
        firstTransactionOnly: row!.firstTransactionOnly,
      },
    };
  } catch (error) {
    context.logger.error({ err: error }, "coupon lookup failed");
    return { ok: false, message: checkoutMessages.couponLookupFailed };
  }
}
