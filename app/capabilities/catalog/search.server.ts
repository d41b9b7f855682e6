import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { executePrepared } from "~/platform/db/prepared.server";
import { catalogWords, products } from "~/platform/db/schema/index";
import { SAMPLE_SOURCE, textArray } from "./catalog.server";
import { PAGE_SIZE, type SearchParams, queryWords } from "./search";
import {
  type CatalogState,
  type SearchColumns,
  type SearchColumnsHolder,
  answersAt,
  catalogStateSql,
  filterOptionsOf,
  filterProducts,
  sortByPrice,
} from "./search-columns.server";
import {
  type ParsedQuery,
  matchQuery,
  parseTsquery,
  rankCandidates,
  rankQuery,
  topByRank,
} from "./search-postings";
import {
  type CatalogImage,
  catalogImagesFromJson,
  catalogImagesJson,
  describeCatalogImages,
} from "./images.server";
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
  /** The catalogue's state the search read (for `filterOptions`; not for the page). */
  state: CatalogState;
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

/** Gives each card its stored picture, by the supplier's address. */
function pictured(cards: ProductCard[], images: Map<string, CatalogImage>) {
  return cards.map((card) => ({
    ...card,
    image: (card.imageUrl && images.get(card.imageUrl)) || null,
  }));
}

/** Gives each card its stored picture: one lookup for the page's addresses. */
async function withImages(db: Database, cards: ProductCard[]) {
  return pictured(
    cards,
    await describeCatalogImages(
      db,
      cards.map((c) => c.imageUrl),
    ),
  );
}

interface ResolvedText {
  /** The visitor's words as one tsquery's text ('' when they are all stop words without near words). */
  query: string;
  /** plainto_tsquery of the words as typed: matches of these weigh most. */
  exact: string;
  state: CatalogState;
}

/**
 * One small statement: the visitor's words as one tsquery, and the catalogue's state. Each word must
 * match itself (stemmed), one of its near words in `catalog_words` (typos: "hoody" → hooded |
 * hoodie), or, when it has digits, a style number it starts ("PC54" → pc54, pc54ls). No words: only
 * the state. Which products match, and their relevance, are computed from the in-memory
 * postings (search-postings.ts), or in SQL while those are older than the catalogue.
 */
