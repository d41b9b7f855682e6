import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/platform/db/client.server";
import { heavyWork } from "~/platform/lib/heap-headroom";
import { SAMPLE_SOURCE } from "./catalog.server";
import { PRICE_MAX, type SearchParams } from "./search";
import { type TextPostings, postingsBuilder } from "./search-postings";
import { CATALOG_SYNC_JOB } from "./sync.server";

/**
 * What the search matches, ranks, filters, counts and sorts on, for every product on sale, as
 * typed arrays in this process: the word postings of the products' search vectors
 * (search-postings.ts) and about 40 bytes a product of columns. The database turns the visitor's
 * words into a tsquery (stemming, near words); matching, relevance, the filters, the total, both
 * facet counts and the price and name orders are computed here, and the database returns the
 * page's rows by product id. Reading the matches in the database cost a common word 93,349 rows at
 * 1,000,000 products; here it is a loop over integers.
 *
 * Products are in the database's (name, id) order, so a product's position is its name-order
 * rank: ties in every sort are broken as `order by name, id` breaks them, in the database's
 * collation. Dictionaries (categories, brands, colours, sizes) are sorted by the database too.
 */
export interface SearchColumns {
  version: string;
  size: number;
  /** The products by slot: a page's rows are read by id, whatever catalog_search's numbering. */
  productId: string[];
  categories: string[];
  brands: string[];
  colors: string[];
  sizes: string[];
  /** Products of the sample catalogue among them. */
  sampleCount: number;
  category: Uint16Array;
  brand: Uint16Array;
  priceCents: Int32Array;
  rating: Float64Array;
  /** Product i's colour ids are colorIds[colorStart[i] .. colorStart[i + 1]). */
  colorStart: Int32Array;
  colorIds: Uint16Array;
  sizeStart: Int32Array;
  sizeIds: Uint16Array;
  /**
   * Bit (id % 32) for each of product i's colour (size) ids: a product without the bit of any
   * chosen colour is out without reading its list, and with at most 32 colours the bits decide.
   */
  colorBits: Int32Array;
  sizeBits: Int32Array;
  /** Lexeme → products, with word positions and weights, for the text and its relevance. */
  text: TextPostings;
}

interface LoadHead {
  version: string | null;
  size: number;
  color_ids: number;
  size_ids: number;
  categories: string[] | null;
  brands: string[] | null;
  colors: string[] | null;
  sizes: string[] | null;
  sample_count: number;
}

/**
 * [id, category, brand, price_cents, rating, colours, sizes, style, search vector] of a product,
 * in (name, id) order.
 */
type LoadRow = [string, string, string, number, number | null, string[], string[], string, string];

/** The search version the products triggers keep (migration 0012). */
export const versionSql = sql`(select version::text from catalog_search_state where id = 1)`;

/** What a search's statement reads of the catalogue, to know whether the columns may answer. */
export interface CatalogState {
  version: string;
  /** A catalogue sync is running (its lease is live, so a run that died does not count). */
  syncing: boolean;
  /** A catalogue sync finished less than SETTLE_SECONDS ago. */
  settling: boolean;
}

// Long enough for every instance to reload its columns after a sync (a quiet wait and a load of
// a few seconds at 1,000,000 SKUs), short enough that an edit made after it shows at once again.
const SETTLE_SECONDS = 30;

export const catalogStateSql = sql`(
  select json_build_object(
    'version', version::text,
    'syncing', exists (
      select 1 from jobs
      where kind = ${CATALOG_SYNC_JOB} and status = 'running' and lease_until > now()
    ),
    'settling', exists (
      select 1 from jobs
      where kind = ${CATALOG_SYNC_JOB}
        and finished_at > now() - make_interval(secs => ${SETTLE_SECONDS})
    )
  )
  from catalog_search_state where id = 1
)`;

