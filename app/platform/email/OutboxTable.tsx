import { Link, useFetcher, useSearchParams } from "react-router";
import { AdminTable } from "~/platform/admin-kit/AdminTable";
import { useResultToast } from "~/platform/admin-kit/feedback";
import type { Page } from "~/platform/admin-kit/list";
import type { FormResult } from "~/platform/forms/result";
import { StatusFilter } from "~/platform/admin-kit/StatusFilter";
import { formatDateTime } from "~/platform/lib/dates";
import { Button } from "~/platform/ui/Button";
import { outboxMessages } from "./outbox-messages";

export const EMAIL_STATUS_CHOICES = ["queued", "sending", "sent", "failed", "stored"] as const;

/** An email as the Outbox lists it (dates arrive as strings after serialisation). */
export interface OutboxRow {
  id: string;
  kind: string;
  toAddress: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date | string;
  sentAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

/** 'Send again' for a failed email: posts `intent=resend` and toasts the answer. */
export function ResendButton({ id, subject }: { id: string; subject: string }) {
  const fetcher = useFetcher<FormResult>();
  useResultToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        disabled={fetcher.state !== "idle"}
        aria-label={`Send again: ${subject}`}
      >
        Send again
      </Button>
    </fetcher.Form>
  );
}

export function OutboxTable({ page, status }: { page: Page<OutboxRow>; status?: string }) {
  const [params] = useSearchParams();
  const open = (id: string) => {
    const next = new URLSearchParams(params);
    next.set("id", id);
    return `?${next}`;
  };
  return (
    <AdminTable
      page={page}
      caption="Emails, newest first"
      searchLabel="Search by recipient or subject"
      empty={status ? `No ${status} emails.` : "No emails yet."}
      filters={<StatusFilter statuses={EMAIL_STATUS_CHOICES} value={status} />}
      columns={[
        {
          header: "Email",
          // On a phone the table scrolls sideways in its box rather than squeezing the subject
          // and address to a few letters a line.
          className: "min-w-48",
          cell: (e) => (
            <>
              <Link to={open(e.id)} className="font-semibold text-brand-800 underline">
                {e.subject}
              </Link>
              <p className="text-xs break-all text-ink-muted">
                To {e.toAddress} · {e.kind}
              </p>
            </>
          ),
        },
        {
          header: "Status",
          cell: (e) => (
            <>
              <span className="font-semibold">{e.status}</span>
              <p className="text-xs text-ink-muted">
                {e.attempts} {e.attempts === 1 ? "attempt" : "attempts"}
              </p>
            </>
          ),
        },
        {
          header: "Last error",
          cell: (e) => (
            <p className="max-w-xs text-xs break-words text-danger-700">{e.lastError ?? ""}</p>
          ),
        },
        {
          header: "Times",
          cell: (e) => (
            <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs whitespace-nowrap">
              <dt className="text-ink-muted">Created</dt>
              <dd>{formatDateTime(e.createdAt)}</dd>
              {e.status === "stored" ? (
                <dd className="col-span-2 max-w-48 whitespace-normal text-ink-muted">
                  {outboxMessages.stored}
                </dd>
              ) : (
                <>
                  <dt className="text-ink-muted">{e.sentAt ? "Sent" : "Next try"}</dt>
                  <dd>{formatDateTime(e.sentAt ?? e.nextAttemptAt)}</dd>
                </>
              )}
            </dl>
          ),
        },
        {
          header: "Actions",
          align: "right",
          cell: (e) =>
            e.status === "failed" ? <ResendButton id={e.id} subject={e.subject} /> : null,
        },
      ]}
    />
  );
}
