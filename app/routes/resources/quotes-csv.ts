import { listQueryOf, statusOf } from "~/platform/admin-kit/list";
import { requireAdmin } from "~/platform/auth/admin.server";
import { QUOTE_STATUS_LIST } from "~/capabilities/quotes/final-price";
import { quotesCsv } from "~/capabilities/quotes/quote-admin.server";
import type { Route } from "./+types/quotes-csv";

/** GET /admin/quotes.csv?q=&status=: the quotes the list shows, as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { q } = listQueryOf(request);
  const status = statusOf(request, QUOTE_STATUS_LIST);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(quotesCsv(context.db, { q, status }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="quotes-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
