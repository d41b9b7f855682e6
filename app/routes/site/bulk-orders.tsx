import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { ContactSection } from "~/features/contact/ContactSection";
import { BrandCarousel } from "~/features/content/BrandCarousel";
import { loadBrandLogos } from "~/features/content/brand-logos.server";
import {
  BulkHero,
  BulkPathsSection,
  BulkStepsSection,
} from "~/features/marketing/BulkOrderSections";
import { ColourStrip } from "~/features/marketing/ColourStrip";
import { ScrollToTopIndicator } from "~/features/marketing/ScrollToTopIndicator";
import { Section } from "~/ui/Section";

export async function loader({ context }: LoaderFunctionArgs) {
  return { brands: await loadBrandLogos(context.db) };
}

export default function BulkOrdersPage() {
  const { brands } = useLoaderData<typeof loader>();
  return (
    <>
      <BulkHero />
      <BulkPathsSection />
      <Section
        id="brands"
        eyebrow="Brands"
        title="Popular Brands We Source"
        lead="The names your team already knows and trusts, decorated in our own shop."
        tone="surface"
      >
        <BrandCarousel brands={brands} />
      </Section>
      <BulkStepsSection />
      <ContactSection />
      <ColourStrip />
      <ScrollToTopIndicator />
    </>
  );
}