async function resolveText(db: Database, words: string[]): Promise<ResolvedText> {
  if (!words.length) return { query: "", exact: "", state: await catalogState(db) };
  const prefixes = words.map((w) => {
    const compact = w.replace(/[^\p{L}\p{N}]+/gu, "");
    return /\p{N}/u.test(compact) ? `${compact}:*` : null;
  });
  const result = await executePrepared<{
    query: string | null;
    exact: string;
    state: CatalogState;
  }>(
    db,
    "catalog-search-words",
    sql`
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
    )
    select string_agg('(' || query || ')', ' & ' order by ord) filter (where query <> '') as query,
      plainto_tsquery('english', ${words.join(" ")})::text as exact,
      ${catalogStateSql} as state
    from expanded
  `,
  );
  const row = result.rows[0]!;
  return { query: row.query ?? "", exact: row.exact, state: row.state };
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

/** A PostgreSQL array literal of our own product ids (uuids: nothing to quote). */
const uuidArray = (ids: string[]) => `{${ids.join(",")}}`;

const productColumns = sql`pr.id, pr.style_number, pr.name, pr.brand, pr.category, pr.price_cents,
  pr.colors, pr.sizes, pr.image_url, pr.material, pr.rating, pr.sample`;

/**
 * One statement for a page computed from the in-memory columns: the products of `ids` in that
 * order (those still on sale), the stored pictures of their addresses, and the catalogue's state
 * (a page computed from columns that may not answer is thrown away).
 */
async function pageInOrder(db: Database, ids: string[]) {
  const result = await executePrepared<{
    page: ProductRow[] | null;
    images: Parameters<typeof catalogImagesFromJson>[0];
    state: CatalogState;
  }>(
    db,
    "catalog-search-page",
    sql`
    with page as materialized (
      select ${productColumns}, f.ord
      from unnest(${uuidArray(ids)}::uuid[]) with ordinality as f(id, ord)
      join ${products} pr on pr.id = f.id and pr.discontinued_at is null
    )
    select (select json_agg(row_to_json(page) order by ord) from page) as page,
      ${catalogImagesJson(sql`select image_url from page`)} as images,
      ${catalogStateSql} as state
  `,
  );
  const row = result.rows[0]!;
  return { rows: row.page ?? [], images: catalogImagesFromJson(row.images), state: row.state };
}

/**
 * The catalogue search: full text with typo and style-number matching, filters, and facet counts
 * for category and brand. The database turns the words into a tsquery (once per words and
 * catalogue version) and returns the page's rows; the match, relevance (ts_rank's, computed over
 * the in-memory postings, search-postings.ts), filters, the total, the facets and the sorts come
 * from the in-memory columns (search-columns.server.ts). While the columns may not answer
 * (`answersAt`: older than the catalogue, outside a sync), the database answers alone
 * (search-sql.server.ts).
 */
export async function searchProducts(
  db: Database,
  p: SearchParams,
  /** This database's in-memory columns (`services.catalogSearch`); without, SQL answers alone. */
  memory?: SearchColumnsHolder,
): Promise<SearchResult> {
  const words = queryWords(p.q);
  const columns = memory?.held();
  let text: ResolvedText | undefined;
  if (columns) {
    const answer = await fromColumns(db, p, words, columns);
    if ("total" in answer) {
      memory!.observe(answer.state!);
      return answer;
    }
    text = answer.text;
  }
  text ??= await resolveText(db, words);
  // The catalogue changed since these columns were loaded (here or on another instance), or the
  // query has an operator the postings do not evaluate (the search never writes one).
  memory?.observe(text.state);
  const row = await searchInSql(db, p, { ...text, hasWords: words.length > 0 });
  const found = result(p, (row.page ?? []) as unknown as ProductRow[], Number(row.total), row);
  return { ...found, products: await withImages(db, found.products), state: text.state };
}

interface ParsedText {
  query: ParsedQuery;
  exact: ParsedQuery;
}

// The words' tsqueries by the columns they were resolved for: the near words come from
// catalog_words, which changes only with the catalogue, and so with the version. A repeated search
// then sends the database one statement, the page's rows with the version.
const resolvedFor = new WeakMap<SearchColumns, Map<string, ParsedText>>();
const RESOLVED_KEPT = 1_000;

/**
 * The answer from the in-memory postings and columns, or, when they may not answer at the
 * database's state or the query cannot be evaluated here, the words resolved (for the SQL answer;
 * no text when the state was only seen with the page).
 */
async function fromColumns(
  db: Database,
  p: SearchParams,
  words: string[],
  columns: SearchColumns,
): Promise<SearchResult | { text?: ResolvedText }> {
  let parsed: ParsedText | null = null;
  if (words.length) {
    let resolved = resolvedFor.get(columns);
    if (!resolved) resolvedFor.set(columns, (resolved = new Map()));
    const key = words.join(" ");
    parsed = resolved.get(key) ?? null;
    if (!parsed) {
      const text = await resolveText(db, words);
      if (!answersAt(columns, text.state)) return { text };
      const query = parseTsquery(text.query);
      const exact = parseTsquery(text.exact);
      if (!query || !exact) return { text };
      parsed = { query, exact };
      if (resolved.size >= RESOLVED_KEPT) resolved.clear();
      resolved.set(key, parsed);
    }
  }
  const offset = (p.page - 1) * PAGE_SIZE;
  const matched = parsed ? matchQuery(columns.text, columns.size, parsed.query.root) : null;
  const { slots, categories, brands } = filterProducts(columns, p, matched);
  let page: Int32Array;
  if (p.sort === "relevance" && parsed?.query.root) {
    // Relevance over the products passing every filter; ties in name order (the slots').
    const ranks = rankCandidates(
      columns.text,
      slots,
      rankQuery(parsed.exact),
      rankQuery(parsed.query),
      p.q.toLowerCase(),
    );
    page = topByRank(slots, ranks, offset, PAGE_SIZE);
  } else {
    const ordered =
      p.sort === "price-low-high"
        ? sortByPrice(columns, slots, 1)
        : p.sort === "price-high-low"
          ? sortByPrice(columns, slots, -1)
          : slots;
    page = ordered.subarray(offset, offset + PAGE_SIZE);
  }
  const { rows, images, state } = await pageInOrder(
    db,
    Array.from(page, (slot) => columns.productId[slot]!),
  );
  if (!answersAt(columns, state)) return {};
  const found = result(p, rows, slots.length, { categories, brands });
  return { ...found, products: pictured(found.products, images), state };
}

function result(
  p: SearchParams,
  rows: ProductRow[],
  total: number,
  facets: { categories: Facet[] | null; brands: Facet[] | null },
): Omit<SearchResult, "state"> {
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

export type FilterOptions = ReturnType<typeof filterOptionsOf>;

// Computed once per columns: they change only with the catalogue.
const optionsOf = new WeakMap<SearchColumns, FilterOptions>();

/**
 * Colour and size choices for the filter panel, most common first: from the in-memory columns when
 * they may answer at the catalogue's state (`answersAt`), else from the products.
 */
export async function filterOptions(
  db: Database,
  memory?: SearchColumnsHolder,
  /** The catalogue's state, when a search of this request has just read it. */
  current?: CatalogState,
): Promise<FilterOptions> {
  const columns = memory?.held();
  if (columns) {
    const state = current ?? (await catalogState(db));
    memory!.observe(state);
    if (answersAt(columns, state)) {
      let options = optionsOf.get(columns);
      if (!options) optionsOf.set(columns, (options = filterOptionsOf(columns)));
      return options;
    }
  }
  return filterOptionsInSql(db);
}

async function catalogState(db: Database) {
  const result = await db.execute(sql`select ${catalogStateSql} as state`);
  return (result as unknown as { rows: { state: CatalogState }[] }).rows[0]!.state;
}

async function filterOptionsInSql(db: Database): Promise<FilterOptions> {
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
