import { useId, useState } from "react";
import { formatUsd } from "~/platform/lib/money";
import { ButtonLink } from "~/platform/ui/Button";
import { Container } from "~/platform/ui/Container";
import { ImageWithFallback } from "~/platform/ui/ImageWithFallback";
import { cn } from "~/platform/ui/cn";
import { FROM_QUANTITY, type ProductPageData } from "./product";
import type { StockLevel } from "./stock";

const STOCK_STYLE: Record<StockLevel, string> = {
  "In stock": "text-green-800",
  "Low stock": "text-amber-800",
  "Out of stock": "text-ink-muted line-through decoration-1",
};

/** One catalogue product: pictures by colour, sizes with stock, and the decorated "from" price. */
export function ProductPage({
  product,
  structuredData,
}: {
  product: ProductPageData;
  structuredData: string;
}) {
  const [colourIndex, setColourIndex] = useState(0);
  const colour = product.colours[colourIndex];
  const picture = colour?.image ?? product.image;
  const swatchName = useId();
  return (
    <Container className="py-10">
      <script
        type="application/ld+json"
        // Escaped by productStructuredData; data, not code, so the CSP nonce does not apply.
        dangerouslySetInnerHTML={{ __html: structuredData }}
      />
      <div className="grid gap-10 lg:grid-cols-2">
        <ImageWithFallback
          key={picture?.url ?? "none"}
          src={picture?.url}
          srcSet={picture?.srcset}
          sizes="(min-width: 1024px) 50vw, 100vw"
          alt={colour ? `${product.name} in ${colour.name}` : product.name}
          width={picture?.width ?? 600}
          height={picture?.height ?? 600}
          className="aspect-square w-full rounded-card border border-line bg-surface object-contain"
          fallback={
            <div className="flex aspect-square w-full items-center justify-center rounded-card border border-line bg-surface text-ink-muted">
              No image
            </div>
          }
        />
        <div className="flex flex-col gap-6">
          <div>
            <p className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
              {product.brand} · {product.styleNumber}
            </p>
            <h1 className="mt-1 text-3xl font-bold text-ink">{product.name}</h1>
            <p className="mt-1 text-ink-muted">{product.category}</p>
            <p className="mt-4 text-xl font-semibold text-ink" data-testid="from-price">
              from {formatUsd(product.fromPerPieceCents)} a piece, decorated, at {FROM_QUANTITY}{" "}
              pieces
            </p>
            <p className="text-sm text-ink-muted">
              One colour printed on the front, set-up included. Your quote prices your own choices.
            </p>
            <ButtonLink to={`/quote?product=${product.id}`} className="mt-4">
              Add to quote
            </ButtonLink>
          </div>

          {product.colours.length > 0 && (
            <fieldset>
              <legend className="font-semibold text-ink">
                Colour: <span className="font-normal">{colour?.name}</span>
              </legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {product.colours.map((c, i) => (
                  <label key={c.name} className="cursor-pointer" title={c.name}>
                    <input
                      type="radio"
                      name={swatchName}
                      value={c.name}
                      checked={i === colourIndex}
                      onChange={() => setColourIndex(i)}
                      className="peer sr-only"
                    />
                    <span
                      className={cn(
                        "block size-9 rounded-full border-2 border-line",
                        "peer-checked:border-brand-700 peer-checked:ring-2 peer-checked:ring-brand-700 peer-checked:ring-offset-2",
                        "peer-focus-visible:outline-3 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-brand-700",
                      )}
                      style={{ backgroundColor: c.hex ?? "#e5e7eb" }}
                    />
                    <span className="sr-only">{c.name}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          {product.sizes.length > 0 && (
            <table className="w-full max-w-sm text-left text-sm">
              <caption className="mb-2 text-left font-semibold text-ink">
                Sizes{colour ? ` in ${colour.name}` : ""}
              </caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">Size</th>
                  <th scope="col">Stock</th>
                </tr>
              </thead>
              <tbody>
                {product.sizes.map((size) => {
                  const level = colour?.stock[size];
                  return (
                    <tr key={size} className="border-b border-line">
                      <th scope="row" className="py-1.5 font-medium text-ink">
                        {size}
                      </th>
                      <td className={cn("py-1.5", level ? STOCK_STYLE[level] : "text-ink-muted")}>
                        {level ?? "Ask us"}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}

          {product.description && (
            <div>
              <h2 className="font-semibold text-ink">About this product</h2>
              <p className="mt-1 text-ink-muted">{product.description}</p>
              {product.material && (
                <p className="mt-1 text-ink-muted">Fabric: {product.material}</p>
              )}
            </div>
          )}
        </div>
      </div>
    </Container>
  );
}
