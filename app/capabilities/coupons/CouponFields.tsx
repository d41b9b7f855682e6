import { useState } from "react";
import { centsToDecimal } from "~/platform/lib/money";
import type { FieldErrors } from "~/platform/admin-kit/RecordDialog";
import { Field, Input } from "~/platform/ui/Field";
import type { CouponRow } from "./CouponTable";

/** The coupon form's fields, inside the kit's RecordDialog. */
export function CouponFields({
  coupon,
  errors,
}: {
  coupon: CouponRow | null;
  errors: FieldErrors;
}) {
  const [discountType, setDiscountType] = useState<"percentage" | "amount">(
    coupon?.discountAmountCents != null ? "amount" : "percentage",
  );
  return (
    <>
      <Field label="Code" required error={errors?.code}>
        {(control) => (
          <Input {...control} name="code" defaultValue={coupon?.code} autoComplete="off" />
        )}
      </Field>
      <Field label="Description" error={errors?.description}>
        {(control) => (
          <Input {...control} name="description" defaultValue={coupon?.description ?? ""} />
        )}
      </Field>
      <fieldset>
        <legend className="text-sm font-semibold text-ink">Discount</legend>
        <div className="mt-2 flex flex-wrap gap-5">
          {(
            [
              ["percentage", "Percentage (%)"],
              ["amount", "Fixed amount ($)"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-ink">
              <input
                type="radio"
                name="discountType"
                value={value}
                checked={discountType === value}
                onChange={() => setDiscountType(value)}
                className="size-4 accent-brand-900"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {discountType === "percentage" ? (
        <Field label="Discount percentage" required error={errors?.discountPercentage}>
          {(control) => (
            <Input
              {...control}
              type="number"
              name="discountPercentage"
              min={0}
              max={100}
              step={1}
              defaultValue={coupon?.discountPercentage ?? 10}
            />
          )}
        </Field>
      ) : (
        <Field label="Discount amount ($)" required error={errors?.discountAmount}>
          {(control) => (
            <Input
              {...control}
              type="number"
              name="discountAmount"
              min={0}
              step={0.01}
              defaultValue={
                coupon?.discountAmountCents != null
                  ? centsToDecimal(coupon.discountAmountCents)
                  : ""
              }
            />
          )}
        </Field>
      )}
      <Field
        label="Expires"
        hint="Leave empty for a coupon that never expires."
        error={errors?.expiresAt}
      >
        {(control) => (
          <Input
            {...control}
            type="date"
            name="expiresAt"
            defaultValue={
              coupon?.expiresAt ? new Date(coupon.expiresAt).toISOString().slice(0, 10) : ""
            }
          />
        )}
      </Field>
      <div className="space-y-2">
        {(
          [
            ["isActive", "Active", coupon?.isActive ?? true],
            ["allowOnCheckout", "Allow on checkout", coupon?.allowOnCheckout ?? true],
            [
              "firstTransactionOnly",
              "First payment only (otherwise every recurring payment)",
              coupon?.firstTransactionOnly ?? true,
            ],
          ] as const
        ).map(([name, label, checked]) => (
          <label key={name} className="flex items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              name={name}
              defaultChecked={checked}
              className="size-4 accent-brand-900"
            />
            {label}
          </label>
        ))}
      </div>
    </>
  );
}
