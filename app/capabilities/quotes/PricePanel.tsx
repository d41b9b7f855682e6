import { formatUsd } from "~/platform/lib/money";
import type { DraftLine } from "./builder";
import { DECORATION_LOCATIONS, type PriceMatrix } from "./matrix";
import { PriceSummary } from "./PriceSummary";
import { type Decoration, type QuoteLine, priceQuote } from "./pricing";

/**
 * The builder's price as it is built: each line's total, then the breakdown, computed here with
 * the pricing the server uses. An island (see QuoteBuilder): the server renders it, and its code
 * (the pricing engine) loads after the page's first paint.
 */
export function PricePanel({ matrix, lines }: { matrix: PriceMatrix; lines: DraftLine[] }) {
  const price = priceQuote(matrix, lines.map(toQuoteLine));
  return (
    <>
      {price.lines.some((l) => l.quantity > 0) && (
        <ul className="mb-3 flex flex-col gap-1 text-sm text-ink-muted" aria-label="Lines">
          {price.lines.map(
            (l, i) =>
              l.quantity > 0 && (
                <li key={i}>
                  Line {i + 1}: {l.quantity} pieces · {formatUsd(l.totalCents)} ·{" "}
                  {formatUsd(l.perPieceCents)} a piece
                </li>
              ),
          )}
        </ul>
      )}
      <PriceSummary price={price} />
    </>
  );
}

/** A draft as the pricing reads it: the sizes with pieces, the locations with a method. */
function toQuoteLine(line: DraftLine): QuoteLine {
  const quantities: Record<string, number> = {};
  for (const size of line.product.sizes) {
    const q = line.quantities[size] ?? 0;
    if (Number.isInteger(q) && q > 0) quantities[size] = q;
  }
  const decorations: Decoration[] = [];
  for (const location of DECORATION_LOCATIONS) {
    const d = line.decorations[location];
    if (d) decorations.push({ location, ...d });
  }
  return {
    product: {
      id: line.product.id,
      category: line.product.category,
      costCents: line.product.costCents,
    },
    colour: line.colour,
    quantities,
    decorations,
  };
}
