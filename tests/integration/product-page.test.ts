import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PRICE_MATRIX } from "~/capabilities/quotes/matrix";
import { type ProductPageData, fromPrice } from "~/capabilities/quotes/product";
import { priceQuote } from "~/capabilities/quotes/pricing";
import { products } from "~/platform/db/schema/index";
import { loader } from "~/routes/site/product";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";
import { outcome } from "../support/route";

let database: TestDatabase;
let context: AppLoadContext;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  context = createTestContext(database.db);
}, 180_000);
afterAll(() => database.destroy());

const load = (productId: string) =>
  outcome<{ product: ProductPageData | null; structuredData: string }>(() =>
    loader({
      request: new Request(`https://www.example.com/products/${productId}`),
      params: { productId },
      context,
    } as never),
  );

async function someProduct(where = sql`true`) {
  const [row] = await database.db
    .select()
    .from(products)
    .where(where)
    .orderBy(products.name)
    .limit(1);
  return row!;
}

/** A product of this test's own (a copy of a seeded one), for a test that changes it. */
async function ownProduct() {
  const {
    id: _id,
    externalId: _externalId,
    searchVector: _searchVector,
    searchText: _searchText,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    ...copy
  } = await someProduct();
  const [row] = await database.db
    .insert(products)
    .values({ ...copy, name: `${copy.name} (own copy)` })
    .returning();
  return row!;
}

describe("the product page", () => {
  it("shows a sample product's colours with pictures and stock by size from its SKUs", async () => {
    const row = await someProduct(sql`cardinality(${products.colors}) > 1`);
    const { status, data } = await load(row.id);
    expect(status).toBe(200);
    const product = data.product!;
    expect(product).toMatchObject({ name: row.name, brand: row.brand, sizes: row.sizes });
    expect(product.colours.map((c) => c.name)).toEqual(row.colors);
    const skus = (
      row.raw as { skus: { colorName: string; sizeName: string; qty: number; color1: string }[] }
    ).skus;
    for (const colour of product.colours) {
      expect(colour.hex).toMatch(/^#[0-9A-F]{6}$/i);
      expect(colour.imageUrl).toMatch(/^https:\/\/www\.ssactivewear\.com\/Images\/Color\//);
      for (const size of row.sizes) {
        const qty = skus.find((s) => s.colorName === colour.name && s.sizeName === size)!.qty;
        expect(colour.stock[size]).toBe(
          qty === 0 ? "Out of stock" : qty < 100 ? "Low stock" : "In stock",
        );
      }
    }
  });

  it("says 'from $X a piece, decorated, at 48 pieces' with the quote's own pricing", async () => {
    const row = await someProduct(sql`${products.category} = 'T-Shirts'`);
    const { data } = await load(row.id);
    const size = row.sizes.find((s) => !/^(2|3|4|5|6)XL$/.test(s))!;
    const expected = priceQuote(DEFAULT_PRICE_MATRIX, [
      {
        product: { id: row.id, category: row.category, costCents: row.priceCents },
        colour: row.colors[0]!,
        quantities: { [size]: 48 },
        decorations: [{ location: "front", method: "screen_print", inkColours: 1 }],
      },
    ]).perPieceCents;
    expect(data.product!.fromPerPieceCents).toBe(expected);
    // $3.50 cost: $5.60 garment + $2.25 print + $25 screen / 48 = $8.37 a piece.
    expect(
      fromPrice(DEFAULT_PRICE_MATRIX, {
        id: "x",
        category: "T-Shirts",
        priceCents: 350,
        sizes: ["S"],
      }),
    ).toBe(837);
  });

  it("describes the product to search engines as schema.org Product data", async () => {
    const row = await someProduct();
    const { data } = await load(row.id);
    const ld = JSON.parse(data.structuredData);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: row.name,
      sku: row.styleNumber,
      brand: { "@type": "Brand", name: row.brand },
      offers: {
        "@type": "Offer",
        priceCurrency: "USD",
        price: (data.product!.fromPerPieceCents / 100).toFixed(2),
        url: expect.stringMatching(new RegExp(`/products/${row.id}$`)),
      },
    });
  });

  it("keeps a description's '</script>' inside the structured data", async () => {
    const row = await ownProduct();
    await database.db
      .update(products)
      .set({ description: "Soft </script><script>alert(1)</script>" })
      .where(eq(products.id, row.id));
    const { data } = await load(row.id);
    expect(data.structuredData).not.toContain("</script>");
    expect(JSON.parse(data.structuredData).description).toBe(
      "Soft </script><script>alert(1)</script>",
    );
  });

  it.each([
    ["an id that is not one", "not-a-uuid"],
    ["an unknown id", "00000000-0000-4000-8000-000000000000"],
  ])("answers 404 for %s", async (_name, id) => {
    const { status, data } = await load(id);
    expect(status).toBe(404);
    expect(data.product).toBeNull();
  });

  it("answers 404 for a product the last sync removed", async () => {
    const row = await ownProduct();
    await database.db
      .update(products)
      .set({ discontinuedAt: new Date() })
      .where(eq(products.id, row.id));
    expect((await load(row.id)).status).toBe(404);
  });
});
