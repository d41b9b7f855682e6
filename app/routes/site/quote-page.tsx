import { data, redirect } from "react-router";
import type { RouteHandle } from "~/root";
import { readForm, textField } from "~/platform/forms/read.server";
import { QuotePage } from "~/capabilities/quotes/QuotePage";
import { acceptQuote, declineQuote } from "~/capabilities/quotes/lifecycle.server";
import { quoteForLink } from "~/capabilities/quotes/quote-page.server";
import { MAX_REASON_LENGTH } from "~/capabilities/quotes/request";
import { Container } from "~/platform/ui/Container";
import { island } from "~/platform/ui/island";
import type { Route } from "./+types/quote-page";

/** The final price and the buyer's answer: server-rendered, its code loaded when in view. */
const FinalPrice = island(() =>
  import("~/capabilities/quotes/FinalPrice").then((m) => m.FinalPrice),
);

export const handle: RouteHandle = {
  title: (d) => {
    const label = (d as { quote?: { label: string } | null } | undefined)?.quote?.label;
    return label ? `Quote ${label}` : "Quote";
  },
  noindex: true,
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("t") ?? "";
  const quote = await quoteForLink(
    context,
    params.quoteLabel,
    token,
    url.searchParams.get("session_id"),
  );
  // A forged or mangled link is told nothing about whether the quote exists.
  if (!quote) return data({ quote: null, justSent: false, token: "" }, { status: 404 });
  return { quote, justSent: url.searchParams.get("sent") === "1", token };
}

/** Accept (then pay the deposit) or decline with a reason; the token comes with the form. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { fields } = await readForm(request, { unreadable: "empty" });
  const token = new URL(request.url).searchParams.get("t") || textField(fields, "t");
  const intent = textField(fields, "intent");
  const result =
    intent === "accept"
      ? await acceptQuote(context, params.quoteLabel, token)
      : intent === "decline"
        ? await declineQuote(context, params.quoteLabel, token, textField(fields, "reason"))
        : ({ ok: false, status: 400, message: "Choose Accept or Decline." } as const);
  if (result.ok) throw redirect(result.redirect);
  return data({ error: result.message }, { status: result.status });
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
  const { quote } = loaderData;
  return (
    <QuotePage
      quote={quote}
      justSent={loaderData.justSent}
      finalPrice={
        quote.sent && (
          <FinalPrice
            sent={quote.sent}
            canAnswer={quote.canAnswer}
            refusal={quote.refusal}
            declineReason={quote.declineReason}
            token={loaderData.token}
            maxReasonLength={MAX_REASON_LENGTH}
          />
        )
      }
    />
  );
}
