import { Section } from "~/platform/ui/Section";
import { BrandCarousel } from "./BrandCarousel";
import type { BrandLogo } from "~/capabilities/brand-logos/logo";

/** The bulk-orders page's brand logos. */
export function BrandsSection({ brands }: { brands: BrandLogo[] }) {
  return (
    <Section
      id="brands"
      eyebrow="Brands"
      title="Popular Brands We Source"
      lead="The names your team already knows and trusts, decorated in our own shop."
      tone="surface"
    >
      <BrandCarousel brands={brands} />
    </Section>
  );
}
