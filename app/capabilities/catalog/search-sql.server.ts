import { type SQL, and, gte, lte, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { catalogSearch, products } from "~/platform/db/schema/index";
import { PAGE_SIZE, PRICE_MAX, type SearchParams } from "./search";

export interface SqlSearchRow {
  page: Record<string, unknown>[] | null;
  total: number | string;
  categories: { value: string; count: number }[] | null;
  brands: { value: string; count: number }[] | null;
}

const anyOf = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

function inList(column: string, values: string[]) {
  if (!values.length) return sql`true`;
  return sql`${sql.identifier(column)} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/** Every filter but the text, category and brand. */
function baseConditions(p: SearchParams) {
  const where: SQL[] = [];
  if (p.colors.length) where.push(sql`p.colors && ${anyOf(p.colors)}`);
  if (p.sizes.length) where.push(sql`p.sizes && ${anyOf(p.sizes)}`);
  if (p.minPrice > 0) where.push(gte(sql`p.price_cents`, p.minPrice * 100));
  // The slider ends at 100: its top means "and above".
  if (p.maxPrice < PRICE_MAX) where.push(lte(sql`p.price_cents`, p.maxPrice * 100));
  if (p.minRating > 0) where.push(sql`coalesce(p.rating, 4.5) >= ${p.minRating}`);
  return where.length ? and(...where)! : sql`true`;
}

/**
 * The search answered by the database alone, while this instance's in-memory columns are older
 * than the catalogue (search-columns.server.ts reloads them once the catalogue has been quiet for
 * a moment: a sync changes it every second or so, and a reload of 100,000 products takes 1 to 3 s).
 * The same answers as the columns give, at 10 to 40 ms for a common word instead of under 10.
 * The candidates (every filter but category and brand) give the page, the total and both facets.
 */
/** With words, the text matches alone (OFFSET 0 keeps the price index out of the GIN scan). */
function source(text: { query: string; hasWords: boolean }) {
  if (!text.hasWords) return sql`${catalogSearch}`;
  // Words that are all stop words without near matches find nothing.
  if (!text.query) return sql`(select * from ${catalogSearch} where false)`;
  return sql`(select * from ${catalogSearch} where search_vector @@ ${text.query}::tsquery offset 0)`;
}

export async function searchInSql(
  db: Database,
  p: SearchParams,
  text: { query: string; exact: string; hasWords: boolean },
): Promise<SqlSearchRow> {
  const rank =
    text.query && p.sort === "relevance"
      ? sql`(ts_rank(s.search_vector, ${text.exact}::tsquery) * 4
        + ts_rank(s.search_vector, ${text.query}::tsquery)
        + case when s.style = ${p.q.toLowerCase()} then 10 else 0 end)`
      : sql`0`;
  const order =
    p.sort === "price-low-high"
      ? sql`price_cents asc, name asc, id asc`
      : p.sort === "price-high-low"
        ? sql`price_cents desc, name asc, id asc`
        : text.query
          ? sql`rank desc, name asc, id asc`
          : sql`name asc, id asc`;
  const inCategory = inList("category", p.categories);
  const inBrand = inList("brand", p.brands);
  const result = await db.execute(sql`
    with candidates as materialized (
      select p.id, p.category, p.brand, p.price_cents, p.name,
        case when ${inCategory} and ${inBrand} then ${rank} end as rank
      from ${source(text)} s ${
        text.hasWords
          ? // Each match's product by its key: given the choice, the planner read every product in
            // the price range through the price index (37,828 rows, 350 ms) and hash-joined them.
            sql`cross join lateral (
                select * from ${products} p where p.id = s.product_id offset 0
              ) p`
          : sql`join ${products} p on p.id = s.product_id`
      }
      where ${baseConditions(p)}
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
  return (result as unknown as { rows: SqlSearchRow[] }).rows[0]!;
}
