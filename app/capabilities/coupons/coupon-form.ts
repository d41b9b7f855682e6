import { z } from "zod";
import { dollarsField } from "~/platform/lib/money-field";
import { optionalRecordId } from "~/platform/admin-kit/fields";

export const COUPON_CODE_REQUIRED = "Coupon code is required.";

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

/** The coupon form as posted (with or without JavaScript), turned into what the table stores. */
export const couponForm = z
  .object({
    id: optionalRecordId,
    code: z
      .string()
      .trim()
      .min(1, COUPON_CODE_REQUIRED)
      .max(64, "Keep the code under 64 characters."),
    description: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || null),
    discountType: z.enum(["percentage", "amount"], "Choose a percentage or a fixed amount."),
    discountPercentage: z.string().trim().optional(),
    discountAmount: z.string().trim().optional(),
    isActive: checkbox,
    allowOnCheckout: checkbox,
    firstTransactionOnly: checkbox,
    // A date input: the coupon works through the end of that day (UTC); empty means no expiry.
    expiresAt: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || /^\d{4}-\d{2}-\d{2}$/.test(value), "Enter a date.")
      .transform((value) => (value ? new Date(`${value}T23:59:59.999Z`) : null)),
  })
  .transform((form, ctx) => {
    // Spec §5: the unused discount kind is saved as null.
    let discountPercentage: number | null = null;
    let discountAmountCents: number | null = null;
    if (form.discountType === "percentage") {
      const percentage = z.coerce
        .number()
        .int("Enter a whole percentage from 0 to 100.")
        .min(0, "Enter a whole percentage from 0 to 100.")
        .max(100, "Enter a whole percentage from 0 to 100.")
        .safeParse(form.discountPercentage || undefined);
      if (!percentage.success) {
        ctx.addIssue({
          code: "custom",
          path: ["discountPercentage"],
          message: "Enter a whole percentage from 0 to 100.",
        });
        return z.NEVER;
      }
      discountPercentage = percentage.data;
    } else {
      const amount = dollarsField(
        "Enter an amount of 0 or more, with at most two decimals.",
      ).safeParse(form.discountAmount ?? "");
      if (!amount.success) {
        ctx.addIssue({
          code: "custom",
          path: ["discountAmount"],
          message: amount.error.issues[0]!.message,
        });
        return z.NEVER;
      }
      discountAmountCents = amount.data;
    }
    return {
      id: form.id,
      values: {
        code: form.code,
        description: form.description,
        discountPercentage,
        discountAmountCents,
        isActive: form.isActive,
        allowOnCheckout: form.allowOnCheckout,
        firstTransactionOnly: form.firstTransactionOnly,
        expiresAt: form.expiresAt,
      },
    };
  });

export type CouponValues = z.output<typeof couponForm>["values"];