/**
 * Whether columns answer a search that read `state`: they are the catalogue's version, or a sync
 * is running or has just finished. A sync changes the version with every batch; answering in SQL
 * meanwhile cost seconds a search at 1,000,000 products, and reloading after each batch more; the
 * SQL answers after its end, until the columns had reloaded, queued for seconds. So from a sync's
 * start until the columns have reloaded after it, the search shows the catalogue as it was when
 * the sync started (each page's rows read fresh by id, the totals and facets of then).
 */
export function answersAt(columns: SearchColumns, state: CatalogState) {
  return state.version === columns.version || state.syncing || state.settling;
}

// Rows a statement of the load carries: the load's transient memory is one page's JSON, not the
// catalogue's (one json_agg of 1,000,000 rows was a 100 MB string and ten times that parsed), and
// on PGlite, whose one connection answers nothing else meanwhile, each page is a short wait.
const LOAD_PAGE = 5_000;
// Loads in pages that a change interrupted before the columns are loaded in one transaction.
const PAGED_TRIES = 2;

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

const headSql = sql`
  with live as (
    select p.category, p.brand, p.colors, p.sizes, p.source
    from catalog_search s join products p on p.id = s.product_id
  )
  select ${versionSql} as version,
    (select count(*)::int from live) as size,
    (select count(*)::int from live where source = ${SAMPLE_SOURCE}) as sample_count,
    (select coalesce(sum(cardinality(colors)), 0)::int from live) as color_ids,
    (select coalesce(sum(cardinality(sizes)), 0)::int from live) as size_ids,
    (select json_agg(v order by v) from (select distinct category as v from live) c) as categories,
    (select json_agg(v order by v) from (select distinct brand as v from live) b) as brands,
    (select json_agg(v order by v) from (select distinct unnest(colors) as v from live) c) as colors,
    (select json_agg(v order by v) from (select distinct unnest(sizes) as v from live) s) as sizes
`;

const rowJson = sql`json_build_array(p.id, p.category, p.brand, p.price_cents, p.rating, p.colors,
  p.sizes, s.style, s.search_vector::text)::text`;

/**
 * The columns of the catalogue, all of one version. First in pages of `pageRows` in (name, id)
 * order (products_name_idx), each its own statement, so other queries run between them on
 * PGlite; the version read again after the last page tells whether a change came in between,
 * and such a load is thrown away. After PAGED_TRIES of those, in one transaction's snapshot.
 */
async function load(db: Database, pageRows = LOAD_PAGE): Promise<SearchColumns> {
  for (let tries = 0; tries < PAGED_TRIES; tries++) {
    const columns = await loadInPages(db, pageRows);
    if (columns) return columns;
  }
  return loadInOneSnapshot(db, pageRows);
}

async function loadInPages(db: Database, pageRows: number) {
  const [head] = rowsOf(await db.execute(headSql)) as LoadHead[];
  const columns = emptyColumns(head!);
  const fill = filler(columns, head!);
  let after: { name: string; id: string } | undefined;
  for (;;) {
    const page = rowsOf(
      await db.execute(sql`
        select ${rowJson} as r, p.name, p.id
        from products p join catalog_search s on s.product_id = p.id
        ${after ? sql`where (p.name, p.id) > (${after.name}, ${after.id}::uuid)` : sql``}
        order by p.name, p.id
        limit ${pageRows}
      `),
    ) as { r: string; name: string; id: string }[];
    // More rows than counted: changed already, and the columns have no room for them.
    if (fill.count() + page.length > columns.size) return undefined;
    if (page.length) fill(JSON.parse(`[${page.map((row) => row.r).join(",")}]`) as LoadRow[]);
    if (page.length < pageRows) break;
    after = page.at(-1)!;
  }
  const [now] = rowsOf(await db.execute(sql`select ${versionSql} as version`)) as {
    version: string | null;
  }[];
  if ((now!.version ?? "") !== columns.version || fill.count() !== columns.size) return undefined;
  return finish(columns, fill);
}

