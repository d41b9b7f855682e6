import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { products } from "~/platform/db/schema/index";
import { SAMPLE_CATALOGUE_SIZE, generatedFeed } from "./generated-feed";
import { type Product, normalizeSsStyle } from "./normalize";
import type { CatalogFeed, SsProduct } from "./ss-records";

export const SAMPLE_SOURCE = "Sample catalogue";

export function contentHash(product: Product) {
  return createHash("sha1").update(JSON.stringify(product)).digest("hex");
}

export function productRow(
  product: Product,
  options: { raw: unknown; sample?: boolean; jobId?: string; source?: string },
): typeof products.$inferInsert {
  return {
    source: options.source ?? product.source,
    externalId: product.id,
    styleNumber: product.styleNumber,
    name: product.name,
    description: product.description,
    brand: product.brand,
    category: product.category,
    priceCents: Math.round(product.price * 100),
    colors: product.colors,
    sizes: product.sizes,
    imageUrl: product.imageUrl,
    material: product.material,
    tags: product.tags,
    rating: product.rating,
    raw: options.raw,
    contentHash: contentHash(product),
    sample: options.sample ?? false,
    lastSyncJobId: options.jobId ?? null,
    discontinuedAt: null,
  };
}

/** A text[] of bound values (null for a missing one), for `unnest` and `= any` on both drivers. */
export const textArray = (values: (string | null | undefined)[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v ?? null}`),
    sql`, `,
  )}]::text[]`;

/**
 * Inserts or replaces rows by (source, external id) in one statement, and counts them: `added`
 * were not there, `updated` were there with other content or discontinued. One statement is one
 * transaction of its own and one round trip: PGlite answers nothing else while a transaction is
 * open, so a sync's write holds searches for no longer than the write itself.
 */
export async function upsertProducts(
  db: Database,
  rows: (typeof products.$inferInsert)[],
): Promise<{ added: number; updated: number }> {
  if (!rows.length) return { added: 0, updated: 0 };
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const upsert = db
    .insert(products)
    .values(rows)
    .onConflictDoUpdate({
      target: [products.source, products.externalId],
      set: {
        styleNumber: excluded("style_number"),
        name: excluded("name"),
        description: excluded("description"),
        brand: excluded("brand"),
        category: excluded("category"),
        priceCents: excluded("price_cents"),
        colors: excluded("colors"),
        sizes: excluded("sizes"),
        imageUrl: excluded("image_url"),
        material: excluded("material"),
        tags: excluded("tags"),
        rating: excluded("rating"),
        raw: excluded("raw"),
        contentHash: excluded("content_hash"),
        sample: excluded("sample"),
        lastSyncJobId: excluded("last_sync_job_id"),
        discontinuedAt: sql`null`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ source: products.source, externalId: products.externalId });
  // The statement's CTEs share one snapshot: `before` sees the rows as they were before the upsert.
  // By the unique (source, external id) index, a row at a time: `source = any(…) and external_id =
  // any(…)` was planned on the source alone and read every product of the source for each write.
  const result = await db.execute(sql`
    with incoming as (
      select * from unnest(
        ${textArray(rows.map((r) => r.source))},
        ${textArray(rows.map((r) => r.externalId))},
        ${textArray(rows.map((r) => r.contentHash))}
      ) as i(source, external_id, content_hash)
    ),
    before as (
      select p.source, p.external_id, p.content_hash, p.discontinued_at is not null as discontinued
      from incoming i join products p on p.source = i.source and p.external_id = i.external_id
    ),
    written as (${upsert.getSQL()})
    select
      count(*) filter (where b.external_id is null)::int as added,
      count(*) filter (
        where b.external_id is not null and (b.content_hash is distinct from i.content_hash or b.discontinued)
      )::int as updated
    from written w
    join incoming i on i.source = w.source and i.external_id = w.external_id
    left join before b on b.source = w.source and b.external_id = w.external_id
  `);
  return (result as unknown as { rows: { added: number; updated: number }[] }).rows[0]!;
}

/** Groups SKU rows by style, keeping the feed's order. */
export function skusByStyle(skus: SsProduct[]) {
  const groups = new Map<number, SsProduct[]>();
  for (const sku of skus) {
    const list = groups.get(sku.styleID);
    if (list) list.push(sku);
    else groups.set(sku.styleID, [sku]);
  }
  return groups;
}

/** Loads the shipped sample catalogue when the catalogue is empty; the first real sync replaces it. */
export async function loadSampleCatalogueIfEmpty(db: Database, feed?: CatalogFeed) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  if (row && row.n > 0) return 0;
  const source = feed ?? generatedFeed(SAMPLE_CATALOGUE_SIZE);
  const styles = await source.getStyles();
  let loaded = 0;
  for (let i = 0; i < styles.length; i += 100) {
    const batch = styles.slice(i, i + 100);
    const groups = skusByStyle(await source.getProductsByStyleIds(batch.map((s) => s.styleID)));
    const rows = batch.map((style) => {
      const skus = groups.get(style.styleID) ?? [];
      return productRow(normalizeSsStyle(style, skus), {
        raw: { style, skus },
        sample: true,
        source: SAMPLE_SOURCE,
      });
    });
    await upsertProducts(db, rows);
    loaded += rows.length;
  }
  return loaded;
}

export async function catalogueStatus(db: Database) {
  const [row] = await db
    .select({
      total: sql<number>`count(*) filter (where ${products.discontinuedAt} is null)::int`,
      sample: sql<number>`count(*) filter (where ${products.sample} and ${products.discontinuedAt} is null)::int`,
    })
    .from(products);
  return { total: row?.total ?? 0, sample: row?.sample ?? 0 };
}
