import { AdminTable } from "~/platform/admin-kit/AdminTable";
import type { FieldErrors } from "~/platform/admin-kit/RecordDialog";
import { StatusFilter } from "~/platform/admin-kit/StatusFilter";
import type { Page } from "~/platform/admin-kit/list";
import { formatDateTime } from "~/platform/lib/dates";
import { Button } from "~/platform/ui/Button";
import { Field, Select, Textarea } from "~/platform/ui/Field";
import { LEAD_STATUSES, MAX_NOTE_LENGTH } from "./leads";

/** A lead as the Leads screen lists it (dates arrive as strings after serialisation). */
export interface LeadRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  sourcePath: string | null;
  status: "new" | "handled";
  note: string | null;
  createdAt: Date | string;
}

export function LeadTable({
  page,
  status,
  onEdit,
}: {
  page: Page<LeadRow>;
  status: string | undefined;
  onEdit: (lead: LeadRow) => void;
}) {
  return (
    <AdminTable
      page={page}
      caption="Contact messages, newest first"
      searchLabel="Search by name, email or message"
      empty={status ? `No ${status} leads.` : "No contact messages yet."}
      filters={<StatusFilter statuses={LEAD_STATUSES} value={status} />}
      columns={[
        {
          header: "Received",
          cell: (l) => <span className="whitespace-nowrap">{formatDateTime(l.createdAt)}</span>,
        },
        {
          header: "From",
          cell: (l) => (
            <div className="min-w-44">
              <span className="font-semibold">{l.name}</span>
              <p className="text-xs break-all text-ink-muted">{l.email}</p>
              {l.phone && <p className="text-xs text-ink-muted">{l.phone}</p>}
            </div>
          ),
        },
        {
          header: "Message",
          cell: (l) => (
            <>
              <p className="line-clamp-3 max-w-md min-w-56 whitespace-pre-line">{l.message}</p>
              {l.note && <p className="mt-1 text-xs text-ink-muted">Note: {l.note}</p>}
            </>
          ),
        },
        {
          header: "Status",
          cell: (l) => (
            <span
              className={
                l.status === "new"
                  ? "rounded-full bg-accent-50 px-2 py-0.5 text-xs font-semibold text-accent-700"
                  : "rounded-full bg-surface px-2 py-0.5 text-xs font-semibold text-ink-muted"
              }
            >
              {l.status === "new" ? "New" : "Handled"}
            </span>
          ),
        },
        {
          header: "Actions",
          align: "right",
          cell: (l) => (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onEdit(l)}
              aria-label={`Update lead from ${l.name}`}
            >
              Update
            </Button>
          ),
        },
      ]}
    />
  );
}

/** The lead dialog's fields: status (new or handled) and the sales team's note. */
export function LeadFields({ lead, errors }: { lead: LeadRow | null; errors: FieldErrors }) {
  return (
    <>
      {lead && (
        <div className="rounded-card border border-line bg-surface p-3 text-sm">
          <p className="font-semibold">
            {lead.name} &lt;{lead.email}&gt;
          </p>
          <p className="mt-1 whitespace-pre-line">{lead.message}</p>
        </div>
      )}
      <Field label="Status" error={errors?.status} required>
        {(control) => (
          // Opening a lead is almost always to mark it handled; New stays one choice away.
          <Select {...control} name="status" defaultValue="handled">
            <option value="new">New</option>
            <option value="handled">Handled</option>
          </Select>
        )}
      </Field>
      <Field label="Note" hint={`Up to ${MAX_NOTE_LENGTH} characters.`} error={errors?.note}>
        {(control) => (
          <Textarea {...control} name="note" rows={4} defaultValue={lead?.note ?? ""} />
        )}
      </Field>
    </>
  );
}
