import { requireAdmin } from "~/platform/auth/admin.server";
import { subscriptionsCsv } from "~/capabilities/subscriptions/admin.server";
import type { Route } from "./+types/subscriptions-csv";

/** GET /admin/subscriptions.csv: every subscription, as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await subscriptionsCsv(context.db), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscriptions-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
