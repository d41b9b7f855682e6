import { useState } from "react";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useFetcher,
  useLoaderData,
} from "react-router";
import { AdminPageHeader } from "~/features/admin/AdminShell";
import { ResultNotice, useOnSuccess, useResultToast } from "~/features/admin/feedback";
import { centsToDollarInput, formatDollars } from "~/features/admin/dollars";
import { type ActionResult, failed, fieldErrorsOf, succeeded } from "~/features/admin/result";
import { requireAdmin } from "~/features/auth/admin.server";
import {
  type CouponFlag,
  DuplicateCouponError,
  deleteCoupon,
  listCoupons,
  saveCoupon,
  setCouponFlag,
} from "~/features/coupons/coupon-admin.server";
import { couponForm } from "~/features/coupons/coupon-form";
import type { RouteHandle } from "~/root";
import { Button } from "~/ui/Button";
import { DataTable } from "~/ui/DataTable";
import { ConfirmDialog, Dialog } from "~/ui/Dialog";
import { Alert, Field, Input } from "~/ui/Field";
import { Switch } from "~/ui/Switch";
import { cn } from "~/ui/cn";

export const handle: RouteHandle = { title: "Admin: Coupons", noindex: true };

const MESSAGES = {
  fetch: "Failed to fetch coupon codes",
  save: "Failed to save coupon code",
  delete: "Failed to delete coupon",
  status: "Failed to update coupon status",
  checkout: "Failed to update coupon checkout status",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  try {
    return { coupons: await listCoupons(context.db) };
  } catch (error) {
    console.error("coupons load failed", error);
    return { coupons: null };
  }
}

const FLAG_INTENTS: Record<string, { flag: CouponFlag; failure: string; on: string; off: string }> =
  {
    "toggle-active": {
      flag: "isActive",
      failure: MESSAGES.status,
      on: "Coupon activated.",
      off: "Coupon deactivated.",
    },
    "toggle-checkout": {
      flag: "allowOnCheckout",
      failure: MESSAGES.checkout,
      on: "Coupon is now allowed on checkout.",
      off: "Coupon is now hidden from checkout.",
    },
  };

export async function action({ request, context }: ActionFunctionArgs): Promise<ActionResult> {
  const admin = await requireAdmin(request, context);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;

  const toggle = FLAG_INTENTS[form.intent ?? ""];
  if (toggle) {
    const value = form.value === "true";
    try {
      await setCouponFlag(context.db, admin, String(form.id), toggle.flag, value);
      return succeeded(value ? toggle.on : toggle.off);
    } catch (error) {
      console.error("coupon toggle failed", error);
      return failed(toggle.failure);
    }
  }

  if (form.intent === "delete") {
    try {
      await deleteCoupon(context.db, admin, String(form.id));
      return succeeded("Coupon deleted.");
    } catch (error) {
      console.error("coupon delete failed", error);
      return failed(MESSAGES.delete);
    }
  }

  const parsed = couponForm.safeParse(form);
  if (!parsed.success) {
    return failed(parsed.error.issues[0]!.message, {
      fieldErrors: fieldErrorsOf(parsed.error.issues),
    });
  }
  try {
    await saveCoupon(context.db, admin, parsed.data.id, parsed.data.values);
    return succeeded(parsed.data.id ? "Coupon code updated." : "Coupon code created.");
  } catch (error) {
    if (error instanceof DuplicateCouponError) {
      return failed("This coupon code already exists.", {
        title: "Duplicate Coupon",
        fieldErrors: { code: "This coupon code already exists." },
      });
    }
    console.error("coupon save failed", error);
    return failed(MESSAGES.save);
  }
}

/** Shared by the form (which submits) and the page (which closes the dialog on success). */
const SAVE_FETCHER = "coupon-save";

type Coupon = NonNullable<Awaited<ReturnType<typeof loader>>["coupons"]>[number];

