import type { AppLoadContext } from "react-router";
import { type CardProduct, cardProduct } from "./ProductCard";
import { type RecommendationResult, recommendProducts } from "./recommend.server";
import { type SearchParams, groupCategories, isBrowsing, parseSearchParams } from "./search";
import { type SearchResult, filterOptions, searchProducts } from "./search.server";
import type { CatalogState } from "./search-columns.server";

export type SearchTab = "browse" | "ai";

/** Everything /product-search shows, from its URL alone (the state lives in the URL). */
export async function productSearchPage(
  context: Pick<AppLoadContext, "db" | "services">,
  url: URLSearchParams,
) {
  const tab: SearchTab = url.get("tab") === "ai" ? "ai" : "browse";
  const params = parseSearchParams(url);
  const prompt = (url.get("prompt") ?? "").trim().slice(0, 500);

  let result: (Omit<SearchResult, "state" | "products"> & { products: CardProduct[] }) | null =
    null;
  let state: CatalogState | undefined;
  let searchFailed = false;
  if (tab === "browse" && !isBrowsing(params)) {
    try {
      const {
        state: read,
        products,
        ...found
      } = await searchProducts(context.db, params, context.services.catalogSearch);
      state = read;
      result = { ...found, products: products.map(cardProduct) };
    } catch {
      searchFailed = true;
    }
  }
  // After the search, which has read the catalogue's state: the choices need no statement then.
  const options = await filterOptions(context.db, context.services.catalogSearch, state).catch(
    () => null,
  );

  let ai:
    | (Omit<RecommendationResult, "recommendations"> & {
        recommendations: { product: CardProduct; reason: string }[];
      })
    | null = null;
  let aiFailed = false;
  const model = context.services.llm;
  if (tab === "ai" && prompt) {
    try {
      const { recommendations, ...found } = await recommendProducts(
        context.db,
        prompt,
        model,
        undefined,
        context.services.catalogSearch,
      );
      ai = {
        ...found,
        recommendations: recommendations.map((r) => ({ ...r, product: cardProduct(r.product) })),
      };
    } catch {
      aiFailed = true;
    }
  }

  return {
    tab,
    params: params satisfies SearchParams,
    browsing: isBrowsing(params),
    result,
    searchFailed,
    categoriesFailed: options === null,
    groups: options ? groupCategories(options.categories) : [],
    colors: options?.colors ?? [],
    sizes: options?.sizes ?? [],
    sampleCount: options?.sampleCount ?? 0,
    prompt,
    ai,
    aiFailed,
    /** Whether a language model is configured (LLM_BASE_URL, LLM_MODEL); without, keywords pick. */
    aiModel: model !== undefined,
  };
}

export type ProductSearchData = Awaited<ReturnType<typeof productSearchPage>>;
