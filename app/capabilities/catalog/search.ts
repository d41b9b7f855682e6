// @chunk product-search
import { z } from "zod";

/** Public spec §9: 50 per page; three sorts. */
export const PAGE_SIZE = 50;
export const SORTS = ["relevance", "price-low-high", "price-high-low"] as const;
export type Sort = (typeof SORTS)[number];
export const PRICE_MAX = 100;

export interface SearchParams {
  q: string;
  categories: string[];
  brands: string[];
  minPrice: number;
  maxPrice: number;
  minRating: number;
  colors: string[];
  sizes: string[];
  sort: Sort;
  page: number;
}

// Built on first use, so that the product search page's browser code (which never parses) does
// not carry zod (issue 13).
let schema: ReturnType<typeof buildSchema> | undefined;
function buildSchema() {
  const list = z
    .array(z.string().trim().max(100))
    .transform((v) => [...new Set(v.filter(Boolean))].slice(0, 30));
  // Out-of-range or malformed numbers fall back rather than fail: a shared URL should still work.
  const bounded = (min: number, max: number, step: number, fallback: number) =>
    z.preprocess(
      (v) => (v === "" || v === undefined ? fallback : Number(v)),
      z
        .number()
        .catch(fallback)
        .transform((n) =>
          Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n / step) * step)) : fallback,
        ),
    );

  return z.object({
    q: z
      .string()
      .catch("")
      .transform((s) => s.trim().slice(0, 200)),
    category: list.catch([]),
    brand: list.catch([]),
    minPrice: bounded(0, PRICE_MAX, 1, 0),
    maxPrice: bounded(0, PRICE_MAX, 1, PRICE_MAX),
    rating: bounded(0, 5, 0.5, 0),
    color: list.catch([]),
    size: list.catch([]),
    sort: z.enum(SORTS).catch("relevance"),
    page: z.coerce.number().int().min(1).max(10_000).catch(1),
  });
}

/** Reads the search state from the URL (the state lives there: shareable, reload-proof, no JS). */
export function parseSearchParams(params: URLSearchParams): SearchParams {
  const parsed = (schema ??= buildSchema()).parse({
    q: params.get("q") ?? "",
    category: params.getAll("category"),
    brand: params.getAll("brand"),
    minPrice: params.get("minPrice") ?? undefined,
    maxPrice: params.get("maxPrice") ?? undefined,
    rating: params.get("rating") ?? undefined,
    color: params.getAll("color"),
    size: params.getAll("size"),
    sort: params.get("sort") ?? undefined,
    page: params.get("page") ?? undefined,
  });
  const [minPrice, maxPrice] =
    parsed.minPrice <= parsed.maxPrice
      ? [parsed.minPrice, parsed.maxPrice]
      : [parsed.maxPrice, parsed.minPrice];
  return {
    q: parsed.q,
    categories: parsed.category,
    brands: parsed.brand,
    minPrice,
    maxPrice,
    minRating: parsed.rating,
    colors: parsed.color,
    sizes: parsed.size,
    sort: parsed.sort,
    page: parsed.page,
  };
}

export function searchParamsToUrl(params: Partial<SearchParams>) {
  const out = new URLSearchParams();
  if (params.q) out.set("q", params.q);
  for (const c of params.categories ?? []) out.append("category", c);
  for (const b of params.brands ?? []) out.append("brand", b);
  if (params.minPrice) out.set("minPrice", String(params.minPrice));
  if (params.maxPrice !== undefined && params.maxPrice < PRICE_MAX)
    out.set("maxPrice", String(params.maxPrice));
  if (params.minRating) out.set("rating", String(params.minRating));
  for (const c of params.colors ?? []) out.append("color", c);
  for (const s of params.sizes ?? []) out.append("size", s);
  if (params.sort && params.sort !== "relevance") out.set("sort", params.sort);
  if (params.page && params.page > 1) out.set("page", String(params.page));
  return out;
}

/** The active-filter badge: each filter the visitor set, the query and sort excluded. */
export function activeFilterCount(p: SearchParams) {
  return (
    p.categories.length +
    p.brands.length +
    p.colors.length +
    p.sizes.length +
    (p.minPrice > 0 || p.maxPrice < PRICE_MAX ? 1 : 0) +
    (p.minRating > 0 ? 1 : 0)
  );
}

export function isBrowsing(p: SearchParams) {
  return !p.q && activeFilterCount(p) === 0;
}

/** Query words worth matching and highlighting. */
export function queryWords(q: string) {
  return [
    ...new Set(
      q
        .toLowerCase()
        .split(/[^\p{L}\p{N}+&'-]+/u)
        .filter((w) => w.length >= 2),
    ),
  ].slice(0, 8);
}

// Public spec §9: the groups, at most five categories each, matched case-insensitively by part.
export const CATEGORY_GROUPS: { name: string; keywords: string[] }[] = [
  { name: "Tops", keywords: ["t-shirt", "tee", "polo", "tank", "long sleeve", "top", "woven"] },
  { name: "Outerwear", keywords: ["outerwear", "jacket", "fleece", "sweatshirt", "vest"] },
  { name: "Bottoms", keywords: ["pant", "short", "bottom", "jogger", "legging"] },
  { name: "Headwear", keywords: ["headwear", "cap", "hat", "beanie", "visor"] },
  { name: "Performance", keywords: ["performance", "athletic", "activewear", "sport"] },
  { name: "Workwear", keywords: ["workwear", "work", "safety", "apron", "scrub"] },
  { name: "Accessories", keywords: ["accessor", "bag", "tote", "towel", "blanket"] },
  { name: "By Gender", keywords: ["women", "ladies", "men", "youth", "unisex"] },
];

export function groupCategories(categories: { value: string; count: number }[]) {
  return CATEGORY_GROUPS.map((group) => ({
    name: group.name,
    categories: categories
      .filter((c) => group.keywords.some((k) => c.value.toLowerCase().includes(k)))
      .sort((a, b) => b.count - a.count)
      .slice(0, 5),
  })).filter((g) => g.categories.length > 0);
}
