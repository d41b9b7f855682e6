import { describe, expect, it } from "vitest";
import { checkoutRefusal, isCouponExpired } from "~/capabilities/coupons/rules";

const now = new Date("2026-03-01T12:00:00Z");
const coupon = { isActive: true, allowOnCheckout: true, expiresAt: null as Date | null };

describe("coupon rules", () => {
  it("a coupon expires at the instant of its expiry, not before", () => {
    expect(isCouponExpired({ expiresAt: null }, now)).toBe(false);
    expect(isCouponExpired({ expiresAt: new Date(now.getTime() + 1) }, now)).toBe(false);
    expect(isCouponExpired({ expiresAt: now }, now)).toBe(true);
  });

  it("checkout refuses an inactive or hidden coupon as invalid, a past one as expired", () => {
    expect(checkoutRefusal(coupon, now)).toBeNull();
    expect(checkoutRefusal(undefined, now)).toBe("invalid");
    expect(checkoutRefusal({ ...coupon, isActive: false }, now)).toBe("invalid");
    expect(checkoutRefusal({ ...coupon, allowOnCheckout: false }, now)).toBe("invalid");
    expect(
      checkoutRefusal({ ...coupon, expiresAt: new Date("2026-02-28T23:59:59.999Z") }, now),
    ).toBe("expired");
  });
});
