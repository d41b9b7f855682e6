import { formatCalendarDate } from "~/platform/lib/dates";
import { formatUsd } from "~/platform/lib/money";
import { AdminTable } from "~/platform/admin-kit/AdminTable";
import type { Page } from "~/platform/admin-kit/list";
import { ActiveSwitch, recordActionsColumn } from "~/platform/admin-kit/RowActions";
import { cn } from "~/platform/ui/cn";

/** A coupon as the Coupons screen lists it (dates arrive as strings after serialisation). */
export interface CouponRow {
  id: string;
  code: string;
  description: string | null;
  discountPercentage: number | null;
  discountAmountCents: number | null;
  isActive: boolean;
  allowOnCheckout: boolean;
  firstTransactionOnly: boolean;
  expiresAt: Date | string | null;
  expired: boolean;
}

export function CouponTable({
  page,
  onEdit,
}: {
  page: Page<CouponRow>;
  onEdit: (coupon: CouponRow) => void;
}) {
  return (
    <AdminTable
      page={page}
      caption="Coupon codes, newest first"
      searchLabel="Search coupons"
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
              : formatUsd(c.discountAmountCents ?? 0),
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
                {formatCalendarDate(c.expiresAt)}
                {c.expired && " (Expired)"}
              </span>
            ) : (
              "Never"
            ),
        },
        {
          header: "Active",
          cell: (c) => (
            <ActiveSwitch
              id={c.id}
              intent="toggle-active"
              checked={c.isActive}
              ariaLabel={`Active: ${c.code}`}
            />
          ),
        },
        {
          header: "Checkout",
          cell: (c) => (
            <ActiveSwitch
              id={c.id}
              intent="toggle-checkout"
              checked={c.allowOnCheckout}
              ariaLabel={`Allow on checkout: ${c.code}`}
              stateLabels={["Allow", "Hide"]}
            />
          ),
        },
        recordActionsColumn<CouponRow>({
          onEdit,
          name: (c) => c.code,
          deleteTitle: "Are you sure you want to delete this coupon?",
          deleteDescription: (c) =>
            `The code ${c.code} stops working at checkout. This cannot be undone.`,
        }),
      ]}
    />
  );
}
