import { z } from "zod";
import { hasControlCharacters } from "~/platform/security/form-text";
import type { CouponTerms } from "./charges";

/** The coupon the page shows as applied; the server looks its code up again before charging. */
export const appliedCouponSchema = z.object({
  code: z
    .string()
    .min(1)
    .max(100)
    .refine((code) => !hasControlCharacters(code)),
  discountPercentage: z.number().int().min(0).max(100).nullable(),
  discountAmountCents: z.number().int().min(0).nullable(),
  firstTransactionOnly: z.boolean(),
}) satisfies z.ZodType<CouponTerms>;

export const checkoutFormSchema = z.object({
  intent: z.enum(["apply-coupon", "remove-coupon", "pay"]).catch("pay"),
  email: z.string().max(320).catch(""),
  couponCode: z.string().max(100).catch(""),
  appliedCoupon: z
    .string()
    .transform((value): CouponTerms | null => {
      try {
        return appliedCouponSchema.parse(JSON.parse(value));
      } catch {
        return null;
      }
    })
    .catch(null),
  /** Set by the enhanced page: answer with the payment URL instead of redirecting to it. */
  respond: z.literal("json").optional().catch(undefined),
});

/**
 * The page's state the checkout action answers with (as its FormResult's data), to the enhanced
 * page and to a plain form post alike; a field's message is under `fieldErrors` ("email",
 * "couponCode"), a message for the whole form is the result's toast.
 */
export interface CheckoutState {
  email: string;
  coupon: CouponTerms | null;
  checkoutUrl?: string;
}
