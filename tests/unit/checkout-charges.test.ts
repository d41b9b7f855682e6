import { describe, expect, it } from "vitest";
import { type CouponTerms, computeCharges } from "~/capabilities/checkout/charges";
import { annualPerMonthCents } from "~/capabilities/pricing/plans";
import { formatUsd } from "~/platform/lib/money";

const percent = (discountPercentage: number, firstTransactionOnly: boolean): CouponTerms => ({
  code: "P",
  discountPercentage,
  discountAmountCents: null,
  firstTransactionOnly,
});
const fixed = (discountAmountCents: number, firstTransactionOnly: boolean): CouponTerms => ({
  code: "F",
  discountPercentage: null,
  discountAmountCents,
  firstTransactionOnly,
});

describe("the money rule of a checkout (spec §9)", () => {
  it.each([
    // plan, setup, coupon, discount, first, recurring
    ["no coupon", 42_000, 50_000, null, 0, 92_000, 42_000],
    ["20% first payment only", 42_000, 50_000, percent(20, true), 8_400, 83_600, 42_000],
    ["20% every payment", 42_000, 50_000, percent(20, false), 8_400, 83_600, 33_600],
    ["15% of $49.99 rounds to the cent", 4_999, 50_000, percent(15, false), 750, 54_249, 4_249],
    ["33% of $69.99 rounds to the cent", 6_999, 0, percent(33, false), 2_310, 4_689, 4_689],
    ["a half cent rounds up", 50, 0, percent(1, false), 1, 49, 49],
    ["13% of $9.99, first payment only", 999, 100, percent(13, true), 130, 969, 999],
    ["$50 fixed, first payment only", 4_900, 50_000, fixed(5_000, true), 5_000, 49_900, 4_900],
    ["$50 fixed, every payment", 4_900, 50_000, fixed(5_000, false), 5_000, 49_900, 0],
    ["100% every payment", 42_000, 50_000, percent(100, false), 42_000, 50_000, 0],
    ["a fixed amount above everything", 2_000, 25_000, fixed(100_000, false), 100_000, 0, 0],
    ["0% changes nothing", 18_000, 25_000, percent(0, false), 0, 43_000, 18_000],
  ] as const)("%s", (_name, plan, setup, coupon, discount, first, recurring) => {
    const charges = computeCharges({ planPriceCents: plan, setupFeeCents: setup, coupon });
    expect(charges).toMatchObject({
      discountCents: discount,
      firstPaymentCents: first,
      recurringPaymentCents: recurring,
    });
  });

  it("shows annual prices per month, rounded to the cent", () => {
    const prices = { monthlyPriceCents: 9_900, annualPriceCents: 83_200, setupFeeCents: 0 };
    expect(annualPerMonthCents(prices)).toBe(6_933);
    expect(formatUsd(6_933)).toBe("$69.33");
    expect(formatUsd(42_000)).toBe("$420");
    expect(formatUsd(100_000)).toBe("$1,000");
  });
});
