import { data } from "react-router";
import type { RouteHandle } from "~/root";
import { ProductPage } from "~/capabilities/quotes/ProductPage";
import { type ProductPageData, productStructuredData } from "~/capabilities/quotes/product";
import { productPage } from "~/capabilities/quotes/product-page.server";
import { NotFound } from "~/platform/shell/NotFound";
import type { Route } from "./+types/product";

export const handle: RouteHandle = {
  title: (loaderData) => (loaderData as { product?: ProductPageData | null })?.product?.name,
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const product = await productPage(context, params.productId);
  // An unknown id, or a product the last sync removed: the not-found page.
  if (!product) return data({ product: null, structuredData: "" }, { status: 404 });
  const url = `${context.env.PUBLIC_URL}/products/${product.id}`;
  return { product, structuredData: productStructuredData(product, url) };
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.product) return <NotFound />;
  return <ProductPage product={loaderData.product} structuredData={loaderData.structuredData} />;
}
