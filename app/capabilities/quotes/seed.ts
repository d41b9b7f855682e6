import { quotePriceMatrix } from "~/platform/db/schema/index";
import type { Seed } from "~/platform/db/seed";
import { DEFAULT_PRICE_MATRIX } from "./matrix";

export const priceMatrixSeed: Seed = {
  // The defaults of matrix.ts become the editable stored matrix.
  name: "quote-price-matrix-v1",
  async run(db) {
    await db
      .insert(quotePriceMatrix)
      .values({ id: 1, matrix: DEFAULT_PRICE_MATRIX })
      .onConflictDoNothing();
  },
};
