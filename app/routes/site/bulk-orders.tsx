import { ContactSection } from "~/features/contact/ContactSection";
import { BrandCarousel } from "~/features/content/BrandCarousel";
import { FaqSection } from "~/features/content/FaqSection";
import { loadBrandLogos } from "~/features/content/brand-logos.server";
import { loadFaqs } from "~/features/content/faqs.server";
import {
  BulkHero,
  BulkPathsSection,
  BulkStepsSection,
} from "~/features/marketing/BulkOrderSections";
import { ColourStrip } from "~/features/marketing/ColourStrip";
import { ScrollToTopIndicator } from "~/features/marketing/ScrollToTopIndicator";
import { Section } from "~/ui/Section";
import type { Route } from "./+types/bulk-orders";

export async function loader({ context }: Route.LoaderArgs) {
  const [brands, faqs] = await Promise.all([
    loadBrandLogos(context),
    loadFaqs(context, "bulk-orders"),
  ]);
  return { brands, faqs };
}

export default function BulkOrdersPage({ loaderData }: Route.ComponentProps) {
  const { brands, faqs } = loaderData;
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
      <FaqSection faqs={faqs} title="Bulk Order Questions" tone="surface" />
      <ContactSection />
      <ColourStrip />
      <ScrollToTopIndicator />
    </>
  );
}
