import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { quotes } from "~/platform/db/schema/index";
import type { QuoteArtworkFile } from "./artwork";
import { quoteArtworkFiles } from "./artwork.server";
import type { QuotePrice } from "./pricing";
import { quoteLabel, verifyQuoteToken } from "./quote-link.server";
import type { StoredLine } from "./request";

export interface QuotePageData {
  label: string;
  status: (typeof quotes.$inferSelect)["status"];
  name: string;
  createdAt: string;
  inHandsDate: string | null;
  notes: string;
  lines: StoredLine[];
  price: QuotePrice;
  /** The artwork sent with the request, by line and location. */
  artwork: QuoteArtworkFile[];
}

/**
 * The quote a signed link names, or null: a malformed number, an unknown quote and a token that
 * is not this quote's signature are told apart from nobody.
 */
export async function quoteForLink(
  context: Pick<AppLoadContext, "db" | "env">,
  label: string,
  token: string,
): Promise<QuotePageData | null> {
  const m = /^Q-(\d{4,9})$/.exec(label);
  if (!m) return null;
  const [row] = await context.db
    .select()
    .from(quotes)
    .where(eq(quotes.number, Number(m[1])));
  if (!row || !verifyQuoteToken(context.env.AUTH_SECRET, row.id, token)) return null;
  return {
    label: quoteLabel(row.number),
    status: row.status,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    inHandsDate: row.inHandsDate,
    notes: row.notes,
    lines: row.lines as StoredLine[],
    price: row.price as QuotePrice,
    artwork: await quoteArtworkFiles(context.db, row.id),
  };
}
