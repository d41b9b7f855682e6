import { loadBrandLogos } from "~/capabilities/brand-logos/brand-logos.server";
import { island } from "~/platform/ui/island";
import { loadFaqs } from "~/capabilities/faqs/faqs.server";
import { BulkHero } from "~/capabilities/marketing/BulkHero";
import { heroPosterPreloads } from "~/capabilities/marketing/HeroVideo";
import { ColourStrip, ContactSection, FaqSection, ScrollToTopIndicator } from "./islands";
import type { Route } from "./+types/bulk-orders";

// This page's own below-the-fold sections (see ~/platform/ui/island).
const BrandsSection = island(() =>
  import("~/capabilities/brand-logos/BrandsSection").then((m) => m.BrandsSection),
);
const BulkPathsSection = island(() =>
  import("~/capabilities/marketing/BulkOrderSections").then((m) => m.BulkPathsSection),
);
const BulkStepsSection = island(() =>
  import("~/capabilities/marketing/BulkOrderSections").then((m) => m.BulkStepsSection),
);

export async function loader({ context }: Route.LoaderArgs) {
  const [brands, faqs] = await Promise.all([
    loadBrandLogos(context),
    loadFaqs(context, "bulk-orders"),
  ]);
  return { brands, faqs };
}

// The hero poster is the largest paint, as on the home page.
export const links = heroPosterPreloads;

export default function BulkOrdersPage({ loaderData }: Route.ComponentProps) {
  const { brands, faqs } = loaderData;
  return (
    <>
      <BulkHero />
      <BulkPathsSection />
      <BrandsSection brands={brands} />
      <BulkStepsSection />
      <FaqSection faqs={faqs} title="Bulk Order Questions" tone="surface" />
      <ContactSection />
      <ColourStrip />
      <ScrollToTopIndicator />
    </>
  );
}
