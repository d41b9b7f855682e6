import { Link } from "react-router";
import { AdminTable } from "~/platform/admin-kit/AdminTable";
import type { Page } from "~/platform/admin-kit/list";
import { formatDateTime } from "~/platform/lib/dates";
import { formatUsd } from "~/platform/lib/money";

export interface QuoteOrderRow {
  id: string;
  quoteId: string;
  label: string;
  customerName: string;
  customerEmail: string;
  company: string | null;
  totalCents: number;
  depositPaidCents: number;
  createdAt: Date | string;
}

/** Bulk orders: every quote whose deposit is paid, newest first. */
export function QuoteOrderTable({ page }: { page: Page<QuoteOrderRow> }) {
  return (
    <AdminTable
      page={page}
      caption="Bulk orders from quotes, newest first"
      searchLabel="Search by quote number, name, email or company"
      empty="No bulk orders yet: a quote becomes an order when its deposit is paid."
      // The search stays on this list.
      filters={<input type="hidden" name="type" value="bulk" />}
      columns={[
        {
          header: "Quote",
          cell: (o) => (
            <Link
              to={`/admin/quotes/${o.quoteId}`}
              className="font-semibold whitespace-nowrap text-brand-800 underline"
            >
              {o.label}
            </Link>
          ),
        },
        {
          header: "Paid",
          cell: (o) => <span className="whitespace-nowrap">{formatDateTime(o.createdAt)}</span>,
        },
        {
          header: "Customer",
          cell: (o) => (
            <div className="min-w-44">
              <span className="font-semibold">{o.customerName}</span>
              {o.company && <p className="text-xs text-ink-muted">{o.company}</p>}
              <p className="text-xs break-all text-ink-muted">{o.customerEmail}</p>
            </div>
          ),
        },
        {
          header: "Amounts",
          cell: (o) => (
            <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs whitespace-nowrap">
              <dt className="text-ink-muted">Total</dt>
              <dd className="font-semibold">{formatUsd(o.totalCents, { cents: true })}</dd>
              <dt className="text-ink-muted">Deposit paid</dt>
              <dd>{formatUsd(o.depositPaidCents, { cents: true })}</dd>
              <dt className="text-ink-muted">Balance</dt>
              <dd>{formatUsd(Math.max(0, o.totalCents - o.depositPaidCents), { cents: true })}</dd>
            </dl>
          ),
        },
      ]}
    />
  );
}
