import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import { requireAdmin } from "~/platform/auth/admin.server";
import { loadQuotesPage, quoteAdminMessages } from "~/capabilities/quotes/quote-admin.server";
import { QuoteAdminTable } from "~/capabilities/quotes/QuoteAdminTable";
import type { RouteHandle } from "~/root";
import { ButtonLink } from "~/platform/ui/Button";
import type { Route } from "./+types/quotes";

export const handle: RouteHandle = { title: "Admin: Quotes", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  return {
    quotes: await loadOrNull(context.logger, "quotes", () => loadQuotesPage(context.db, url)),
    csv: csvHref(url),
    failure: quoteAdminMessages.fetch,
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
  return `/admin/quotes.csv${query ? `?${query}` : ""}`;
}

export default function AdminQuotes({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Quotes"
        description="Bulk-order quote requests from the website, newest first. Open one to set the final price and send it to the buyer."
      >
        <ButtonLink href={loaderData.csv} variant="secondary" download>
          Export CSV
        </ButtonLink>
      </AdminPageHeader>
      <Loaded value={loaderData.quotes} failure={loaderData.failure}>
        {(page) => <QuoteAdminTable page={page} status={page.status} />}
      </Loaded>
    </>
  );
}
