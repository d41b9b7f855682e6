import type { AppLoadContext } from "react-router";
import type { BuilderProduct } from "./builder";
import type { PriceMatrix } from "./matrix";
import { loadPriceMatrix } from "./matrix.server";
import { productsOnSale } from "./request.server";

export interface BuilderPageData {
  matrix: PriceMatrix;
  /** The product a product page sent the visitor with (?product=), to add as a line. */
  added: BuilderProduct | null;
  sent: boolean;
}

export async function builderPage(
  context: Pick<AppLoadContext, "db">,
  params: URLSearchParams,
): Promise<BuilderPageData> {
  const id = params.get("product") ?? "";
  const [matrix, found] = await Promise.all([
    loadPriceMatrix(context.db),
    productsOnSale(context, [id]),
  ]);
  return { matrix, added: found.get(id) ?? null, sent: params.get("sent") === "1" };
}
