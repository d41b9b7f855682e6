import { loadFaqs } from "~/features/content/faqs.server";
import { island } from "~/ui/island";
import { loadSuccessStories } from "~/features/content/success-stories.server";
import { heroPosterPreloads } from "~/features/marketing/HeroVideo";
import { HomeHero } from "~/features/marketing/HomeHero";
import {
  ColourStrip,
  ContactSection,
  FaqSection,
  GuaranteeSection,
  ProcessSection,
  ScrollToTopIndicator,
  ServiceCards,
  Testimonials,
  WhyChooseSection,
} from "~/features/marketing/islands";
import type { Route } from "./+types/home";

// This page's own below-the-fold sections (see ~/ui/island).
const CoreValuesSection = island(() =>
  import("~/features/marketing/HomeSections").then((m) => m.CoreValuesSection),
);
const InHouseSection = island(() =>
  import("~/features/marketing/InHouseSection").then((m) => m.InHouseSection),
);
const SuccessStoriesSection = island(() =>
  import("~/features/content/SuccessStoriesSection").then((m) => m.SuccessStoriesSection),
);

export async function loader({ context }: Route.LoaderArgs) {
  const [faqs, stories] = await Promise.all([
    loadFaqs(context, "index"),
    loadSuccessStories(context),
  ]);
  return { faqs, stories, now: Date.now() };
}

// The poster is the largest paint: fetch it before the stylesheet has been parsed.
export const links = heroPosterPreloads;

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
      <SuccessStoriesSection stories={stories} />
      <FaqSection faqs={faqs} />
      <Testimonials now={now} />
      <InHouseSection />
      <ContactSection />
      <ColourStrip />
      <ScrollToTopIndicator />
    </>
  );
}