function formatExpiry(value: Date | string) {
  return new Date(value).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

function CouponFormDialog({
  coupon,
  open,
  onOpenChange,
}: {
  coupon: Coupon | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fetcher = useFetcher<typeof action>({ key: SAVE_FETCHER });
  const [discountType, setDiscountType] = useState<"percentage" | "amount">(
    coupon?.discountAmountCents != null ? "amount" : "percentage",
  );
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const saving = fetcher.state !== "idle";

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={coupon ? "Edit Coupon" : "Add Coupon"}
      description="Customers type the code at checkout. Codes are matched without regard to case."
      size="lg"
    >
      <fetcher.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="save" />
        {coupon && <input type="hidden" name="id" value={coupon.id} />}
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
                    ? centsToDollarInput(coupon.discountAmountCents)
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
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : coupon ? "Update Coupon" : "Create Coupon"}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

function FlagSwitch({ coupon, intent, label }: { coupon: Coupon; intent: string; label: string }) {
  const fetcher = useFetcher<typeof action>();
  useResultToast(fetcher.data);
  const stored = intent === "toggle-active" ? coupon.isActive : coupon.allowOnCheckout;
  const pending = fetcher.formData?.get("value");
  const checked = pending ? pending === "true" : stored;
  return (
    <div className="flex items-center gap-2">
      <Switch
        checked={checked}
        aria-label={`${label}: ${coupon.code}`}
        onCheckedChange={(value) =>
          fetcher.submit({ intent, id: coupon.id, value: String(value) }, { method: "post" })
        }
      />
      {intent === "toggle-checkout" && (
        <span className="w-9 text-xs font-medium text-ink-muted">{checked ? "Allow" : "Hide"}</span>
      )}
    </div>
  );
}

function DeleteCouponButton({ coupon }: { coupon: Coupon }) {
  const fetcher = useFetcher<typeof action>();
  useResultToast(fetcher.data);
  return (
    <ConfirmDialog
      title="Are you sure you want to delete this coupon?"
      description={`The code ${coupon.code} stops working at checkout. This cannot be undone.`}
      confirmLabel="Delete"
      onConfirm={() => fetcher.submit({ intent: "delete", id: coupon.id }, { method: "post" })}
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Delete ${coupon.code}`}>
          Delete
        </Button>
      }
    />
  );
}

export default function AdminCoupons() {
  const { coupons } = useLoaderData<typeof loader>();
  const [editing, setEditing] = useState<Coupon | null>(null);
  const [open, setOpen] = useState(false);
  const saveFetcher = useFetcher<typeof action>({ key: SAVE_FETCHER });
  useResultToast(saveFetcher.data);
  useOnSuccess(saveFetcher.data, () => setOpen(false));
  const openForm = (coupon: Coupon | null) => {
    setEditing(coupon);
    setOpen(true);
  };

  return (
    <>
      <AdminPageHeader title="Coupons" description="Discount codes customers can use at checkout.">
        <Button onClick={() => openForm(null)}>Add Coupon</Button>
      </AdminPageHeader>
      <ResultNotice />
      {!coupons ? (
        <Alert tone="error">{MESSAGES.fetch}</Alert>
      ) : (
        <DataTable
          caption="Coupon codes, newest first"
          rows={coupons}
          rowKey={(c) => c.id}
          empty="No coupon codes yet."
          columns={[
            {
              header: "Code",
              cell: (c) => (
                <>
                  <span className="font-mono font-semibold">{c.code}</span>
                  {c.description && <p className="text-xs text-ink-muted">{c.description}</p>}
                </>
              ),
            },
            {
              header: "Discount",
              cell: (c) =>
                c.discountPercentage != null
                  ? `${c.discountPercentage}%`
                  : formatDollars(c.discountAmountCents ?? 0),
            },
            {
              header: "Applies to",
              cell: (c) => (c.firstTransactionOnly ? "First payment" : "Every payment"),
            },
            {
              header: "Expires",
              cell: (c) =>
                c.expiresAt ? (
                  <span className={cn(c.expired && "font-semibold text-danger-700")}>
                    {formatExpiry(c.expiresAt)}
                    {c.expired && " (Expired)"}
                  </span>
                ) : (
                  "Never"
                ),
            },
            {
              header: "Active",
              cell: (c) => <FlagSwitch coupon={c} intent="toggle-active" label="Active" />,
            },
            {
              header: "Checkout",
              cell: (c) => (
                <FlagSwitch coupon={c} intent="toggle-checkout" label="Allow on checkout" />
              ),
            },
            {
              header: "Actions",
              align: "right",
              cell: (c) => (
                <div className="flex justify-end gap-1">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => openForm(c)}
                    aria-label={`Edit ${c.code}`}
                  >
                    Edit
                  </Button>
                  <DeleteCouponButton coupon={c} />
                </div>
              ),
            },
          ]}
        />
      )}
      <CouponFormDialog
        key={`${editing?.id ?? "new"}-${open}`}
        coupon={editing}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
