import { sql } from "drizzle-orm";
import type { Database } from "../../app/platform/db/client.server";
import { products } from "../../app/platform/db/schema/index";
import {
  productRow,
  skusByStyle,
  upsertProducts,
} from "../../app/capabilities/catalog/catalog.server";
import { generatedFeed } from "../../app/capabilities/catalog/generated-feed";
import { normalizeSsStyle } from "../../app/capabilities/catalog/normalize";

/**
 * Replaces the catalogue with `count` generated products (the S&S-shaped feed, seed 7), as the
 * sync leaves it: rows and fresh statistics. Benchmarks only.
 */
export async function loadGeneratedCatalogue(db: Database, count: number) {
  const feed = generatedFeed(count, 7);
  const styles = await feed.getStyles();
  await db.delete(products);
  for (let i = 0; i < styles.length; i += 1_000) {
    const batch = styles.slice(i, i + 1_000);
    const groups = skusByStyle(await feed.getProductsByStyleIds(batch.map((s) => s.styleID)));
    await upsertProducts(
      db,
      batch.map((style) => {
        const skus = groups.get(style.styleID) ?? [];
        // Raw records are left out: they are not searched and would only slow the load down.
        return productRow(normalizeSsStyle(style, skus), { raw: null });
      }),
    );
  }
  await db.execute(sql`analyze products`);
  await db.execute(sql`analyze catalog_search`);
}
