/** What other capabilities and routes may use of the catalogue on the server. */
import { isNull, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { products } from "~/platform/db/schema/index";
import { type Collection, buildCollections } from "./collections";

export type { Collection };
export { type CatalogImage, describeCatalogImages } from "./images.server";
export { stockBySku } from "./stock.server";

/** /shop-now's collections, counted over the live catalogue (sample or synced). */
export async function loadCollections(db: Database): Promise<Collection[]> {
  const categories = await db
    .select({ value: products.category, count: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(isNull(products.discontinuedAt))
    .groupBy(products.category);
  return buildCollections(categories);
}
