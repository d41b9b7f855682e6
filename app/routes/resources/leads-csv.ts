import type { LoaderFunctionArgs } from "react-router";
import { listQueryOf, statusOf } from "~/features/admin/list";
import { requireAdmin } from "~/features/auth/admin.server";
import { LEAD_STATUSES } from "~/features/leads/leads";
import { leadsCsv } from "~/features/leads/leads.server";

/** GET /admin/leads.csv?q=&status=: the leads the list shows, as a CSV download. */
export async function loader({ request, context }: LoaderFunctionArgs) {
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
