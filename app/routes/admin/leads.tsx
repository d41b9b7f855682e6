import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { ResultNotice } from "~/platform/admin-kit/feedback";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import { RecordDialog, useRecordEditor } from "~/platform/admin-kit/RecordDialog";
import { requireAdmin } from "~/platform/auth/admin.server";
import { leadAction, loadLeadsPage } from "~/capabilities/contact/lead-admin.server";
import { LeadFields, type LeadRow, LeadTable } from "~/capabilities/contact/LeadTable";
import { leadMessages } from "~/capabilities/contact/lead-messages";
import type { RouteHandle } from "~/root";
import { ButtonLink } from "~/platform/ui/Button";
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
