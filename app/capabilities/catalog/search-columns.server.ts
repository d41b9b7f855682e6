import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { PRICE_MAX, type SearchParams } from "./search";

/**
 * What the search filters, counts and sorts on, for every product on sale, as typed arrays in
 * this process (about 40 bytes a product). The database resolves the text (catalog_search's GIN
 * index → the matching `n`s); the filters, the total, both facet counts and the price and name
 * orders are computed here. Counting facets in SQL needed the category and brand of every
 * candidate, thousands of rows per search for a common word; here that is a loop over integers.
 *
 * Products are in the database's (name, id) order, so a product's position is its name-order
 * rank: ties in every sort are broken as `order by name, id` breaks them, in the database's
 * collation. Dictionaries (categories, brands, colours, sizes) are sorted by the database too.
 * The `n`s up to `orderedN` are in that order as well (numbered so by search-order.server.ts), so
 * the database can break ties by `n`; rows written since get a key between their neighbours'.
 */
export interface SearchColumns {
  version: string;
  size: number;
  orderedN: number;
  /** For n > orderedN: tieKeys[n - orderedN - 1], a number between the `n`s of its neighbours. */
  tieKeys: Float64Array;
  n: Int32Array;
  /** Position by `n`, -1 for none (`n` stays below the catalogue's size plus recent changes). */
  slotOfN: Int32Array;
  categories: string[];
  brands: string[];
  colors: string[];
  sizes: string[];
  category: Uint16Array;
  brand: Uint16Array;
  priceCents: Int32Array;
  rating: Float64Array;
  /** Product i's colour ids are colorIds[colorStart[i] .. colorStart[i + 1]). */
  colorStart: Int32Array;
  colorIds: Uint16Array;
  sizeStart: Int32Array;
  sizeIds: Uint16Array;
  /** Positions by dictionary id, for filterMask to start from the narrowest filter. */
  byCategory: Postings;
  byBrand: Postings;
  byColor: Postings;
  bySize: Postings;
}

/** The positions with value v are slots[start[v] .. start[v + 1]). */
interface Postings {
  start: Int32Array;
  slots: Int32Array;
}

function postings(
  values: number,
  size: number,
  each: (slot: number, add: (value: number) => void) => void,
): Postings {
  const start = new Int32Array(values + 1);
  for (let i = 0; i < size; i++) each(i, (v) => (start[v + 1]! += 1));
  for (let v = 0; v < values; v++) start[v + 1]! += start[v]!;
  const next = start.slice(0, values);
  const slots = new Int32Array(start[values]!);
  for (let i = 0; i < size; i++) each(i, (v) => (slots[next[v]!++] = i));
  return { start, slots };
}

interface LoadHead {
  version: string | null;
  ordered_n: string | null;
  size: number;
  max_n: number | null;
  color_ids: number;
  size_ids: number;
  categories: string[] | null;
  brands: string[] | null;
  colors: string[] | null;
  sizes: string[] | null;
}

/** [n, category, brand, price_cents, rating, colours, sizes] of a product, in (name, id) order. */
type LoadRow = [number, string, string, number, number | null, string[], string[]];

/** The search version the products triggers keep (migration 0012); read in a search's statement. */
export const versionSql = sql`(select version::text from catalog_search_state where id = 1)`;

// Rows a fetch carries: the load's transient memory is one page's JSON, not the catalogue's
// (one json_agg of 1,000,000 rows was a 100 MB string and ten times that parsed).
const LOAD_PAGE = 20_000;

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

