import { Form } from "react-router";
import { formatDateTime } from "~/platform/lib/dates";
import { z } from "zod";
import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { AUDIT_PAGE_SIZE, listAudit } from "~/platform/audit/audit.server";
import { requireAdmin } from "~/platform/auth/admin.server";
import type { RouteHandle } from "~/root";
import { Button } from "~/platform/ui/Button";
import { DataTable } from "~/platform/ui/DataTable";
import { Field, Select } from "~/platform/ui/Field";
import type { Route } from "./+types/audit-log";

export const handle: RouteHandle = { title: "Admin: Audit Log", noindex: true };

const filters = z.object({
  actor: z.string().trim().max(320).optional().catch(undefined),
  entity: z.string().trim().max(64).optional().catch(undefined),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const filter = filters.parse({
    actor: params.get("actor") || undefined,
    entity: params.get("entity") || undefined,
  });
  return { filter, pageSize: AUDIT_PAGE_SIZE, ...(await listAudit(context.db, filter)) };
}

function Changes({ before, after }: { before: unknown; after: unknown }) {
  if (before == null && after == null) return <span className="text-ink-muted">None</span>;
  return (
    <details>
      <summary className="cursor-pointer text-sm font-medium">Before and after</summary>
      <div className="mt-2 grid gap-2 text-xs sm:grid-cols-2">
        {(
          [
            ["Before", before],
            ["After", after],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <p className="font-semibold text-ink-muted">{label}</p>
            <pre className="mt-1 max-h-64 overflow-auto rounded-control bg-surface p-2 whitespace-pre-wrap">
              {value == null ? "—" : JSON.stringify(value, null, 2)}
            </pre>
          </div>
        ))}
      </div>
    </details>
  );
}

export default function AdminAuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, actors, entities, filter, pageSize } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Audit Log"
        description={`Every change made in the admin area, newest first (latest ${pageSize}).`}
      />
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
        <Field label="Admin" className="min-w-56">
          {(control) => (
            <Select {...control} name="actor" defaultValue={filter.actor ?? ""}>
              <option value="">All admins</option>
              {actors.map((actor) => (
                <option key={actor}>{actor}</option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Record type" className="min-w-48">
          {(control) => (
            <Select {...control} name="entity" defaultValue={filter.entity ?? ""}>
              <option value="">All types</option>
              {entities.map((entity) => (
                <option key={entity}>{entity}</option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      <DataTable
        caption="Admin changes, newest first"
        rows={entries}
        rowKey={(entry) => entry.id}
        empty="No changes recorded yet."
        columns={[
          {
            header: "When",
            cell: (e) => formatDateTime(e.createdAt, { seconds: true }),
            className: "whitespace-nowrap",
          },
          { header: "Admin", cell: (e) => e.actorEmail },
          { header: "Action", cell: (e) => e.action },
          {
            header: "Record",
            cell: (e) => (
              <>
                {e.entityType}
                {e.entityId && <p className="font-mono text-xs text-ink-muted">{e.entityId}</p>}
              </>
            ),
          },
          { header: "Changes", cell: (e) => <Changes before={e.before} after={e.after} /> },
        ]}
      />
    </>
  );
}
