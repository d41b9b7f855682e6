import { AdminTable } from "~/platform/admin-kit/AdminTable";
import { StatusFilter } from "~/platform/admin-kit/StatusFilter";
import type { Page } from "~/platform/admin-kit/list";
import { type OrderSubscription, describeSubscription } from "~/capabilities/subscriptions/public";
import { formatDateTime } from "~/platform/lib/dates";
import { formatUsd } from "~/platform/lib/money";

/** The order statuses (mirrors the database enum; the server module re-checks the filter). */
export const ORDER_STATUS_CHOICES = ["pending", "paid", "expired"] as const;

/** An order as the Orders screen lists it (dates arrive as strings after serialisation). */
export interface OrderRow {
  id: string;
  plan: string;
  interval: string;
  customerEmail: string;
  couponCode: string | null;
  planPriceCents: number;
  setupFeeCents: number;
  firstPaymentCents: number;
  recurringPaymentCents: number;
  provider: string;
  providerSessionId: string | null;
  status: string;
  paidAt: Date | string | null;
  createdAt: Date | string;
  subscription: OrderSubscription | null;
}

const capitalise = (text: string) => text[0]!.toUpperCase() + text.slice(1);

export function OrderTable({ page, status }: { page: Page<OrderRow>; status?: string }) {
  return (
    <AdminTable
      page={page}
      caption="Checkouts, newest first"
      searchLabel="Search by email or coupon"
      empty={status ? `No ${status} orders.` : "No orders yet."}
      filters={<StatusFilter statuses={ORDER_STATUS_CHOICES} value={status} />}
      columns={[
        {
          header: "Created",
          cell: (o) => <span className="whitespace-nowrap">{formatDateTime(o.createdAt)}</span>,
        },
        {
          header: "Plan",
          cell: (o) => (
            <>
              <span className="font-semibold">{capitalise(o.plan)}</span>
              <p className="text-xs text-ink-muted">{capitalise(o.interval)}</p>
            </>
          ),
        },
        { header: "Email", cell: (o) => <span className="break-all">{o.customerEmail}</span> },
        {
          header: "Coupon",
          cell: (o) => (o.couponCode ? <span className="font-mono">{o.couponCode}</span> : "None"),
        },
        {
          header: "Amounts",
          cell: (o) => (
            <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs whitespace-nowrap">
              <dt className="text-ink-muted">Plan</dt>
              <dd>{formatUsd(o.planPriceCents)}</dd>
              <dt className="text-ink-muted">Setup</dt>
              <dd>{formatUsd(o.setupFeeCents)}</dd>
              <dt className="text-ink-muted">First</dt>
              <dd className="font-semibold">{formatUsd(o.firstPaymentCents)}</dd>
              <dt className="text-ink-muted">Then</dt>
              <dd>{formatUsd(o.recurringPaymentCents)}</dd>
            </dl>
          ),
        },
        {
          header: "Status",
          cell: (o) => (
            <>
              <span className="font-semibold">{capitalise(o.status)}</span>
              {o.paidAt && (
                <p className="text-xs whitespace-nowrap text-ink-muted">
                  {formatDateTime(o.paidAt)}
                </p>
              )}
            </>
          ),
        },
        {
          header: "Subscription",
          cell: (o) => {
            if (!o.subscription) return <span className="text-ink-muted">None</span>;
            const { status, next } = describeSubscription(o.subscription);
            return (
              <>
                <span className="font-semibold" data-testid="order-subscription-status">
                  {status}
                </span>
                <p className="text-xs whitespace-nowrap text-ink-muted">{next}</p>
              </>
            );
          },
        },
        {
          header: "Provider session",
          cell: (o) => (
            <>
              <span className="text-xs text-ink-muted">{o.provider}</span>
              <p className="font-mono text-xs break-all">{o.providerSessionId ?? "None"}</p>
            </>
          ),
        },
      ]}
    />
  );
}
