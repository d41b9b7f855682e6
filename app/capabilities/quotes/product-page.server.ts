import { and, eq, isNull } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describeCatalogImages, stockBySku } from "~/capabilities/catalog/public.server";
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
  const [matrix, stock] = await Promise.all([
    loadPriceMatrix(context.db),
    stockBySku(context.db, row.id),
  ]);
  // Stock from the last inventory refresh where it has the SKU, else from the last sync.
  const supplierColours = coloursFrom(row.colors, row.raw, stock);
  // Only pictures the site stores can show (CSP img-src 'self'); a colour without its own falls
  // back to the product's.
  const pictures = await describeCatalogImages(context.db, [
    row.imageUrl,
    ...supplierColours.map((c) => c.imageUrl),
  ]);
  const stored = (source: string | null) => (source && pictures.get(source)) || null;
  const image = stored(row.imageUrl);
  const colours = supplierColours.map((c) => ({ ...c, image: stored(c.imageUrl) ?? image }));
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    styleNumber: row.styleNumber,
    category: row.category,
    description: row.description,
    material: row.material,
    imageUrl: row.imageUrl,
    image,
    sizes: row.sizes,
    colours,
    fromPerPieceCents: fromPrice(matrix, row),
    sample: row.sample,
  };
}
