import { Link } from "react-router";
import { AdminTable } from "~/platform/admin-kit/AdminTable";
import { StatusFilter } from "~/platform/admin-kit/StatusFilter";
import type { Page } from "~/platform/admin-kit/list";
import { formatCalendarDate, formatDateTime } from "~/platform/lib/dates";
import { formatUsd } from "~/platform/lib/money";
import { QUOTE_STATUS_LABELS, QUOTE_STATUS_LIST, type QuoteStatus } from "./final-price";

/** A quote as the Quotes screen lists it (dates arrive as strings after serialisation). */
export interface QuoteAdminRow {
  id: string;
  label: string;
  status: QuoteStatus;
  name: string;
  email: string;
  company: string | null;
  computedTotalCents: number;
  finalTotalCents: number | null;
  validUntil: string | null;
  createdAt: Date | string;
}

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const tone =
    status === "requested" || status === "accepted"
      ? "bg-accent-50 text-accent-700"
      : status === "paid"
        ? "bg-green-50 text-green-800"
        : "bg-surface text-ink-muted";
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}>
      {QUOTE_STATUS_LABELS[status]}
    </span>
  );
}

export function QuoteAdminTable({
  page,
  status,
}: {
  page: Page<QuoteAdminRow>;
  status: string | undefined;
}) {
  return (
    <AdminTable
      page={page}
      caption="Quote requests, newest first"
      searchLabel="Search by number, name, email or company"
      empty={status ? `No ${status} quotes.` : "No quote requests yet."}
      filters={<StatusFilter statuses={QUOTE_STATUS_LIST} value={status} />}
      columns={[
        {
          header: "Quote",
          cell: (q) => (
            <Link
              to={`/admin/quotes/${q.id}`}
              className="font-semibold whitespace-nowrap text-brand-800 underline"
            >
              {q.label}
            </Link>
          ),
        },
        {
          header: "Requested",
          cell: (q) => <span className="whitespace-nowrap">{formatDateTime(q.createdAt)}</span>,
        },
        {
          header: "From",
          cell: (q) => (
            <div className="min-w-44">
              <span className="font-semibold">{q.name}</span>
              {q.company && <p className="text-xs text-ink-muted">{q.company}</p>}
              <p className="text-xs break-all text-ink-muted">{q.email}</p>
            </div>
          ),
        },
        {
          header: "Price",
          align: "right",
          cell: (q) => (
            <div className="whitespace-nowrap">
              <span className="font-semibold">
                {formatUsd(q.finalTotalCents ?? q.computedTotalCents, { cents: true })}
              </span>
              <p className="text-xs text-ink-muted">
                {q.finalTotalCents === null ? "website price" : "final price"}
              </p>
            </div>
          ),
        },
        {
          header: "Status",
          cell: (q) => (
            <>
              <QuoteStatusBadge status={q.status} />
              {q.validUntil && (q.status === "sent" || q.status === "expired") && (
                <p className="mt-1 text-xs whitespace-nowrap text-ink-muted">
                  {q.status === "sent" ? "valid until" : "expired after"}{" "}
                  {formatCalendarDate(q.validUntil)}
                </p>
              )}
            </>
          ),
        },
      ]}
    />
  );
}