async function load(db: Database, pageRows = LOAD_PAGE): Promise<SearchColumns> {
  // One snapshot: the version, the sizes and every page agree.
  return db.transaction(
    async (tx) => {
      const [head] = rowsOf(
        await tx.execute(sql`
          with live as (
            select s.n, p.category, p.brand, p.colors, p.sizes
            from catalog_search s join products p on p.id = s.product_id
          )
          select ${versionSql} as version,
            (select ordered_n::text from catalog_search_state where id = 1) as ordered_n,
            (select count(*)::int from live) as size,
            (select max(n)::int from live) as max_n,
            (select coalesce(sum(cardinality(colors)), 0)::int from live) as color_ids,
            (select coalesce(sum(cardinality(sizes)), 0)::int from live) as size_ids,
            (select json_agg(v order by v) from (select distinct category as v from live) c) as categories,
            (select json_agg(v order by v) from (select distinct brand as v from live) b) as brands,
            (select json_agg(v order by v) from (select distinct unnest(colors) as v from live) c) as colors,
            (select json_agg(v order by v) from (select distinct unnest(sizes) as v from live) s) as sizes
        `),
      ) as LoadHead[];
      const columns = emptyColumns(head!);
      await tx.execute(sql`
        declare catalog_columns no scroll cursor for
        select json_build_array(s.n, p.category, p.brand, p.price_cents, p.rating, p.colors, p.sizes)::text as r
        from catalog_search s join products p on p.id = s.product_id
        order by p.name, p.id
      `);
      const fill = filler(columns, head!);
      for (;;) {
        const page = rowsOf(
          await tx.execute(sql.raw(`fetch forward ${pageRows} from catalog_columns`)),
        ) as { r: string }[];
        if (!page.length) break;
        // One parse a page: a row's JSON each would be 20,000 parses.
        fill(JSON.parse(`[${page.map((row) => row.r).join(",")}]`) as LoadRow[]);
        if (page.length < pageRows) break;
      }
      await tx.execute(sql`close catalog_columns`);
      return finish(columns, fill.count());
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

function emptyColumns(head: LoadHead): SearchColumns {
  const size = head.size;
  const list = (values: string[] | null) => values ?? [];
  const orderedN = Number(head.ordered_n ?? 0);
  const maxN = head.max_n ?? 0;
  return {
    version: head.version ?? "",
    size,
    orderedN,
    tieKeys: new Float64Array(Math.max(0, maxN - orderedN)),
    n: new Int32Array(size),
    slotOfN: new Int32Array(maxN + 1).fill(-1),
    categories: list(head.categories),
    brands: list(head.brands),
    colors: list(head.colors),
    sizes: list(head.sizes),
    category: new Uint16Array(size),
    brand: new Uint16Array(size),
    priceCents: new Int32Array(size),
    rating: new Float64Array(size),
    colorStart: new Int32Array(size + 1),
    colorIds: new Uint16Array(head.color_ids),
    sizeStart: new Int32Array(size + 1),
    sizeIds: new Uint16Array(head.size_ids),
    byCategory: { start: new Int32Array(1), slots: new Int32Array() },
    byBrand: { start: new Int32Array(1), slots: new Int32Array() },
    byColor: { start: new Int32Array(1), slots: new Int32Array() },
    bySize: { start: new Int32Array(1), slots: new Int32Array() },
  };
}

/** Writes pages of rows, in (name, id) order, into the columns. */
function filler(columns: SearchColumns, head: LoadHead) {
  const ids = (list: string[]) => new Map(list.map((v, i) => [v, i]));
  const categories = ids(columns.categories);
  const brands = ids(columns.brands);
  const colors = ids(columns.colors);
  const sizes = ids(columns.sizes);
  const { orderedN } = columns;
  // Rows numbered after the last rewrite (n > orderedN) get tie keys strictly between their
  // ordered neighbours' `n`s: previousOrdered + run / (size + 1), as a run is at most size long.
  const denominator = head.size + 1;
  let previousOrdered = 0;
  let run = 0;
  let i = 0;
  let colorAt = 0;
  let sizeAt = 0;
  const fill = (rows: LoadRow[]) => {
    for (const [n, category, brand, priceCents, rating, productColors, productSizes] of rows) {
      if (n <= orderedN) {
        previousOrdered = n;
        run = 0;
      } else {
        columns.tieKeys[n - orderedN - 1] = previousOrdered + ++run / denominator;
      }
      columns.n[i] = n;
      columns.slotOfN[n] = i;
      columns.category[i] = categories.get(category)!;
      columns.brand[i] = brands.get(brand)!;
      columns.priceCents[i] = priceCents;
      // As the SQL did: coalesce(rating, 4.5).
      columns.rating[i] = rating ?? 4.5;
      columns.colorStart[i] = colorAt;
      for (const c of productColors) columns.colorIds[colorAt++] = colors.get(c)!;
      columns.sizeStart[i] = sizeAt;
      for (const s of productSizes) columns.sizeIds[sizeAt++] = sizes.get(s)!;
      i++;
    }
    columns.colorStart[i] = colorAt;
    columns.sizeStart[i] = sizeAt;
  };
  fill.count = () => i;
  return fill;
}

function finish(columns: SearchColumns, count: number) {
  if (count !== columns.size)
    throw new Error(`search columns: ${count} rows, ${columns.size} counted`);
  const size = count;
  columns.byCategory = postings(columns.categories.length, size, (i, add) =>
    add(columns.category[i]!),
  );
  columns.byBrand = postings(columns.brands.length, size, (i, add) => add(columns.brand[i]!));
  columns.byColor = postings(columns.colors.length, size, (i, add) => {
    for (let k = columns.colorStart[i]!; k < columns.colorStart[i + 1]!; k++)
      add(columns.colorIds[k]!);
  });
  columns.bySize = postings(columns.sizes.length, size, (i, add) => {
    for (let k = columns.sizeStart[i]!; k < columns.sizeStart[i + 1]!; k++)
      add(columns.sizeIds[k]!);
  });
  return columns;
}

// A reload waits until no search has seen a newer version for this long: a sync changes the
// catalogue every second or so, and PGlite answers nothing else while it loads.
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
   * A search saw `version`, newer than the columns held: reload them once no search has seen a
   * newer one for QUIET_MS. Searches meanwhile are answered in SQL (search-sql.server.ts).
   */
  reloadWhenQuiet(version: string): void;
}

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
    loading ??= load(db, options.pageRows)
      .then((loaded) => (columns = loaded))
      .finally(() => (loading = undefined));
    return loading;
  }

  return {
    held: () => columns,
    load: loadNow,
    reloadWhenQuiet(version) {
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
  /** Positions of the products passing every filter, in (name, id) order unless told otherwise. */
  slots: Int32Array;
  categories: { value: string; count: number }[];
  brands: { value: string; count: number }[];
}

/** `known`: a list filter every product checked is already known to pass. */
function filters(columns: SearchColumns, p: SearchParams, known?: "color" | "size") {
  const { priceCents, rating, colorIds, colorStart, sizeIds, sizeStart } = columns;
  const color = known === "color" ? null : selection(p.colors, columns.colors);
  const size = known === "size" ? null : selection(p.sizes, columns.sizes);
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
      if (color && !anySelected(color, colorIds, colorStart[i]!, colorStart[i + 1]!)) return false;
      return !size || anySelected(size, sizeIds, sizeStart[i]!, sizeStart[i + 1]!);
    },
  };
}

