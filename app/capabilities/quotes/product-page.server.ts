import { and, eq, isNull } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { products } from "~/platform/db/schema/index";
import { loadPriceMatrix } from "./matrix.server";
import { type ProductPageData, coloursFrom, fromPrice } from "./product";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A product on sale (not removed by a sync), for its page; null for anything else. */
export async function productPage(
  context: Pick<AppLoadContext, "db">,
  productId: string,
): Promise<ProductPageData | null> {
  if (!UUID.test(productId)) return null;
  const [row] = await context.db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.discontinuedAt)));
  if (!row) return null;
  const matrix = await loadPriceMatrix(context.db);
  const colours = coloursFrom(row.colors, row.raw);
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    styleNumber: row.styleNumber,
    category: row.category,
    description: row.description,
    material: row.material,
    imageUrl: row.imageUrl,
    sizes: row.sizes,
    colours,
    fromPerPieceCents: fromPrice(matrix, row),
    sample: row.sample,
  };
}
