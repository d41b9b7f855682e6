import type { SsProduct, SsStyle } from "./ss-records";

/** The product as the app shows it (admin spec §3). */
export interface Product {
  id: string;
  styleNumber: string;
  name: string;
  description: string;
  brand: string;
  category: string;
  /** Dollars, as the spec's normalized object has it; stored as cents. */
  price: number;
  colors: string[];
  sizes: string[];
  imageUrl: string | null;
  material: string;
  tags: string[];
  rating: number;
  source: string;
}

// Admin spec §3: the defaults for missing values, word for word.
export const PRODUCT_DEFAULTS = {
  id: "unknown",
  styleNumber: "unknown",
  name: "Unknown Product",
  brand: "Unknown Brand",
  category: "Apparel",
  price: 9.99,
  material: "Cotton",
  rating: 4.5,
  source: "SS Activewear",
} as const;

/** The supplier-neutral record of the spec: productId, productName, Color[], Size[], Price. */
export interface SupplierRecord {
  productId?: string | number | null;
  styleNumber?: string | null;
  productName?: string | null;
  description?: string | null;
  brandName?: string | null;
  category?: string | null;
  Color?: { colorName?: string | null }[] | null;
  Size?: { sizeName?: string | null }[] | null;
  Price?: { standardPrice?: number | string | null } | null;
  imageUrl?: string | null;
  material?: string | null;
  tags?: string[] | null;
  rating?: number | null;
  source?: string | null;
}

const text = (value: unknown) =>
  typeof value === "string" && value.trim() ? value.trim() : undefined;

const distinct = (values: (string | null | undefined)[]) => {
  const seen = new Set<string>();
  for (const value of values) {
    const t = text(value);
    if (t) seen.add(t);
  }
  return [...seen];
};

function positiveNumber(value: unknown) {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** Applies the §3 defaults to a supplier record. */
export function normalizeProduct(record: SupplierRecord): Product {
  const rating = positiveNumber(record.rating);
  return {
    id: text(String(record.productId ?? "")) ?? PRODUCT_DEFAULTS.id,
    styleNumber: text(record.styleNumber) ?? PRODUCT_DEFAULTS.styleNumber,
    name: text(record.productName) ?? PRODUCT_DEFAULTS.name,
    description: text(record.description) ?? "",
    brand: text(record.brandName) ?? PRODUCT_DEFAULTS.brand,
    category: text(record.category) ?? PRODUCT_DEFAULTS.category,
    price: positiveNumber(record.Price?.standardPrice) ?? PRODUCT_DEFAULTS.price,
    colors: distinct((record.Color ?? []).map((c) => c?.colorName)),
    sizes: distinct((record.Size ?? []).map((s) => s?.sizeName)),
    imageUrl: text(record.imageUrl) ?? null,
    material: text(record.material) ?? PRODUCT_DEFAULTS.material,
    tags: distinct(record.tags ?? []),
    rating: rating !== undefined && rating <= 5 ? rating : PRODUCT_DEFAULTS.rating,
    source: text(record.source) ?? PRODUCT_DEFAULTS.source,
  };
}

const SS_IMAGE_BASE = "https://www.ssactivewear.com/";

export function stripHtml(html: string) {
  return html
    .replace(/<\/(li|p|div|br)\s*>|<br\s*\/?>/gi, ". ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#174;|&reg;/g, "®")
    .replace(/&#8482;|&trade;/g, "™")
    .replace(/&[a-z#0-9]+;/gi, " ")
    .replace(/\s*\.\s*(\.\s*)+/g, ". ")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "");
}

// S&S has no fabric field; the fabric sits in the description ("5.3 oz., 100% cotton").
const FABRIC =
  /(\d{1,3}(?:\/\d{1,3})*%?\s+(?:ring-spun\s+|combed\s+|organic\s+|recycled\s+)*(?:cotton|polyester|rayon|spandex|nylon|tri-blend|fleece)(?:\s*\/\s*(?:cotton|polyester|rayon|spandex|nylon))*)/i;

export function materialFrom(description: string) {
  const match = FABRIC.exec(description);
  if (!match) return undefined;
  const words = match[1]!.replace(/\s+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Maps one S&S style and its SKU rows (one per colour and size) to the spec's supplier record. */
export function ssToSupplierRecord(style: SsStyle, skus: SsProduct[]): SupplierRecord {
  const sorted = [...skus].sort((a, b) =>
    String(a.sizeOrder ?? "").localeCompare(String(b.sizeOrder ?? "")),
  );
  const piecePrices = skus
    .map((s) => positiveNumber(s.piecePrice) ?? positiveNumber(s.customerPrice))
    .filter((p): p is number => p !== undefined && p > 0);
  const description = stripHtml(text(style.description) ?? "");
  const brand = text(style.brandName) ?? text(skus[0]?.brandName);
  const styleName = text(style.styleName) ?? text(skus[0]?.styleName);
  const title = text(style.title) ?? (brand && styleName ? `${brand} ${styleName}` : undefined);
  const image = text(style.styleImage) ?? text(skus[0]?.colorFrontImage);
  return {
    productId: Number.isFinite(style.styleID) ? `ss:${style.styleID}` : undefined,
    styleNumber: styleName,
    productName: title,
    description,
    brandName: brand,
    category: text(style.baseCategory),
    Color: skus.map((s) => ({ colorName: s.colorName })),
    Size: sorted.map((s) => ({ sizeName: s.sizeName })),
    Price: { standardPrice: piecePrices.length ? Math.min(...piecePrices) : undefined },
    imageUrl: image ? new URL(image, SS_IMAGE_BASE).toString() : undefined,
    material: materialFrom(description),
    tags: [
      text(style.baseCategory),
      style.newStyle ? "New" : undefined,
      style.sustainableStyle ? "Sustainable" : undefined,
      ...distinct(skus.map((s) => s.colorFamily)),
    ].filter((t): t is string => Boolean(t)),
    source: PRODUCT_DEFAULTS.source,
  };
}

export function normalizeSsStyle(style: SsStyle, skus: SsProduct[]) {
  return normalizeProduct(ssToSupplierRecord(style, skus));
}
