import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { catalogSearch, catalogWords, products } from "~/platform/db/schema/index";
import { SAMPLE_SOURCE } from "./catalog.server";
import { PAGE_SIZE, type SearchParams, queryWords } from "./search";
import {
  type SearchColumns,
  type SearchColumnsHolder,
  filterMask,
  filterProducts,
  sortByPrice,
  versionSql,
} from "./search-columns.server";
import { type CatalogImage, describeCatalogImages } from "./images.server";
import { searchInSql } from "./search-sql.server";

export interface ProductCard {
  id: string;
  styleNumber: string;
  name: string;
  brand: string;
  category: string;
  price: number;
  colors: string[];
  sizes: string[];
  /** The supplier's address of the picture; never shown as is (see `image`). */
  imageUrl: string | null;
  /** The site's own copy of the picture, once the catalogue-images job has stored it. */
  image: CatalogImage | null;
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
  return { ...rest, price: priceCents / 100, rating: rating ?? 4.5, image: null };
}

/** Gives each card its stored picture: one lookup for the page's addresses. */
async function withImages(db: Database, cards: ProductCard[]) {
  const images = await describeCatalogImages(
    db,
    cards.map((c) => c.imageUrl),
  );
  return cards.map((card) => ({
    ...card,
    image: (card.imageUrl && images.get(card.imageUrl)) || null,
  }));
}

interface TextMatch {
  query: string;
  exact: string;
  /** The `n`s the text matched; null without words (the whole catalogue). */
  matched: number[] | null;
  version: string;
  /** With `relevance`: the page by relevance among the products the mask lets through. */
  page: ProductRow[] | null;
}

interface Relevance {
  /** filterMask() of the columns below: the products passing every filter, by `n`. */
  mask: Buffer;
  columns: SearchColumns;
  q: string;
  offset: number;
}

/**
 * One statement: the visitor's words as one tsquery for the full-text (GIN) index, the `n`s of the
 * products it matches, and the search version; with `relevance`, also the page by relevance. Each
 * word must match itself (stemmed), one of its near words in `catalog_words` (typos: "hoody" →
 * hooded | hoodie), or, when it has digits, a style number it starts ("PC54" → pc54, pc54ls). The
 * query is empty when every word is a stop word without near words; no words: only the version.
 *
 * Relevance (the words as typed, stemmed, weigh most, then their near matches; a style number typed
 * exactly comes first) is computed during the match for the rows the mask lets through, and ties
 * are broken by name through `n` (SearchColumns.tieKeys for rows written since the last
 * renumbering): a second statement with the filtered `n`s cost 6 to 10 ms more on PGlite.
 */
async function matchText(db: Database, words: string[], relevance?: Relevance): Promise<TextMatch> {
  if (!words.length) {
    const result = await db.execute(sql`select ${versionSql} as version`);
    const row = (result as unknown as { rows: { version: string | null }[] }).rows[0]!;
    return { query: "", exact: "", matched: null, version: row.version ?? "", page: null };
  }
  const prefixes = words.map((w) => {
    const compact = w.replace(/[^\p{L}\p{N}]+/gu, "");
    return /\p{N}/u.test(compact) ? `${compact}:*` : null;
  });
  // tsquery-typed in the CTE: a cast from text here would parse the query again for every row.
  const tsq = sql`(select tsquery from tsq)`;
  // Only the bytes between the first and the last product let through: none for a search whose
  // filters nothing passes.
  const bits = maskRange(relevance?.mask);
  const masked = relevance
    ? sql`s.n >= ${bits.from} and s.n < ${bits.to} and get_bit((select bits from mask), s.n - ${bits.from}) = 1`
    : sql`false`;
  const rank = relevance
    ? sql`ts_rank(s.search_vector, (select exact_tsquery from tsq)) * 4
        + ts_rank(s.search_vector, ${tsq})
        + case when s.style = ${relevance.q.toLowerCase()} then 10 else 0 end`
    : sql`0`;
  // One pass over the matches: all their `n`s (for the facets) and the ranked ones as two arrays
  // (a CTE of the matches read twice cost 3 ms more for 9,478 rows on PGlite).
  const matched = sql`select string_agg(s.n::text, ',') as ns,
      array_agg(s.n) filter (where ${masked}) as ranked_ns,
      array_agg(${rank}) filter (where ${masked}) as ranks
    from ${catalogSearch} s where s.search_vector @@ ${tsq}`;
  const page = relevance
    ? sql`(select json_agg(row_to_json(r) order by r.rank desc, r.tie) from (
        select ${productColumns}, t.rank, t.tie from (
          select u.n, u.rank, case when u.n <= ${relevance.columns.orderedN} then u.n::float8
            else (${floatArray(relevance.columns.tieKeys)}::float8[])[u.n - ${relevance.columns.orderedN}] end as tie
          from unnest(matched.ranked_ns, matched.ranks) as u(n, rank)
          order by u.rank desc, tie limit ${PAGE_SIZE} offset ${relevance.offset}
        ) t join ${catalogSearch} s on s.n = t.n join ${products} pr on pr.id = s.product_id
      ) r)`
    : sql`null::json`;
  const result = await db.execute(sql`
    with expanded as materialized (
      select q.ord, (
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
      from unnest(${textArray(words)}, ${textArray(prefixes)}) with ordinality as q(w, prefix, ord)
    ),
    tsq_text as (
      select string_agg('(' || query || ')', ' & ' order by ord) filter (where query <> '') as query,
        plainto_tsquery('english', ${words.join(" ")}) as exact_tsquery
      from expanded
    ),
    tsq as materialized (
      select query, query::tsquery as tsquery, exact_tsquery, exact_tsquery::text as exact from tsq_text
    ),
    mask as materialized (select decode(${bits.hex}, 'hex') as bits),
    matched as (${matched})
    select tsq.query, tsq.exact, ${versionSql} as version, matched.ns as matched, ${page} as page
    from tsq, matched
  `);
  const row = (
    result as unknown as {
      rows: {
        query: string | null;
        exact: string;
        version: string | null;
        matched: string | null;
        page: ProductRow[] | null;
      }[];
    }
  ).rows[0]!;
  return {
    query: row.query ?? "",
    exact: row.exact,
    // Words that are all stop words without near matches find nothing.
    matched: row.matched ? parseIntList(row.matched) : [],
    version: row.version ?? "",
    page: relevance ? (row.page ?? []) : null,
  };
}

