import { eq } from "drizzle-orm";
import type { Queryable } from "~/platform/db/queryable";
import { quotePriceMatrix } from "~/platform/db/schema/index";
import { DEFAULT_PRICE_MATRIX, type PriceMatrix } from "./matrix";
import { priceMatrixSchema } from "./matrix-schema.server";

/** The matrix the prices that count are computed with; the defaults until one is stored. */
export async function loadPriceMatrix(db: Queryable): Promise<PriceMatrix> {
  const [row] = await db
    .select({ matrix: quotePriceMatrix.matrix })
    .from(quotePriceMatrix)
    .where(eq(quotePriceMatrix.id, 1));
  return row ? priceMatrixSchema.parse(row.matrix) : DEFAULT_PRICE_MATRIX;
}

export async function savePriceMatrix(db: Queryable, matrix: PriceMatrix) {
  const checked = priceMatrixSchema.parse(matrix);
  await db
    .insert(quotePriceMatrix)
    .values({ id: 1, matrix: checked })
    .onConflictDoUpdate({
      target: quotePriceMatrix.id,
      set: { matrix: checked, updatedAt: new Date() },
    });
}
