import { listQueryOf, statusOf } from "~/platform/admin-kit/list";
import { requireAdmin } from "~/platform/auth/admin.server";
import { LEAD_STATUSES } from "~/capabilities/contact/leads";
import { leadsCsv } from "~/capabilities/contact/leads.server";
import type { Route } from "./+types/leads-csv";

/** GET /admin/leads.csv?q=&status=: the leads the list shows, as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { q } = listQueryOf(request);
  const status = statusOf(request, LEAD_STATUSES);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(leadsCsv(context.db, { q, status }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
