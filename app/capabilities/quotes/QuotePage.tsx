import { type ReactNode, useEffect } from "react";
import { formatCalendarDate, formatDate } from "~/platform/lib/dates";
import { formatUsd } from "~/platform/lib/money";
import { Container } from "~/platform/ui/Container";
import { DRAFT_STORAGE_KEY } from "./draft-key";
import { LOCATION_LABELS } from "./matrix";
import { lineSummary } from "./request";
import { PriceSummary } from "./PriceSummary";
import type { QuotePageData } from "./quote-page.server";

export const STATUS_TEXT: Record<QuotePageData["status"], string> = {
  requested: "Requested: our team is checking your quote and will send you the final price.",
  priced: "Being priced: our team is preparing your final price.",
  sent: "Priced: your final price is ready.",
  accepted: "Accepted: waiting for your deposit.",
  declined: "Declined.",
  expired: "Expired: ask us for a new quote.",
  paid: "Paid: your order is in production.",
};

/** The buyer's view of a quote, reached by its signed link. */
export function QuotePage({
  quote,
  justSent,
  finalPrice,
}: {
  quote: QuotePageData;
  justSent: boolean;
  /** The company's price and the buyer's answer, once sent (an island of the route). */
  finalPrice?: ReactNode;
}) {
  // A sent request empties the builder; the lines live on here.
  useEffect(() => {
    if (justSent) window.localStorage.removeItem(DRAFT_STORAGE_KEY);
  }, [justSent]);
  return (
    <Container className="py-10">
      {justSent && (
        <p
          role="status"
          className="mb-6 rounded-md border border-green-300 bg-green-50 p-4 text-green-900"
        >
          Thank you, {quote.name}. Your quote request {quote.label} is stored and a confirmation is
          on its way to your inbox with the link to this page.
        </p>
      )}
      <h1 className="text-3xl font-bold text-ink">Quote {quote.label}</h1>
      <p className="mt-1 text-ink-muted">Requested {formatDate(quote.createdAt)}</p>
      <p className="mt-4 font-semibold text-ink" data-testid="quote-status">
        {STATUS_TEXT[quote.status]}
      </p>
      {quote.sent && finalPrice}
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div>
          <h2 className="font-semibold text-ink">What you asked for</h2>
          <ol className="mt-2 flex list-decimal flex-col gap-2 pl-5">
            {quote.lines.map((line, i) => (
              <li key={i}>
                {lineSummary(line)}
                <span className="block text-sm text-ink-muted">
                  {formatUsd(quote.price.lines[i]?.totalCents ?? 0)}
                </span>
                <LineArtwork files={quote.artwork.filter((a) => a.lineIndex === i)} />
              </li>
            ))}
          </ol>
          {quote.inHandsDate && (
            <p className="mt-4">In-hands date: {formatCalendarDate(quote.inHandsDate)}</p>
          )}
          {quote.notes && <p className="mt-2 whitespace-pre-line">Notes: {quote.notes}</p>}
        </div>
        <PriceSummary price={quote.price} heading={quote.sent ? "Website estimate" : undefined} />
      </div>
    </Container>
  );
}

/** The artwork a line was sent with: its location, file name and, for an image, a thumbnail. */
function LineArtwork({ files }: { files: QuotePageData["artwork"] }) {
  if (!files.length) return null;
  return (
    <ul className="mt-1 flex flex-col gap-1 text-sm" aria-label="Artwork">
      {files.map((file) => (
        <li key={file.id} className="flex items-center gap-2">
          {file.thumbnailUrl ? (
            <img
              src={file.thumbnailUrl}
              alt=""
              width={48}
              height={48}
              className="size-12 rounded border border-line object-contain"
            />
          ) : (
            <span className="flex size-12 items-center justify-center rounded border border-line text-xs">
              PDF
            </span>
          )}
          <span>
            {LOCATION_LABELS[file.location]} artwork: {file.name} ({file.size})
          </span>
        </li>
      ))}
    </ul>
  );
}
