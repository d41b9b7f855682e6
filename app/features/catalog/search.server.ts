import { type SQL, and, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema";
import { SAMPLE_SOURCE } from "./catalog.server";
import { PAGE_SIZE, PRICE_MAX, type SearchParams, queryWords } from "./search";

export interface ProductCard {
  id: string;
  styleNumber: string;
  name: string;
  brand: string;
  category: string;
  price: number;
  colors: string[];
  sizes: string[];
  imageUrl: string | null;
  material: string | null;
  rating: number;
  sample: boolean;
}

export interface Facet {
  value: string;
  count: number;
}

export interface SearchResult {
  products: ProductCard[];
  total: number;
  page: number;
  pageCount: number;
  categories: Facet[];
  brands: Facet[];
}

// Trigram matches of single words: 0.4 lets "hoody" find "hooded" and "hoodie" (0.44).
const WORD_SIMILARITY = 0.4;

const columns = {
  id: products.id,
  styleNumber: products.styleNumber,
  name: products.name,
  brand: products.brand,
  category: products.category,
  priceCents: products.priceCents,
  colors: products.colors,
  sizes: products.sizes,
  imageUrl: products.imageUrl,
  material: products.material,
  rating: products.rating,
  sample: products.sample,
};

function toCard(row: {
  id: string;
  styleNumber: string;
  name: string;
  brand: string;
  category: string;
  priceCents: number;
  colors: string[];
  sizes: string[];
  imageUrl: string | null;
  material: string | null;
  rating: number | null;
  sample: boolean;
}): ProductCard {
  const { priceCents, rating, ...rest } = row;
  return { ...rest, price: priceCents / 100, rating: rating ?? 4.5 };
}

/** Each word must match the full-text index (stemmed) or, for typos and style numbers, a trigram. */
function textConditions(q: string) {
  return queryWords(q).map(
    (word) =>
      sql`(${products.searchVector} @@ plainto_tsquery('english', ${word}) or ${word} <% ${products.searchText})`,
  );
}

/**
 * Every filter except category and brand: the candidate set from which the page, the total and
 * both facet counts are derived (each facet is counted with every filter but its own).
 */
function baseConditions(p: SearchParams) {
  const where: (SQL | undefined)[] = [isNull(products.discontinuedAt), ...textConditions(p.q)];
  if (p.minPrice > 0) where.push(gte(products.priceCents, p.minPrice * 100));
  // The slider ends at 100: its top means "and above".
  if (p.maxPrice < PRICE_MAX) where.push(lte(products.priceCents, p.maxPrice * 100));
  if (p.minRating > 0) where.push(sql`coalesce(${products.rating}, 4.5) >= ${p.minRating}`);
  const anyOf = (values: string[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::text[]`;
  if (p.colors.length) where.push(sql`${products.colors} && ${anyOf(p.colors)}`);
  if (p.sizes.length) where.push(sql`${products.sizes} && ${anyOf(p.sizes)}`);
  return and(...where)!;
}

function inList(column: string, values: string[]) {
  if (!values.length) return sql`true`;
  return sql`${sql.identifier(column)} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

interface SearchRow {
  page: ProductRow[] | null;
  total: number | string;
  categories: Facet[] | null;
  brands: Facet[] | null;
}

interface ProductRow {
  id: string;
  style_number: string;
  name: string;
  brand: string;
  category: string;
  price_cents: number;
  colors: string[];
  sizes: string[];
  image_url: string | null;
  material: string | null;
  rating: number | null;
  sample: boolean;
}

/**
 * The catalogue search: full text plus trigram similarity, filters, and facet counts for category
 * and brand. One statement: the candidates are found once through the GIN indexes (tsvector and
 * trigram, combined by a bitmap OR per word), and the page, the total and both facets are counted
 * from them; relevance is computed only for candidates that pass every filter.
 */
export async function searchProducts(db: Database, p: SearchParams): Promise<SearchResult> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    if (p.q) {
      await tx.execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`,
      );
    }
    const words = queryWords(p.q);
    const rank = words.length
      ? sql`(ts_rank(search_vector, plainto_tsquery('english', ${words.join(" ")})) * 4
        + word_similarity(${words.join(" ")}, search_text)
        + case when lower(style_number) = ${p.q.toLowerCase()} then 10 else 0 end)`
      : sql`0`;
    const order =
      p.sort === "price-low-high"
        ? sql`price_cents asc, name asc, id asc`
        : p.sort === "price-high-low"
          ? sql`price_cents desc, name asc, id asc`
          : words.length
            ? sql`rank desc, name asc, id asc`
            : sql`name asc, id asc`;
    const inCategory = inList("category", p.categories);
    const inBrand = inList("brand", p.brands);
    const result = await tx.execute(sql`
      with candidates as materialized (
        select id, category, brand, price_cents, name, search_vector, search_text, style_number
        from ${products} where ${baseConditions(p)}
      ),
      filtered as (
        select id, price_cents, name, ${rank} as rank
        from candidates where ${inCategory} and ${inBrand}
      ),
      page as (
        select id, price_cents, name, rank from filtered order by ${order}
        limit ${PAGE_SIZE} offset ${(p.page - 1) * PAGE_SIZE}
      )
      select
        (select json_agg(row_to_json(r) order by r.ord) from (
          select pr.id, pr.style_number, pr.name, pr.brand, pr.category, pr.price_cents, pr.colors,
            pr.sizes, pr.image_url, pr.material, pr.rating, pr.sample, pg.ord
          from (select id, row_number() over (order by ${order}) as ord from page) pg
          join ${products} pr on pr.id = pg.id
        ) r) as page,
        (select count(*) from filtered) as total,
        (select json_agg(json_build_object('value', category, 'count', n) order by n desc, category)
          from (select category, count(*)::int as n from candidates where ${inBrand} group by category) c
        ) as categories,
        (select json_agg(json_build_object('value', brand, 'count', n) order by n desc, brand)
          from (select brand, count(*)::int as n from candidates where ${inCategory} group by brand) b
        ) as brands
    `);
    const row = (result as unknown as { rows: SearchRow[] }).rows[0]!;
    const total = Number(row.total);
    return {
      products: (row.page ?? []).map((r) =>
        toCard({
          id: r.id,
          styleNumber: r.style_number,
          name: r.name,
          brand: r.brand,
          category: r.category,
          priceCents: r.price_cents,
          colors: r.colors,
          sizes: r.sizes,
          imageUrl: r.image_url,
          material: r.material,
          rating: r.rating,
          sample: r.sample,
        }),
      ),
      total,
      page: p.page,
      pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      categories: row.categories ?? [],
      brands: row.brands ?? [],
    };
  });
}

/** Colour and size choices for the filter panel, most common first. */
export async function filterOptions(db: Database) {
  const [colors, sizes, categories, brands, sample] = await Promise.all([
    db.execute(
      sql`select value from (select unnest(colors) as value from products where discontinued_at is null) v group by value order by count(*) desc, value limit 40`,
    ),
    db.execute(
      sql`select value from (select unnest(sizes) as value from products where discontinued_at is null) v group by value order by count(*) desc, value limit 30`,
    ),
    db
      .select({ value: products.category, count: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(isNull(products.discontinuedAt))
      .groupBy(products.category),
    db
      .selectDistinct({ value: products.brand })
      .from(products)
      .where(isNull(products.discontinuedAt)),
    db.$count(products, and(isNull(products.discontinuedAt), eq(products.source, SAMPLE_SOURCE))),
  ]);
  return {
    colors: (colors as unknown as { rows: { value: string }[] }).rows.map((r) => r.value),
    sizes: (sizes as unknown as { rows: { value: string }[] }).rows.map((r) => r.value),
    categories,
    brands: brands.map((b) => b.value).sort(),
    sampleCount: sample,
  };
}

/** Real catalogue products by id, for recommendations (never an invented product). */
export async function productsByIds(db: Database, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .select(columns)
    .from(products)
    .where(and(isNull(products.discontinuedAt), inArray(products.id, ids)));
  return rows.map(toCard);
}
