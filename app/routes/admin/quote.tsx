import { data } from "react-router";
import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { ResultNotice } from "~/platform/admin-kit/feedback";
import { requireAdmin } from "~/platform/auth/admin.server";
import {
  loadQuoteEditor,
  quoteAdminAction,
  quoteAdminMessages,
} from "~/capabilities/quotes/quote-admin.server";
import { QuoteEditor } from "~/capabilities/quotes/QuoteEditor";
import type { RouteHandle } from "~/root";
import { ButtonLink } from "~/platform/ui/Button";
import type { Route } from "./+types/quote";

export const handle: RouteHandle = {
  title: (d) => {
    const label = (d as { quote?: { label: string } | null } | undefined)?.quote?.label;
    return label ? `Admin: Quote ${label}` : "Admin: Quote";
  },
  noindex: true,
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const quote = await loadQuoteEditor(context, params.quoteId);
  if (!quote) return data({ quote: null }, { status: 404 });
  return { quote };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const result = await quoteAdminAction(request, context, admin, params.quoteId);
  if (result.ok) return result;
  const message = result.toast?.description;
  const status = result.fieldErrors
    ? 422
    : message === quoteAdminMessages.locked
      ? 409
      : message === quoteAdminMessages.missing
        ? 404
        : 503;
  return data(result, { status });
}

export default function AdminQuote({ loaderData }: Route.ComponentProps) {
  const { quote } = loaderData;
  if (!quote) {
    return (
      <>
        <AdminPageHeader title="Quote not found" description="This quote no longer exists." />
        <ButtonLink to="/admin/quotes" variant="secondary">
          Back to quotes
        </ButtonLink>
      </>
    );
  }
  return (
    <>
      <AdminPageHeader
        title={`Quote ${quote.label}`}
        description={`${quote.name}${quote.company ? `, ${quote.company}` : ""}: set the final price and send it.`}
      />
      <ResultNotice />
      <QuoteEditor key={quote.id} quote={quote} />
    </>
  );
}
