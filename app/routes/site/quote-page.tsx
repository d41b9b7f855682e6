import { data } from "react-router";
import type { RouteHandle } from "~/root";
import { QuotePage } from "~/capabilities/quotes/QuotePage";
import { quoteForLink } from "~/capabilities/quotes/quote-page.server";
import { Container } from "~/platform/ui/Container";
import type { Route } from "./+types/quote-page";

export const handle: RouteHandle = {
  title: (d) => {
    const label = (d as { quote?: { label: string } | null } | undefined)?.quote?.label;
    return label ? `Quote ${label}` : "Quote";
  },
  noindex: true,
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const quote = await quoteForLink(context, params.quoteLabel, url.searchParams.get("t") ?? "");
  // A forged or mangled link is told nothing about whether the quote exists.
  if (!quote) return data({ quote: null, justSent: false }, { status: 404 });
  return { quote, justSent: url.searchParams.get("sent") === "1" };
}

export default function QuotePageRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.quote) {
    return (
      <Container className="py-16">
        <h1 className="text-3xl font-bold text-ink">Quote not found</h1>
        <p className="mt-2 text-ink-muted">
          This quote link is not valid. Please use the link in your confirmation email.
        </p>
      </Container>
    );
  }
  return <QuotePage quote={loaderData.quote} justSent={loaderData.justSent} />;
}
