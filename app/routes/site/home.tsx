import { ContactSection } from "~/features/contact/ContactSection";
import { FaqSection } from "~/features/content/FaqSection";
import { SuccessStoriesCarousel } from "~/features/content/SuccessStoriesCarousel";
import { loadFaqs } from "~/features/content/faqs.server";
import { loadSuccessStories } from "~/features/content/success-stories.server";
import { ColourStrip } from "~/features/marketing/ColourStrip";
import { HERO_POSTER } from "~/features/marketing/HeroVideo";
import { HomeHero } from "~/features/marketing/HomeHero";
import {
  CoreValuesSection,
  GuaranteeSection,
  ProcessSection,
  WhyChooseSection,
} from "~/features/marketing/HomeSections";
import { InHouseSection } from "~/features/marketing/InHouseSection";
import { ScrollToTopIndicator } from "~/features/marketing/ScrollToTopIndicator";
import { ServiceCards } from "~/features/marketing/ServiceCards";
import { Testimonials } from "~/features/marketing/Testimonials";
import { Section } from "~/ui/Section";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const [faqs, stories] = await Promise.all([
    loadFaqs(context, "index"),
    loadSuccessStories(context),
  ]);
  return { faqs, stories, now: Date.now() };
}

// The poster is the largest paint: fetch it before the stylesheet has been parsed.
export const links = () => [
  { rel: "preload", as: "image", href: HERO_POSTER, type: "image/webp", fetchPriority: "high" },
];

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { faqs, stories, now } = loaderData;
  return (
    <>
      <HomeHero nextSectionId="services" />
      <ServiceCards id="services" />
      <WhyChooseSection />
      <ProcessSection />
      <GuaranteeSection />
      <CoreValuesSection />
      {stories.ok && stories.items.length === 0 ? null : (
        <Section
          id="success-stories"
          eyebrow="Success stories"
          title="Merch that made a difference"
          lead="A few of the organizations we've helped thank, equip and celebrate their people."
          tone="surface"
        >
          <SuccessStoriesCarousel stories={stories} />
        </Section>
      )}
      <FaqSection faqs={faqs} />
      <Testimonials now={now} />
      <InHouseSection />
      <ContactSection />
      <ColourStrip />
      <ScrollToTopIndicator />
    </>
  );
}
