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
import { reorderCatalogSearch } from "../../app/capabilities/catalog/search-order.server";

/**
 * Fills the products table with `count` products of the generated S&S catalogue (seed 7), as a
 * sync would leave them, and returns the seconds it took. A table already holding exactly `count`
 * products is kept when `reuse` is set (a catalogue loaded into BENCH_DATA_DIR by an earlier run).
 * Raw supplier records are left out: nothing the benchmarks time reads them.
 */
export async function loadGeneratedCatalogue(
  db: Database,
  count: number,
  { reuse = false }: { reuse?: boolean } = {},
) {
  const start = performance.now();
  if (reuse && (await db.$count(products)) === count) return 0;
  const feed = generatedFeed(count, 7);
  const styles = await feed.getStyles();
  await db.delete(products);
  for (let i = 0; i < styles.length; i += 1_000) {
    const batch = styles.slice(i, i + 1_000);
    const groups = skusByStyle(await feed.getProductsByStyleIds(batch.map((s) => s.styleID)));
    await upsertProducts(
      db,
      batch.map((style) =>
        productRow(normalizeSsStyle(style, groups.get(style.styleID) ?? []), { raw: null }),
      ),
    );
  }
  // As the sync does after its last batch: the search table in catalogue order.
  await reorderCatalogSearch(db);
  await db.execute(sql`analyze products`);
  await db.execute(sql`analyze catalog_search`);
  return (performance.now() - start) / 1000;
}
