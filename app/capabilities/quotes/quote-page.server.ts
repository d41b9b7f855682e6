import type { AppLoadContext } from "react-router";
import { formatCalendarDate } from "~/platform/lib/dates";
import { formatUsd } from "~/platform/lib/money";
import type { quotes } from "~/platform/db/schema/index";
import { type QuoteArtworkFile, formatArtworkSize } from "./artwork";
import { quoteArtworkFiles } from "./artwork.server";
import { type FinalLine, businessToday } from "./final-price";
import { acceptRefusal, confirmReturnedPayment, quoteRowForLink } from "./lifecycle.server";
import type { QuotePrice } from "./pricing";
import { quoteLabel } from "./quote-link.server";
import type { StoredLine } from "./request";

const money = (cents: number) => formatUsd(cents, { cents: true });

/** The company's price as the buyer sees it, once it has been sent. */
export interface SentPrice {
  lines: FinalLine[];
  totalCents: number;
  depositCents: number;
  buyerNote: string;
  validUntil: string;
  /** The same, as the page prints them ("$500.00", "December 11, 2026"), formatted here. */
  shown: { amounts: string[]; total: string; deposit: string; validUntil: string };
}

export interface QuotePageData {
  label: string;
  status: (typeof quotes.$inferSelect)["status"];
  name: string;
  createdAt: string;
  inHandsDate: string | null;
  notes: string;
  lines: StoredLine[];
  price: QuotePrice;
  /** Null until the company sends its price (and while it prices it again). */
  sent: SentPrice | null;
  /** Whether Accept and Decline are offered; otherwise why not, when it is worth saying. */
  canAnswer: boolean;
  refusal: string | null;
  declineReason: string | null;
  /** The artwork sent with the request, by line and location. */
  artwork: (QuoteArtworkFile & { size: string })[];
}

/**
 * The quote a signed link names, or null: a malformed number, an unknown quote and a token that
 * is not this quote's signature are told apart from nobody. Back from the payment page with a
 * `session_id`, the payment is confirmed with the provider first, so the page shows it paid.
 */
export async function quoteForLink(
  context: Pick<AppLoadContext, "db" | "env" | "services" | "logger">,
  label: string,
  token: string,
  returnedSessionId?: string | null,
): Promise<QuotePageData | null> {
  let row = await quoteRowForLink(context, label, token);
  if (!row) return null;
  if (returnedSessionId && row.status === "accepted") {
    await confirmReturnedPayment(context, row.id, returnedSessionId);
    row = (await quoteRowForLink(context, label, token))!;
  }
  const showPrice =
    row.finalLines !== null &&
    row.sentAt !== null &&
    ["sent", "accepted", "declined", "expired", "paid"].includes(row.status);
  const refusal = acceptRefusal(row, businessToday());
  return {
    label: quoteLabel(row.number),
    status: row.status,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    inHandsDate: row.inHandsDate,
    notes: row.notes,
    lines: row.lines as StoredLine[],
    price: row.price as QuotePrice,
    sent: showPrice
      ? {
          lines: row.finalLines as FinalLine[],
          totalCents: row.finalTotalCents!,
          depositCents: row.depositCents!,
          buyerNote: row.buyerNote,
          validUntil: row.validUntil!,
          shown: {
            amounts: (row.finalLines as FinalLine[]).map((l) => money(l.amountCents)),
            total: money(row.finalTotalCents!),
            deposit: money(row.depositCents!),
            validUntil: formatCalendarDate(row.validUntil!, { long: true }),
          },
        }
      : null,
    canAnswer: showPrice && refusal === null,
    refusal: showPrice && row.status !== "paid" && row.status !== "declined" ? refusal : null,
    declineReason: row.declineReason,
    // Sizes are written here ("1.2 MB"): the page then needs nothing of the artwork module.
    artwork: (await quoteArtworkFiles(context.db, row.id)).map((file) => ({
      ...file,
      size: formatArtworkSize(file.bytes),
    })),
  };
}
