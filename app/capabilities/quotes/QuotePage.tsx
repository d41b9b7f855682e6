import { useEffect } from "react";
import { Form } from "react-router";
import { formatCalendarDate, formatDate } from "~/platform/lib/dates";
import { formatUsd } from "~/platform/lib/money";
import { Container } from "~/platform/ui/Container";
import { MAX_REASON_LENGTH } from "./final-price";
import { DRAFT_STORAGE_KEY } from "./draft-key";
import { formatArtworkSize } from "./artwork";
import { LOCATION_LABELS } from "./matrix";
import { lineSummary } from "./request";
import { PriceSummary } from "./PriceSummary";
import type { QuotePageData, SentPrice } from "./quote-page.server";

export const STATUS_TEXT: Record<QuotePageData["status"], string> = {
  requested: "Requested: our team is checking your quote and will send you the final price.",
  priced: "Being priced: our team is preparing your final price.",
  sent: "Priced: your final price is ready.",
  accepted: "Accepted: waiting for your deposit.",
  declined: "Declined.",
  expired: "Expired: ask us for a new quote.",
  paid: "Paid: your order is in production.",
};

const money = (cents: number) => formatUsd(cents, { cents: true });

/** The company's final price, and the buyer's answer to it while it can be given. */
function FinalPrice({
  quote,
  sent,
  token,
  error,
  busy,
}: {
  quote: QuotePageData;
  sent: SentPrice;
  token: string;
  error: string | null;
  busy: boolean;
}) {
  return (
    <section
      aria-labelledby="final-heading"
      className="mt-8 rounded-card border border-line bg-white p-5 shadow-card"
    >
      <h2 id="final-heading" className="text-xl font-bold text-ink">
        Our final price
      </h2>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">Final price by line</caption>
        <tbody>
          {sent.lines.map((line, i) => (
            <tr key={i} className="border-b border-line">
              <th scope="row" className="py-2 pr-4 text-left font-normal">
                {line.label}
              </th>
              <td className="py-2 text-right whitespace-nowrap">{money(line.amountCents)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="pt-3 pr-4 text-left text-base font-bold">
              Total
            </th>
            <td className="pt-3 text-right text-base font-bold" data-testid="final-total">
              {money(sent.totalCents)}
            </td>
          </tr>
          <tr>
            <th scope="row" className="pr-4 text-left font-normal">
              Deposit to confirm the order
            </th>
            <td className="text-right font-semibold" data-testid="deposit">
              {money(sent.depositCents)}
            </td>
          </tr>
        </tbody>
      </table>
      {sent.buyerNote && (
        <p className="mt-4 whitespace-pre-line">
          <span className="font-semibold">A note from our team:</span> {sent.buyerNote}
        </p>
      )}
      <p className="mt-2 text-sm text-ink-muted">
        Valid until {formatCalendarDate(sent.validUntil, { long: true })}.
      </p>
      {error && (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-900"
        >
          {error}
        </p>
      )}
      {quote.refusal && !error && (
        <p role="status" className="mt-4 font-semibold text-ink">
          {quote.refusal}
        </p>
      )}
      {quote.canAnswer && (
        <div className="mt-6 flex flex-col gap-6">
          <Form method="post">
            <input type="hidden" name="t" value={token} />
            <button
              type="submit"
              name="intent"
              value="accept"
              disabled={busy}
              className="rounded-control bg-accent-700 px-5 py-3 font-semibold text-white hover:bg-accent-800 disabled:opacity-70"
            >
              Accept and pay the {money(sent.depositCents)} deposit
            </button>
          </Form>
          <details>
            <summary className="cursor-pointer font-semibold text-brand-800">
              Decline this quote
            </summary>
            <Form method="post" className="mt-3 flex flex-col gap-2">
              <input type="hidden" name="t" value={token} />
              <label htmlFor="decline-reason" className="font-semibold text-ink">
                Why are you declining? (required)
              </label>
              <textarea
                id="decline-reason"
                name="reason"
                required
                maxLength={MAX_REASON_LENGTH}
                rows={3}
                className="rounded-control border border-line p-2"
              />
              <button
                type="submit"
                name="intent"
                value="decline"
                disabled={busy}
                className="self-start rounded-control border border-line px-4 py-2 font-semibold text-ink hover:bg-surface"
              >
                Decline quote
              </button>
            </Form>
          </details>
        </div>
      )}
    </section>
  );
}

/** The buyer's view of a quote, reached by its signed link. */
export function QuotePage({
  quote,
  justSent,
  token = "",
  error = null,
  busy = false,
}: {
  quote: QuotePageData;
  justSent: boolean;
  token?: string;
  error?: string | null;
  busy?: boolean;
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
      {quote.status === "declined" && quote.declineReason && (
        <p className="mt-1 text-ink-muted">Your reason: {quote.declineReason}</p>
      )}
      {quote.sent && (
        <FinalPrice quote={quote} sent={quote.sent} token={token} error={error} busy={busy} />
      )}
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div>
          <h2 className="font-semibold text-ink">What you asked for</h2>
          {quote.sent && (
            <p className="text-sm text-ink-muted">
              With the website's estimate; the final price above is the one that counts.
            </p>
          )}
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
        <PriceSummary price={quote.price} />
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
            {LOCATION_LABELS[file.location]} artwork: {file.name} ({formatArtworkSize(file.bytes)})
          </span>
        </li>
      ))}
    </ul>
  );
}
