import { eq } from "drizzle-orm";
import { type AppLoadContext, data } from "react-router";
import { BAD_REQUEST_MESSAGE } from "~/platform/admin-kit/action.server";
import { type Actor, recordAudit } from "~/platform/audit/audit.server";
import type { Database } from "~/platform/db/client.server";
import { quotePriceMatrix } from "~/platform/db/schema/index";
import { readForm } from "~/platform/forms/read.server";
import { type FormResult, failed, succeeded } from "~/platform/forms/result";
import { DEFAULT_PRICE_MATRIX, type PriceMatrix } from "./matrix";
import { type PriceWarning, matrixMessages, readMatrixForm, risingPrices } from "./matrix-form";
import { priceMatrixSchema } from "./matrix-schema.server";
import { loadPriceMatrix } from "./matrix.server";

export const priceMatrixScreenMessages = {
  saved: "Price matrix saved. New quotes are priced with it from now on.",
  savedWithWarnings: (n: number) =>
    `Price matrix saved, but ${n === 1 ? "1 price rises" : `${n} prices rise`} with quantity: check the marked ${n === 1 ? "price" : "prices"}.`,
  unchanged: "Nothing changed: the price matrix is as it was.",
  saveFailed: "The price matrix could not be saved. Please try again.",
  loadFailed: "The price matrix could not be loaded. Please reload the page.",
} as const;

export interface PriceMatrixScreen {
  matrix: PriceMatrix;
  warnings: PriceWarning[];
}

export async function priceMatrixScreen(db: Database): Promise<PriceMatrixScreen> {
  const matrix = await loadPriceMatrix(db);
  return { matrix, warnings: risingPrices(matrix) };
}

/**
 * Saves the whole matrix from the screen's form. A wrong field is a 400 with its message beside
 * it and nothing saved; prices that rise with quantity are saved and warned about. The change and
 * its before/after are audited in the same transaction; the audit retires the cached pages, and
 * the builder and product pages read the matrix on every request, so they price with it at once.
 */
export async function savePriceMatrixForm(
  request: Request,
  { db, logger }: Pick<AppLoadContext, "db" | "logger">,
  admin: Actor,
) {
  const { fields } = await readForm(request);
  if (fields.intent !== "save") throw data(failed(BAD_REQUEST_MESSAGE), { status: 400 });
  const read = readMatrixForm(fields);
  if (!read.ok) {
    if ("malformed" in read) throw data(failed(BAD_REQUEST_MESSAGE), { status: 400 });
    const result: FormResult = failed(
      matrixMessages.notSaved(Object.keys(read.fieldErrors).length),
      { fieldErrors: read.fieldErrors },
    );
    return data(result, { status: 400 });
  }
  const next = priceMatrixSchema.parse(read.matrix);
  const m = priceMatrixScreenMessages;
  let result: FormResult;
  try {
    result = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ matrix: quotePriceMatrix.matrix })
        .from(quotePriceMatrix)
        .where(eq(quotePriceMatrix.id, 1))
        .for("update");
      const before = row ? priceMatrixSchema.parse(row.matrix) : DEFAULT_PRICE_MATRIX;
      if (row && JSON.stringify(before) === JSON.stringify(next)) {
        return succeeded(m.unchanged, "No changes");
      }
      const warnings = risingPrices(next);
      await tx
        .insert(quotePriceMatrix)
        .values({ id: 1, matrix: next })
        .onConflictDoUpdate({
          target: quotePriceMatrix.id,
          set: { matrix: next, updatedAt: new Date() },
        });
      await recordAudit(tx, admin, {
        action: "update",
        entityType: "quote_price_matrix",
        entityId: "1",
        before,
        after: next,
      });
      return warnings.length > 0
        ? succeeded(m.savedWithWarnings(warnings.length), "Saved with warnings")
        : succeeded(m.saved);
    });
  } catch (error) {
    logger.error({ err: error }, "price matrix save failed");
    return data(failed(m.saveFailed), { status: 503 });
  }
  return data(result, { status: 200 });
}
