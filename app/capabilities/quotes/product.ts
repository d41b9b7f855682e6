import { type PriceMatrix, sizeKey } from "./matrix";
import { priceQuote } from "./pricing";
import { type StockLevel, stockLevel } from "./stock";
import { centsToDecimal } from "~/platform/lib/money";

// A catalogue product as its page shows it. Pure: the page's component reads these too.

export interface ProductColour {
  name: string;
  /** The supplier's swatch colour ("#1F2A44"), when it gives one. */
  hex: string | null;
  imageUrl: string | null;
  /** The picture as the site serves it (the supplier's is copied by the catalogue's images job). */
  image: SitePicture | null;
  /** Stock by size from the last sync or inventory refresh; absent when the supplier gives none. */
  stock: Record<string, StockLevel>;
}

/** A picture stored and served by the site: the CSP lets the page show nothing else. */
export interface SitePicture {
  url: string;
  srcset: string;
  width: number;
  height: number;
}

export interface ProductPageData {
  id: string;
  name: string;
  brand: string;
  styleNumber: string;
  category: string;
  description: string;
  material: string | null;
  imageUrl: string | null;
  image: SitePicture | null;
  sizes: string[];
  colours: ProductColour[];
  /** Decorated price a piece at FROM_QUANTITY pieces (see fromPrice). */
  fromPerPieceCents: number;
  sample: boolean;
}

/** "from $X a piece, decorated, at 48 pieces" (issue 23). */
export const FROM_QUANTITY = 48;

const SS_IMAGE_BASE = "https://www.ssactivewear.com/";

interface RawSku {
  sku?: unknown;
  colorName?: unknown;
  sizeName?: unknown;
  color1?: unknown;
  colorFrontImage?: unknown;
  qty?: unknown;
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

function absoluteImage(path: string | null) {
  if (!path) return null;
  try {
    return new URL(path, SS_IMAGE_BASE).toString();
  } catch {
    return null;
  }
}

/** Colours with their swatch, picture and stock by size, from the supplier's SKU rows. */
export function coloursFrom(
  colors: string[],
  raw: unknown,
  /** Fresher stock by SKU (the inventory refresh's), preferred to the SKU rows' own. */
  fresh?: ReadonlyMap<string, number>,
): ProductColour[] {
  const skus: RawSku[] =
    raw && typeof raw === "object" && Array.isArray((raw as { skus?: unknown }).skus)
      ? (raw as { skus: RawSku[] }).skus
      : [];
  return colors.map((name) => {
    const rows = skus.filter((s) => text(s.colorName) === name);
    const hex = rows.map((s) => text(s.color1)).find((h) => h && /^#[0-9a-f]{6}$/i.test(h)) ?? null;
    const stock: Record<string, StockLevel> = {};
    for (const row of rows) {
      const size = text(row.sizeName);
      const sku = text(row.sku);
      const qty = (sku === null ? undefined : fresh?.get(sku)) ?? row.qty;
      if (size && typeof qty === "number" && Number.isFinite(qty)) {
        stock[size] = stockLevel(qty);
      }
    }
    return {
      name,
      hex,
      imageUrl: absoluteImage(rows.map((s) => text(s.colorFrontImage)).find(Boolean) ?? null),
      image: null,
      stock,
    };
  });
}

/**
 * The decorated "from" price: FROM_QUANTITY pieces in the first size without an upcharge, one ink
 * colour on the front, the screen included, through the same pricing as a quote.
 */
export function fromPrice(
  matrix: PriceMatrix,
  product: { id: string; category: string; priceCents: number; sizes: string[] },
) {
  const upcharged = new Set(matrix.sizeUpcharges.map((u) => sizeKey(u.size)));
  const size =
    product.sizes.find((s) => !upcharged.has(sizeKey(s))) ?? product.sizes[0] ?? "One Size";
  return priceQuote(matrix, [
    {
      product: { id: product.id, category: product.category, costCents: product.priceCents },
      colour: "",
      quantities: { [size]: FROM_QUANTITY },
      decorations: [{ location: "front", method: "screen_print", inkColours: 1 }],
    },
  ]).perPieceCents;
}

/** schema.org Product, for search engines; "<" escaped so the JSON cannot close its script. */
export function productStructuredData(product: ProductPageData, url: string) {
  const inStock = product.colours.some((c) =>
    Object.values(c.stock).some((level) => level !== "Out of stock"),
  );
  const known = product.colours.some((c) => Object.keys(c.stock).length > 0);
  const data = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.styleNumber,
    brand: { "@type": "Brand", name: product.brand },
    category: product.category,
    ...(product.description ? { description: product.description } : {}),
    ...(product.image ? { image: [new URL(product.image.url, url).href] } : {}),
    color: product.colours.map((c) => c.name).join(", ") || undefined,
    size: product.sizes.join(", ") || undefined,
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "USD",
      price: centsToDecimal(product.fromPerPieceCents),
      eligibleQuantity: { "@type": "QuantitativeValue", minValue: FROM_QUANTITY },
      ...(known
        ? { availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock" }
        : {}),
    },
  };
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