/**
 * Every filter, and both facet counts, each counted with every filter but its own. `matched`: the
 * `n`s the text matched (null when there is no text: the whole catalogue). `inOrder` false: the
 * caller needs only the count, not the positions in name order (no sort).
 */
export function filterProducts(
  columns: SearchColumns,
  p: SearchParams,
  matched: number[] | null,
  inOrder = true,
): FilterResult {
  const { inCategory, inBrand, base } = filters(columns, p);
  let candidates: Int32Array;
  if (matched) {
    candidates = new Int32Array(matched.length);
    let found = 0;
    for (const n of matched) {
      const slot = columns.slotOfN[n] ?? -1;
      if (slot >= 0) candidates[found++] = slot;
    }
    candidates = candidates.subarray(0, found);
    if (inOrder) candidates.sort();
  } else {
    candidates = new Int32Array(columns.size);
    for (let i = 0; i < columns.size; i++) candidates[i] = i;
  }

  const categoryCounts = new Int32Array(columns.categories.length);
  const brandCounts = new Int32Array(columns.brands.length);
  const passing = new Int32Array(candidates.length);
  let passed = 0;
  for (const i of candidates) {
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

/**
 * The products passing every filter, as a bit per `n` (bit n of byte n >> 3, lowest bit first, as
 * PostgreSQL's get_bit reads a bytea): the database ranks only those among the text's matches.
 */
export function filterMask(columns: SearchColumns, p: SearchParams) {
  const mask = Buffer.alloc((columns.slotOfN.length >> 3) + 1);
  // Only the products with one of the chosen values of the narrowest list filter can pass (a
  // product in two chosen colours is visited twice, harmlessly); with none, every product.
  const narrowest = (
    [
      ["category", columns.byCategory, p.categories, columns.categories],
      ["brand", columns.byBrand, p.brands, columns.brands],
      ["color", columns.byColor, p.colors, columns.colors],
      ["size", columns.bySize, p.sizes, columns.sizes],
    ] as const
  )
    .filter(([, , chosen]) => chosen.length)
    .map(([name, list, chosen, dictionary]) => {
      const ids = chosen.map((v) => dictionary.indexOf(v)).filter((id) => id >= 0);
      const count = ids.reduce((n, id) => n + list.start[id + 1]! - list.start[id]!, 0);
      return { name, list, ids, count };
    })
    .sort((a, b) => a.count - b.count)[0];
  const known =
    narrowest?.name === "color" || narrowest?.name === "size" ? narrowest.name : undefined;
  const { inCategory, inBrand, base } = filters(columns, p, known);
  const { category, brand, n: ns } = columns;
  const set = (i: number) => {
    if (inCategory && inCategory[category[i]!] !== 1) return;
    if (inBrand && inBrand[brand[i]!] !== 1) return;
    if (!base(i)) return;
    const n = ns[i]!;
    mask[n >> 3]! |= 1 << (n & 7);
  };
  if (narrowest) {
    const { start, slots } = narrowest.list;
    for (const id of narrowest.ids)
      for (let k = start[id]!; k < start[id + 1]!; k++) set(slots[k]!);
  } else {
    for (let i = 0; i < columns.size; i++) set(i);
  }
  return mask;
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

/** Orders positions by price (then name, id: the position). */
export function sortByPrice(columns: SearchColumns, slots: Int32Array, direction: 1 | -1) {
  const prices = columns.priceCents;
  return Int32Array.from(slots).sort((a, b) => direction * (prices[a]! - prices[b]!) || a - b);
}
