import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
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
 */
export interface SearchColumns {
  version: string;
  size: number;
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
}

interface LoadRow {
  version: string | null;
  categories: string[] | null;
  brands: string[] | null;
  colors: string[] | null;
  sizes: string[] | null;
  /** [n, category, brand, price_cents, rating, colours, sizes] per product, in (name, id) order. */
  rows: [number, string, string, number, number | null, string[], string[]][] | null;
}

/** The search version the products triggers keep (migration 0012); read in a search's statement. */
export const versionSql = sql`(select version::text from catalog_search_state where id = 1)`;

async function load(db: Database): Promise<SearchColumns> {
  // One statement, one snapshot: the version and the rows agree.
  const result = await db.execute(sql`
    with live as (
      select s.n, p.name, p.id, p.category, p.brand, p.price_cents, p.rating, p.colors, p.sizes
      from catalog_search s join products p on p.id = s.product_id
    )
    select ${versionSql} as version,
      (select json_agg(v order by v) from (select distinct category as v from live) c) as categories,
      (select json_agg(v order by v) from (select distinct brand as v from live) b) as brands,
      (select json_agg(v order by v) from (select distinct unnest(colors) as v from live) c) as colors,
      (select json_agg(v order by v) from (select distinct unnest(sizes) as v from live) s) as sizes,
      (select json_agg(json_build_array(n, category, brand, price_cents, rating, colors, sizes)
        order by name, id) from live) as rows
  `);
  const row = (result as unknown as { rows: LoadRow[] }).rows[0]!;
  const rows = row.rows ?? [];
  const dictionary = (values: string[] | null) => {
    const list = values ?? [];
    return { list, ids: new Map(list.map((v, i) => [v, i])) };
  };
  const categories = dictionary(row.categories);
  const brands = dictionary(row.brands);
  const colors = dictionary(row.colors);
  const sizes = dictionary(row.sizes);
  const size = rows.length;
  const columns: SearchColumns = {
    version: row.version ?? "",
    size,
    n: new Int32Array(size),
    slotOfN: new Int32Array(rows.reduce((max, r) => Math.max(max, r[0]), 0) + 1).fill(-1),
    categories: categories.list,
    brands: brands.list,
    colors: colors.list,
    sizes: sizes.list,
    category: new Uint16Array(size),
    brand: new Uint16Array(size),
    priceCents: new Int32Array(size),
    rating: new Float64Array(size),
    colorStart: new Int32Array(size + 1),
    colorIds: new Uint16Array(rows.reduce((total, r) => total + r[5].length, 0)),
    sizeStart: new Int32Array(size + 1),
    sizeIds: new Uint16Array(rows.reduce((total, r) => total + r[6].length, 0)),
  };
  let colorAt = 0;
  let sizeAt = 0;
  rows.forEach(([n, category, brand, priceCents, rating, productColors, productSizes], i) => {
    columns.n[i] = n;
    columns.slotOfN[n] = i;
    columns.category[i] = categories.ids.get(category)!;
    columns.brand[i] = brands.ids.get(brand)!;
    columns.priceCents[i] = priceCents;
    // As the SQL did: coalesce(rating, 4.5).
    columns.rating[i] = rating ?? 4.5;
    columns.colorStart[i] = colorAt;
    for (const c of productColors) columns.colorIds[colorAt++] = colors.ids.get(c)!;
    columns.sizeStart[i] = sizeAt;
    for (const s of productSizes) columns.sizeIds[sizeAt++] = sizes.ids.get(s)!;
  });
  columns.colorStart[size] = colorAt;
  columns.sizeStart[size] = sizeAt;
  return columns;
}

// Per database (tests open several in one process); a reload in flight is shared.
const cache = new WeakMap<
  Database,
  { columns?: SearchColumns; loading?: Promise<SearchColumns> }
>();

/**
 * The columns for `version` (read by the caller in its search statement): the ones held when they
 * are that version, otherwise reloaded. A reload may return a newer version than asked for, never
 * an older one (its statement starts after the caller's).
 */
export async function searchColumns(db: Database, version: string): Promise<SearchColumns> {
  let entry = cache.get(db);
  if (!entry) cache.set(db, (entry = {}));
  if (entry.columns?.version === version) return entry.columns;
  if (!entry.loading) {
    const current = entry;
    const loading = load(db)
      .then((columns) => (current.columns = columns))
      .finally(() => (current.loading = undefined));
    current.loading = loading;
    return loading;
  }
  return entry.loading;
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

/**
 * Every filter, and both facet counts, each counted with every filter but its own. `matched`: the
 * `n`s the text matched (null when there is no text: the whole catalogue).
 */
export function filterProducts(
  columns: SearchColumns,
  p: SearchParams,
  matched: number[] | null,
): FilterResult {
  const inCategory = selection(p.categories, columns.categories);
  const inBrand = selection(p.brands, columns.brands);
  const color = selection(p.colors, columns.colors);
  const size = selection(p.sizes, columns.sizes);
  const minCents = p.minPrice > 0 ? p.minPrice * 100 : -Infinity;
  // The slider ends at 100: its top means "and above".
  const maxCents = p.maxPrice < PRICE_MAX ? p.maxPrice * 100 : Infinity;

  let candidates: Int32Array;
  if (matched) {
    candidates = new Int32Array(matched.length);
    let found = 0;
    for (const n of matched) {
      const slot = columns.slotOfN[n] ?? -1;
      if (slot >= 0) candidates[found++] = slot;
    }
    candidates = candidates.subarray(0, found).sort();
  } else {
    candidates = new Int32Array(columns.size);
    for (let i = 0; i < columns.size; i++) candidates[i] = i;
  }

  const categoryCounts = new Int32Array(columns.categories.length);
  const brandCounts = new Int32Array(columns.brands.length);
  const passing = new Int32Array(candidates.length);
  let passed = 0;
  for (const i of candidates) {
    const price = columns.priceCents[i]!;
    if (price < minCents || price > maxCents) continue;
    if (columns.rating[i]! < p.minRating) continue;
    if (
      color &&
      !anySelected(color, columns.colorIds, columns.colorStart[i]!, columns.colorStart[i + 1]!)
    )
      continue;
    if (
      size &&
      !anySelected(size, columns.sizeIds, columns.sizeStart[i]!, columns.sizeStart[i + 1]!)
    )
      continue;
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

/** Orders positions by price (then name, id: the position). */
export function sortByPrice(columns: SearchColumns, slots: Int32Array, direction: 1 | -1) {
  const prices = columns.priceCents;
  return Int32Array.from(slots).sort((a, b) => direction * (prices[a]! - prices[b]!) || a - b);
}
