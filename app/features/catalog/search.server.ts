import { type SQL, and, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { catalogWords, products } from "~/db/schema";
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

// Near matches of a query word among the catalogue's words (pg_trgm similarity): 0.35 lets "hoody"
// find "hooded" and "hoodie" (0.44) and "t-shirt" find "shirt", but keeps "tee" from "tek" (0.33)
// and "cap" from "canvas" (0.22).
const WORD_SIMILARITY = 0.35;
// At most this many near words per query word, the closest first.
const NEAR_WORDS = 16;

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

/**
 * The visitor's words as one tsquery for the full-text (GIN) index: each word must match itself
 * (stemmed), one of its near words in `catalog_words` (typos: "hoody" → hooded | hoodie), or, when
 * it has digits, a style number it starts ("PC54" → pc54, pc54ls). Empty when nothing is
 * searched or every word is a stop word without near words.
 */
async function textQuery(db: Database, words: string[]): Promise<{ query: string; exact: string }> {
  if (!words.length) return { query: "", exact: "" };
  const prefixes = words.map((w) => {
    const compact = w.replace(/[^\p{L}\p{N}]+/gu, "");
    return /\p{N}/u.test(compact) ? `${compact}:*` : null;
  });
  const result = await db.execute(sql`
    select q.ord, (select plainto_tsquery('english', ${words.join(" ")}))::text as exact, (
      plainto_tsquery('english', q.w)
      || coalesce(to_tsquery('simple', q.prefix), ''::tsquery)
      || coalesce((
        select to_tsquery('english', string_agg(n.word, ' | ')) || to_tsquery('simple', string_agg(n.word, ' | '))
        from (
          select word from ${catalogWords}
          where q.prefix is null and word % q.w and similarity(word, q.w) >= ${WORD_SIMILARITY}
          order by similarity(word, q.w) desc, word limit ${NEAR_WORDS}
        ) n
      ), ''::tsquery)
    )::text as query
    from unnest(${sql`array[${sql.join(
      words.map((w) => sql`${w}`),
      sql`, `,
    )}]::text[]`}, ${sql`array[${sql.join(
      prefixes.map((p) => sql`${p}`),
      sql`, `,
    )}]::text[]`}) with ordinality as q(w, prefix, ord)
    order by q.ord
  `);
  const rows = (result as unknown as { rows: { query: string; exact: string }[] }).rows;
  return {
    query: rows
      .map((r) => r.query)
      .filter(Boolean)
      .map((q) => `(${q})`)
      .join(" & "),
    exact: rows[0]?.exact ?? "",
  };
}

const anyOf = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * The rows every other filter is checked on: those of the text, colour and size conditions, which
 * the one GIN index on (search_vector, colors, sizes) intersects in one scan. With words, the
 * subquery's OFFSET 0 keeps the price and rating conditions out of it, so the planner does not
 * AND in the price index (tens of thousands of entries to narrow a few thousand matches).
 */
function source(p: SearchParams, query: string) {
  const where: SQL[] = [];
  if (queryWords(p.q).length) {
    // Words that are all stop words without near matches find nothing.
    where.push(query ? sql`${products.searchVector} @@ ${query}::tsquery` : sql`false`);
  }
  if (p.colors.length) where.push(sql`${products.colors} && ${anyOf(p.colors)}`);
  if (p.sizes.length) where.push(sql`${products.sizes} && ${anyOf(p.sizes)}`);
  if (!where.length) return sql`${products}`;
  return sql`(select * from ${products} where ${and(...where)} offset 0) as ${products}`;
}

/**
 * Every filter except category and brand: the candidate set from which the page, the total and
 * both facet counts are derived (each facet is counted with every filter but its own).
 */
function baseConditions(p: SearchParams) {
  const where: SQL[] = [isNull(products.discontinuedAt)];
  if (p.minPrice > 0) where.push(gte(products.priceCents, p.minPrice * 100));
  // The slider ends at 100: its top means "and above".
  if (p.maxPrice < PRICE_MAX) where.push(lte(products.priceCents, p.maxPrice * 100));
  if (p.minRating > 0) where.push(sql`coalesce(${products.rating}, 4.5) >= ${p.minRating}`);
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
 * The catalogue search: full text with typo and style-number matching, filters, and facet counts
 * for category and brand. Two statements: the query words become one tsquery (`textQuery`, through
 * the small catalog_words table), then the candidates are found once through the products' GIN
 * index, and the page, the total and both facets are counted from them; relevance is computed
 * only for candidates that pass every filter, during the same scan.
 */
export async function searchProducts(db: Database, p: SearchParams): Promise<SearchResult> {
  const words = queryWords(p.q);
  const { query, exact } = await textQuery(db, words);
  // Relevance (only computed when sorting by it): the words as typed (stemmed) weigh most, then
  // their near matches, and a style number typed exactly comes first. Both tsqueries arrive as
  // constants: plainto_tsquery in the statement would parse and stem again for every row.
  const rank =
    query && p.sort === "relevance"
      ? sql`(ts_rank(search_vector, ${exact}::tsquery) * 4
        + ts_rank(search_vector, ${query}::tsquery)
        + case when lower(style_number) = ${p.q.toLowerCase()} then 10 else 0 end)`
      : sql`0`;
  const order =
    p.sort === "price-low-high"
      ? sql`price_cents asc, name asc, id asc`
      : p.sort === "price-high-low"
        ? sql`price_cents desc, name asc, id asc`
        : query
          ? sql`rank desc, name asc, id asc`
          : sql`name asc, id asc`;
  const inCategory = inList("category", p.categories);
  const inBrand = inList("brand", p.brands);
  const result = await db.execute(sql`
      with candidates as materialized (
        select id, category, brand, price_cents, name,
          case when ${inCategory} and ${inBrand} then ${rank} end as rank
        from ${source(p, query)} where ${baseConditions(p)}
      ),
      filtered as (
        select id, price_cents, name, rank from candidates where ${inCategory} and ${inBrand}
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
