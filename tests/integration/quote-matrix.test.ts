import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PRICE_MATRIX, type PriceMatrix } from "~/capabilities/quotes/matrix";
import { loadPriceMatrix, savePriceMatrix } from "~/capabilities/quotes/matrix.server";
import { priceQuote } from "~/capabilities/quotes/pricing";
import { quotePriceMatrix } from "~/platform/db/schema/index";
import { type TestDatabase, createTestDatabase } from "../support/database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
}, 180_000);
afterAll(() => database.destroy());

describe("the stored price matrix", () => {
  it("is seeded with the defaults", async () => {
    // A newly seeded database: the other tests here save their own matrices.
    const fresh = await createTestDatabase({ seed: true });
    try {
      expect(await loadPriceMatrix(fresh.db)).toEqual(DEFAULT_PRICE_MATRIX);
    } finally {
      await fresh.destroy();
    }
  });

  it("prices with what the company saved", async () => {
    const changed: PriceMatrix = structuredClone(DEFAULT_PRICE_MATRIX);
    changed.screenPrint.screenFeeCents = 3_000;
    await savePriceMatrix(database.db, changed);
    const matrix = await loadPriceMatrix(database.db);
    const price = priceQuote(matrix, [
      {
        product: { id: "p", category: "T-Shirts", costCents: 300 },
        colour: "White",
        quantities: { M: 24 },
        decorations: [{ location: "front", method: "screen_print", inkColours: 2 }],
      },
    ]);
    expect(price.setupCents).toBe(6_000);
  });

  it("refuses a matrix whose tiers go down in quantity, keeping the stored one", async () => {
    const before = await loadPriceMatrix(database.db);
    const bad: PriceMatrix = structuredClone(before);
    bad.digitalPrint.tiers[2]!.minQuantity = 5;
    await expect(savePriceMatrix(database.db, bad)).rejects.toThrow(/increasing quantities/);
    expect(await loadPriceMatrix(database.db)).toEqual(before);
  });

  it("refuses to price with a stored row that is not a matrix", async () => {
    await database.db.execute(
      sql`update quote_price_matrix set matrix = '{"screenPrint": 1}'::jsonb`,
    );
    await expect(loadPriceMatrix(database.db)).rejects.toThrow();
    await database.db.delete(quotePriceMatrix);
    expect(await loadPriceMatrix(database.db)).toEqual(DEFAULT_PRICE_MATRIX);
  });
});