async function loadInOneSnapshot(db: Database, pageRows: number) {
  return db.transaction(
    async (tx) => {
      const [head] = rowsOf(await tx.execute(headSql)) as LoadHead[];
      const columns = emptyColumns(head!);
      await tx.execute(sql`
        declare catalog_columns no scroll cursor for
        select ${rowJson} as r
        from catalog_search s join products p on p.id = s.product_id
        order by p.name, p.id
      `);
      const fill = filler(columns, head!);
      for (;;) {
        const page = rowsOf(
          await tx.execute(sql.raw(`fetch forward ${pageRows} from catalog_columns`)),
        ) as { r: string }[];
        if (!page.length) break;
        // One parse a page: a row's JSON each would be thousands of parses.
        fill(JSON.parse(`[${page.map((row) => row.r).join(",")}]`) as LoadRow[]);
        if (page.length < pageRows) break;
      }
      await tx.execute(sql`close catalog_columns`);
      return finish(columns, fill);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

function emptyColumns(head: LoadHead): SearchColumns {
  const size = head.size;
  const list = (values: string[] | null) => values ?? [];
  return {
    version: head.version ?? "",
    size,
    productId: new Array<string>(size),
    categories: list(head.categories),
    brands: list(head.brands),
    colors: list(head.colors),
    sizes: list(head.sizes),
    sampleCount: head.sample_count,
    category: new Uint16Array(size),
    brand: new Uint16Array(size),
    priceCents: new Int32Array(size),
    rating: new Float64Array(size),
    colorStart: new Int32Array(size + 1),
    colorIds: new Uint16Array(head.color_ids),
    sizeStart: new Int32Array(size + 1),
    sizeIds: new Uint16Array(head.size_ids),
    colorBits: new Int32Array(size),
    sizeBits: new Int32Array(size),
    text: postingsBuilder(0).finish(),
  };
}

/** Writes pages of rows, in (name, id) order, into the columns. */
function filler(columns: SearchColumns, head: LoadHead) {
  const ids = (list: string[]) => new Map(list.map((v, i) => [v, i]));
  const categories = ids(columns.categories);
  const brands = ids(columns.brands);
  const colors = ids(columns.colors);
  const sizes = ids(columns.sizes);
  const text = postingsBuilder(head.size);
  let i = 0;
  let colorAt = 0;
  let sizeAt = 0;
  const fill = (rows: LoadRow[]) => {
    for (const [
      id,
      category,
      brand,
      priceCents,
      rating,
      productColors,
      productSizes,
      style,
      vector,
    ] of rows) {
      columns.productId[i] = id;
      columns.category[i] = categories.get(category)!;
      columns.brand[i] = brands.get(brand)!;
      columns.priceCents[i] = priceCents;
      // As the SQL did: coalesce(rating, 4.5).
      columns.rating[i] = rating ?? 4.5;
      columns.colorStart[i] = colorAt;
      for (const c of productColors) {
        const id = colors.get(c)!;
        columns.colorIds[colorAt++] = id;
        columns.colorBits[i]! |= 1 << (id & 31);
      }
      columns.sizeStart[i] = sizeAt;
      for (const s of productSizes) {
        const id = sizes.get(s)!;
        columns.sizeIds[sizeAt++] = id;
        columns.sizeBits[i]! |= 1 << (id & 31);
      }
      text.add(style, vector);
      i++;
    }
    columns.colorStart[i] = colorAt;
    columns.sizeStart[i] = sizeAt;
  };
  fill.count = () => i;
  fill.text = () => text.finish();
  return fill;
}

function finish(columns: SearchColumns, fill: ReturnType<typeof filler>) {
  const count = fill.count();
  if (count !== columns.size)
    throw new Error(`search columns: ${count} rows, ${columns.size} counted`);
  columns.text = fill.text();
  return columns;
}

// A reload waits until no search has seen a newer version for this long: admin edits and the
// stock refresh come in bursts, and PGlite answers nothing else while it loads.
const QUIET_MS = 2_000;

/**
 * The columns one database's searches use, held in this process. Built once per services
 * instance (`services.catalogSearch`, server/services.ts), so each database owns its own and
 * the server entry's warm-up and the app's searches share them through the load context.
 */
export interface SearchColumnsHolder {
  /** The columns held, of whatever version (none before the first load). */
  held(): SearchColumns | undefined;
  /** Loads the columns now (a load in flight is shared); the server and the benchmark warm up so. */
  load(): Promise<SearchColumns>;
  /**
   * A search read the catalogue at `state`. Columns older than it, outside a sync, reload once
   * no search has seen a newer version for QUIET_MS; meanwhile searches are answered in SQL
   * (search-sql.server.ts), or by these columns while a sync settles (`answersAt`).
   */
  observe(state: CatalogState): void;
}

/**
 * Loads the columns at a start, so the first searches need not answer in SQL, and says how it went.
 */
export async function warmUpSearchColumns(holder: SearchColumnsHolder, logger: Logger) {
  const started = performance.now();
  await holder.load().then(
    (columns) =>
      logger.info(
        { products: columns.size, ms: Math.round(performance.now() - started) },
        "catalogue search columns loaded",
      ),
    (error: unknown) =>
      logger.warn({ err: error }, "catalogue search columns not loaded; searches answer in SQL"),
  );
}

/**
 * Columns never held: every search answers in SQL. The server's main thread uses it when the
 * catalogue thread holds the columns (server/catalogue-thread.ts), for the few searches it
 * renders while that thread starts.
 */
export const columnsElsewhere: SearchColumnsHolder = {
  held: () => undefined,
  load: () => Promise.reject(new Error("the catalogue thread holds the search columns")),
  observe: () => undefined,
};

/** `pageRows`: rows a fetch of the load carries (tests make it small). */
export function createSearchColumns(
  db: Database,
  options: { pageRows?: number } = {},
): SearchColumnsHolder {
  let columns: SearchColumns | undefined;
  let loading: Promise<SearchColumns> | undefined;
  let seen: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function loadNow() {
    loading ??= heavyWork(() => load(db, options.pageRows))
      .then((loaded) => (columns = loaded))
      .finally(() => (loading = undefined));
    return loading;
  }

  return {
    held: () => columns,
    load: loadNow,
    observe({ version, syncing }) {
      if (syncing || (columns && columns.version === version)) return;
      if (seen === version && timer) return;
      seen = version;
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        // A failed load (the database closing, say) leaves the SQL answers in place until the next try.
        loadNow().catch(() => undefined);
      }, QUIET_MS);
      timer.unref?.();
    },
  };
}

/** A set of dictionary ids as flags; null when the filter is not set. */
function selection(values: string[], dictionary: string[]) {
  if (!values.length) return null;
  const flags = new Uint8Array(dictionary.length);
  for (const v of values) {
    const i = dictionary.indexOf(v);
    if (i >= 0) flags[i] = 1;
  }
  return flags;
}

function anySelected(flags: Uint8Array, ids: Uint16Array, from: number, to: number) {
  for (let k = from; k < to; k++) if (flags[ids[k]!]) return true;
  return false;
}

export interface FilterResult {
  /** Positions of the products passing every filter, in (name, id) order. */
  slots: Int32Array;
  categories: { value: string; count: number }[];
  brands: { value: string; count: number }[];
}

/** The bits of the chosen ids (colorBits, sizeBits), and whether the bits alone decide. */
function chosenBits(flags: Uint8Array | null) {
  let bits = 0;
  flags?.forEach((on, id) => (bits |= on ? 1 << (id & 31) : 0));
  return { bits, exact: !flags || flags.length <= 32 };
}

function filters(columns: SearchColumns, p: SearchParams) {
  const { priceCents, rating, colorIds, colorStart, sizeIds, sizeStart, colorBits, sizeBits } =
    columns;
  const color = selection(p.colors, columns.colors);
  const size = selection(p.sizes, columns.sizes);
  const colorChosen = chosenBits(color);
  const sizeChosen = chosenBits(size);
  const minCents = p.minPrice > 0 ? p.minPrice * 100 : -Infinity;
  // The slider ends at 100: its top means "and above".
  const maxCents = p.maxPrice < PRICE_MAX ? p.maxPrice * 100 : Infinity;
  const minRating = p.minRating;
  return {
    inCategory: selection(p.categories, columns.categories),
    inBrand: selection(p.brands, columns.brands),
    /** Every filter but category and brand (the facets count each without its own). */
    base(i: number) {
      const price = priceCents[i]!;
      if (price < minCents || price > maxCents || rating[i]! < minRating) return false;
      if (color) {
        if (!(colorBits[i]! & colorChosen.bits)) return false;
        if (!colorChosen.exact && !anySelected(color, colorIds, colorStart[i]!, colorStart[i + 1]!))
          return false;
      }
      if (!size) return true;
      if (!(sizeBits[i]! & sizeChosen.bits)) return false;
      return sizeChosen.exact || anySelected(size, sizeIds, sizeStart[i]!, sizeStart[i + 1]!);
    },
  };
}

/**
 * Every filter, and both facet counts, each counted with every filter but its own. `matched`: the
 * positions the text matched, ascending (null when there is no text: the whole catalogue).
 */
export function filterProducts(
  columns: SearchColumns,
  p: SearchParams,
  matched: Int32Array | null,
): FilterResult {
  const { inCategory, inBrand, base } = filters(columns, p);
  const count = matched ? matched.length : columns.size;
  const categoryCounts = new Int32Array(columns.categories.length);
  const brandCounts = new Int32Array(columns.brands.length);
  const passing = new Int32Array(count);
  let passed = 0;
  for (let k = 0; k < count; k++) {
    const i = matched ? matched[k]! : k;
    if (!base(i)) continue;
    const c = columns.category[i]!;
    const b = columns.brand[i]!;
    const categoryOk = !inCategory || inCategory[c] === 1;
    const brandOk = !inBrand || inBrand[b] === 1;
    if (brandOk) categoryCounts[c]! += 1;
    if (categoryOk) brandCounts[b]! += 1;
    if (categoryOk && brandOk) passing[passed++] = i;
  }
  return {
    slots: passing.subarray(0, passed),
    categories: facet(categoryCounts, columns.categories),
    brands: facet(brandCounts, columns.brands),
  };
}

/** Most first; ties in the dictionary's (the database's) order. */
function facet(counts: Int32Array, values: string[]) {
  const out: { value: string; count: number; id: number }[] = [];
  counts.forEach((count, id) => {
    if (count > 0) out.push({ value: values[id]!, count, id });
  });
  out.sort((a, b) => b.count - a.count || a.id - b.id);
  return out.map(({ value, count }) => ({ value, count }));
}

/**
 * The filter panel's choices, as `filterOptions` reads them from the database: the 40 commonest
 * colours and 30 commonest sizes (ties in the database's order), each category with its count,
 * and the brands.
 */
export function filterOptionsOf(columns: SearchColumns) {
  const commonest = (ids: Uint16Array, values: string[], limit: number) => {
    const counts = new Int32Array(values.length);
    for (const id of ids) counts[id]! += 1;
    return facet(counts, values)
      .slice(0, limit)
      .map((f) => f.value);
  };
  const categoryCounts = new Int32Array(columns.categories.length);
  for (const c of columns.category) categoryCounts[c]! += 1;
  const brands = new Uint8Array(columns.brands.length);
  for (const b of columns.brand) brands[b] = 1;
  return {
    colors: commonest(columns.colorIds, columns.colors, 40),
    sizes: commonest(columns.sizeIds, columns.sizes, 30),
    categories: facet(categoryCounts, columns.categories),
    brands: columns.brands.filter((_, id) => brands[id]).sort(),
    sampleCount: columns.sampleCount,
  };
}

/** Orders positions by price (then name, id: the position). */
export function sortByPrice(columns: SearchColumns, slots: Int32Array, direction: 1 | -1) {
  const prices = columns.priceCents;
  return Int32Array.from(slots).sort((a, b) => direction * (prices[a]! - prices[b]!) || a - b);
}
