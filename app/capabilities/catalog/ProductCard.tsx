import { Fragment } from "react";
import { ImageWithFallback } from "~/platform/ui/ImageWithFallback";
import { cn } from "~/platform/ui/cn";
import type { ProductCard as Product } from "./search.server";
import { dollarsToCents, formatUsd } from "~/platform/lib/money";

/**
 * What a card shows of a product, and all a page sends of it: its sizes, material and supplier's
 * picture address stay on the server, and only the three colours shown travel (spec §9).
 */
export type CardProduct = Pick<
  Product,
  "id" | "styleNumber" | "name" | "brand" | "category" | "price" | "rating" | "sample" | "image"
> & { colors: string[]; moreColors: number };

export function cardProduct(product: Product): CardProduct {
  const { id, styleNumber, name, brand, category, price, rating, sample, image } = product;
  const { shown, more } = colourSummary(product.colors);
  return {
    id,
    styleNumber,
    name,
    brand,
    category,
    price,
    rating,
    sample,
    image,
    colors: shown,
    moreColors: more,
  };
}

/** Public spec §9: stars to 5, a half star at a fraction of 0.5 or more; in half stars, 0 to 10. */
function halfStars(rating: number) {
  const full = Math.floor(rating);
  return Math.max(0, Math.min(10, full * 2 + (rating - full >= 0.5 ? 1 : 0)));
}

/** Spec §9: three colours, then '+N more'. */
export function colourSummary(colors: string[]) {
  return { shown: colors.slice(0, 3), more: Math.max(0, colors.length - 3) };
}

// The filled stars' share of the row, for 0, ½, 1 … 5 stars: whole class names, so Tailwind
// generates each. The glyphs are equally wide, so a tenth of the row is half a star.
const FILLED_WIDTH = [
  "w-0",
  "w-[10%]",
  "w-1/5",
  "w-[30%]",
  "w-2/5",
  "w-1/2",
  "w-3/5",
  "w-[70%]",
  "w-4/5",
  "w-[90%]",
  "w-full",
];

/**
 * Five grey stars with the filled ones laid over them, clipped: two text runs instead of an element
 * a star, 250 fewer elements on a page of 50 cards.
 */
function Stars({ rating }: { rating: number }) {
  return (
    <span
      className="relative inline-block self-start whitespace-nowrap text-line"
      aria-label={`Rated ${rating} out of 5`}
    >
      <span aria-hidden="true">★★★★★</span>
      <span
        aria-hidden="true"
        className={cn(
          "absolute inset-y-0 left-0 overflow-hidden text-accent-500",
          FILLED_WIDTH[halfStars(rating)],
        )}
      >
        ★★★★★
      </span>
    </span>
  );
}

// A page's cards highlight the same words: their pattern is built once.
let lastPattern: { key: string; pattern: RegExp } | undefined;

/** A word's first four letters and the rest of the word: "hoody" marks "Hooded" and "Hoodie". */
function highlightPattern(words: string[]) {
  const key = words.join(" ");
  if (lastPattern?.key !== key) {
    const pattern = new RegExp(
      `(${words
        .map((w) => (w.length > 4 ? w.slice(0, 4) : w).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .map((w) => `${w}[\\p{L}\\p{N}]*`)
        .join("|")})`,
      "giu",
    );
    lastPattern = { key, pattern };
  }
  return lastPattern.pattern;
}

/** Wraps the query's words (and words starting with them) in <mark>. */
export function Highlight({ text, words }: { text: string; words: string[] }) {
  if (!words.length) return <>{text}</>;
  const parts = text.split(highlightPattern(words));
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <mark key={i} className="rounded-sm bg-accent-100 px-0.5 text-ink">
            {part}
          </mark>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export function ProductCard({
  product,
  words = [],
  reason,
}: {
  product: CardProduct;
  words?: string[];
  reason?: string;
}) {
  const placeholder = (
    <div
      className="flex aspect-square w-full items-center justify-center bg-surface text-sm text-ink-muted"
      data-testid="image-placeholder"
    >
      No image
    </div>
  );
  return (
    <article className="flex flex-col overflow-hidden rounded-card border border-line bg-white shadow-sm">
      <ImageWithFallback
        src={product.image?.url}
        srcSet={product.image?.srcset}
        sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
        width={product.image?.width}
        height={product.image?.height}
        alt={product.name}
        loading="lazy"
        decoding="async"
        className="aspect-square h-auto w-full bg-surface object-contain"
        fallback={placeholder}
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-ink-muted">
          <Highlight text={product.brand} words={words} /> ·{" "}
          <Highlight text={product.styleNumber} words={words} />
          {product.sample && (
            <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-[0.6875rem] normal-case text-brand-700">
              Sample
            </span>
          )}
        </p>
        <h3 className="font-semibold text-ink">
          {/* A plain link: a page of 50 cards spent a third of their render in Link's hooks, and a
              click on a card is a document load either way before its island has hydrated. */}
          <a href={`/products/${product.id}`} className="hover:underline">
            <Highlight text={product.name} words={words} />
          </a>
        </h3>
        <p className="text-sm text-ink-muted">{product.category}</p>
        <Stars rating={product.rating} />
        <ul className="flex flex-wrap gap-1 text-xs" aria-label="Colours">
          {product.colors.map((c) => (
            <li key={c} className="rounded-full border border-line px-2 py-0.5">
              {c}
            </li>
          ))}
          {product.moreColors > 0 && (
            <li className="px-1 py-0.5 text-ink-muted">{`+${product.moreColors} more`}</li>
          )}
        </ul>
        {reason && <p className="border-l-2 border-accent-500 pl-2 text-sm text-ink">{reason}</p>}
        <p className="mt-auto text-lg font-bold text-ink">
          {formatUsd(dollarsToCents(product.price), { cents: true })}
        </p>
      </div>
    </article>
  );
}