function maskRange(mask: Buffer | undefined) {
  let first = 0;
  let last = (mask?.length ?? 0) - 1;
  while (mask && first <= last && mask[first] === 0) first++;
  while (mask && last >= first && mask[last] === 0) last--;
  if (!mask || first > last) return { from: 0, to: 0, hex: "" };
  return {
    from: first * 8,
    to: (last + 1) * 8,
    hex: mask.subarray(first, last + 1).toString("hex"),
  };
}

const floatArray = (values: Float64Array) => `{${Array.prototype.join.call(values, ",")}}`;

/**
 * "12,7,300" → numbers. The matches come as one comma-separated string: an int[] of 8,000 went
 * through the drivers' array parsers at 3 ms more than this.
 */
function parseIntList(list: string) {
  const out: number[] = [];
  let value = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list.charCodeAt(i);
    if (c === 44) {
      out.push(value);
      value = 0;
    } else value = value * 10 + c - 48;
  }
  out.push(value);
  return out;
}

const textArray = (values: (string | null)[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

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

const intArray = (values: ArrayLike<number>) => `{${Array.prototype.join.call(values, ",")}}`;

const productColumns = sql`pr.id, pr.style_number, pr.name, pr.brand, pr.category, pr.price_cents,
  pr.colors, pr.sizes, pr.image_url, pr.material, pr.rating, pr.sample`;

/** The products of `ns`, in that order (a page already sorted here). */
async function productsInOrder(db: Database, ns: ArrayLike<number>): Promise<ProductRow[]> {
  if (!ns.length) return [];
  const result = await db.execute(sql`
    select json_agg(row_to_json(r) order by r.ord) as page from (
      select ${productColumns}, f.ord
      from unnest(${intArray(ns)}::int[]) with ordinality as f(n, ord)
      join ${catalogSearch} s on s.n = f.n
      join ${products} pr on pr.id = s.product_id
    ) r
  `);
  return (result as unknown as { rows: { page: ProductRow[] | null }[] }).rows[0]!.page ?? [];
}

/**
 * The catalogue search: full text with typo and style-number matching, filters, and facet counts
 * for category and brand. The database matches the text and, sorting by relevance, ranks and
 * returns the page in the same statement (only for the products that pass every filter); filters,
 * the total and the facets come from the in-memory columns (search-columns.server.ts), and a price
 * or name sort takes its page from them. While the columns are older than the catalogue, the
 * database answers alone (search-sql.server.ts).
 */
export async function searchProducts(
  db: Database,
  p: SearchParams,
  /** This database's in-memory columns (`services.catalogSearch`); without, SQL answers alone. */
  memory?: SearchColumnsHolder,
): Promise<SearchResult> {
  const found = await findProducts(db, p, memory);
  return { ...found, products: await withImages(db, found.products) };
}

async function findProducts(
  db: Database,
  p: SearchParams,
  memory: SearchColumnsHolder | undefined,
): Promise<SearchResult> {
  const words = queryWords(p.q);
  const offset = (p.page - 1) * PAGE_SIZE;
  const columns = memory?.held();
  const relevance =
    columns && p.sort === "relevance" && words.length
      ? { mask: filterMask(columns, p), columns, q: p.q, offset }
      : undefined;
  const text = await matchText(db, words, relevance);
  if (!columns || text.version !== columns.version) {
    // The catalogue changed since these columns were loaded (here or on another instance).
    memory?.reloadWhenQuiet(text.version);
    const row = await searchInSql(db, p, { ...text, hasWords: words.length > 0 });
    return result(p, (row.page ?? []) as unknown as ProductRow[], Number(row.total), row);
  }
  // The relevance page came with the match: only the count and the facets are needed here.
  const { slots, categories, brands } = filterProducts(columns, p, text.matched, !relevance);
  let rows: ProductRow[];
  if (relevance) {
    rows = text.page ?? [];
  } else {
    const ordered =
      p.sort === "price-low-high"
        ? sortByPrice(columns, slots, 1)
        : p.sort === "price-high-low"
          ? sortByPrice(columns, slots, -1)
          : slots;
    rows = await productsInOrder(
      db,
      Int32Array.from(ordered.subarray(offset, offset + PAGE_SIZE), (slot) => columns.n[slot]!),
    );
  }
  return result(p, rows, slots.length, { categories, brands });
}

function result(
  p: SearchParams,
  rows: ProductRow[],
  total: number,
  facets: { categories: Facet[] | null; brands: Facet[] | null },
): SearchResult {
  return {
    products: rows.map((r) =>
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
    categories: facets.categories ?? [],
    brands: facets.brands ?? [],
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
  return withImages(db, rows.map(toCard));
}
