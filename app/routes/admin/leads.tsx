import { AdminPageHeader } from "~/features/admin/AdminShell";
import { Loaded } from "~/features/admin/AdminTable";
import { ResultNotice } from "~/features/admin/feedback";
import { loadOrNull } from "~/features/admin/load.server";
import { RecordDialog, useRecordEditor } from "~/features/admin/RecordDialog";
import { requireAdmin } from "~/features/auth/admin.server";
import { leadAction, loadLeadsPage } from "~/features/leads/lead-admin.server";
import { LeadFields, type LeadRow, LeadTable } from "~/features/leads/LeadTable";
import { leadMessages } from "~/features/leads/messages";
import type { RouteHandle } from "~/root";
import { ButtonLink } from "~/ui/Button";
import type { Route } from "./+types/leads";

export const handle: RouteHandle = { title: "Admin: Leads", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  return {
    leads: await loadOrNull(context.logger, "leads", () => loadLeadsPage(context.db, url)),
    csv: csvHref(url),
  };
}

/** The export keeps the list's search and status filter (not its page: it exports them all). */
function csvHref(url: URL) {
  const params = new URLSearchParams();
  for (const name of ["q", "status"]) {
    const value = url.searchParams.get(name)?.trim();
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return `/admin/leads.csv${query ? `?${query}` : ""}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  return leadAction(request, context, await requireAdmin(request, context));
}

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const editor = useRecordEditor<LeadRow>();
  return (
    <>
      <AdminPageHeader
        title="Leads"
        description="Every message sent through the contact form, newest first."
      >
        <ButtonLink href={loaderData.csv} variant="secondary" download>
          Export CSV
        </ButtonLink>
      </AdminPageHeader>
      <ResultNotice />
      <Loaded value={loaderData.leads} failure={leadMessages.fetch}>
        {(page) => <LeadTable page={page} status={page.status} onEdit={editor.edit} />}
      </Loaded>
      <RecordDialog
        name="lead"
        editor={editor}
        title={() => "Update Lead"}
        description="Mark the lead handled once someone has answered, and keep a note for the team."
        submitLabel={() => "Save Lead"}
      >
        {(lead, errors) => <LeadFields lead={lead} errors={errors} />}
      </RecordDialog>
    </>
  );
}
