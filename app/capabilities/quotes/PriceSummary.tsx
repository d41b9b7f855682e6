import { formatUsd } from "~/platform/lib/money";
import type { NextBreak, QuotePrice } from "./pricing";

/** The builder's hint (issue 23, word for word). */
export function nextBreakText(next: NextBreak, format: (cents: number) => string) {
  const pieces =
    next.morePieces === 1 ? "1 more piece brings" : `${next.morePieces} more pieces bring`;
  return `${pieces} the price to ${format(next.perPieceCents)} a piece`;
}

/** The price broken down as the builder and the quote's page show it. */
export function PriceSummary({
  price,
  heading = "Your price",
}: {
  price: QuotePrice;
  /** "Website estimate" on a quote's page once the company's final price has been sent. */
  heading?: string;
}) {
  const rows: [string, number][] = [
    ["Garments", price.garmentCents],
    ["Larger sizes", price.upchargeCents],
    ["Decoration", price.decorationCents],
    ["Set-up", price.setupCents],
  ];
  return (
    <section
      aria-labelledby="price-heading"
      className="rounded-card border border-line bg-white p-4"
    >
      <h2 id="price-heading" className="font-semibold text-ink">
        {heading}
      </h2>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, cents]) => (
          <div key={label} className="contents">
            <dt className="text-ink-muted">{label}</dt>
            <dd className="text-right">{formatUsd(cents)}</dd>
          </div>
        ))}
      </dl>
      <p
        className="mt-3 border-t border-line pt-3 text-lg font-bold"
        aria-live="polite"
        data-testid="quote-total"
      >
        {formatUsd(price.totalCents)} for {price.quantity}{" "}
        {price.quantity === 1 ? "piece" : "pieces"}
        {price.quantity > 0 && (
          <span className="block text-sm font-normal text-ink-muted">
            {formatUsd(price.perPieceCents)} a piece
          </span>
        )}
      </p>
      {price.minimums.map((m) => (
        <p key={m.method} className="mt-2 text-sm text-amber-800">
          {m.message}
        </p>
      ))}
      {price.nextBreak && price.minimums.length === 0 && (
        <p className="mt-2 text-sm text-green-800" data-testid="next-break">
          {nextBreakText(price.nextBreak, formatUsd)}
        </p>
      )}
    </section>
  );
}
