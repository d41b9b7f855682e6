import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
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

/** Inserts or replaces rows by (source, external id); the caller picks the transaction. */
export async function upsertProducts(db: Database, rows: (typeof products.$inferInsert)[]) {
  if (!rows.length) return;
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await db
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
    });
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

export async function existingHashes(db: Database, source: string, externalIds: string[]) {
  const known = new Map<string, { contentHash: string | null; discontinued: boolean }>();
  if (!externalIds.length) return known;
  const rows = await db
    .select({
      externalId: products.externalId,
      contentHash: products.contentHash,
      discontinuedAt: products.discontinuedAt,
    })
    .from(products)
    .where(and(eq(products.source, source), inArray(products.externalId, externalIds)));
  for (const r of rows) {
    known.set(r.externalId!, {
      contentHash: r.contentHash,
      discontinued: r.discontinuedAt !== null,
    });
  }
  return known;
}
