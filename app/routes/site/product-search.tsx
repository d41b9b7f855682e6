// @chunk product-search
import { productSearchPage } from "~/capabilities/catalog/page.server";
import { ProductSearch } from "~/capabilities/catalog/ProductSearch";
import { Container, PageIntro } from "~/platform/ui/Container";
import type { Route } from "./+types/product-search";

export async function loader({ request, context }: Route.LoaderArgs) {
  return productSearchPage(context, new URL(request.url).searchParams);
}

export default function ProductSearchPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro
        eyebrow="Catalogue"
        title="Search Products"
        lead="Find blank apparel and accessories from the brands we decorate every day."
      />
      <Container className="py-10">
        <ProductSearch data={loaderData} />
      </Container>
    </>
  );
}
