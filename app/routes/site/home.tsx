import { loadFaqs } from "~/capabilities/faqs/faqs.server";
import { island } from "~/platform/ui/island";
import { loadSuccessStories } from "~/capabilities/success-stories/success-stories.server";
import { heroPosterPreloads } from "~/capabilities/marketing/HeroVideo";
import { HomeHero } from "~/capabilities/marketing/HomeHero";
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
} from "./islands";
import type { Route } from "./+types/home";

// This page's own below-the-fold sections (see ~/platform/ui/island).
const CoreValuesSection = island(() =>
  import("~/capabilities/marketing/HomeSections").then((m) => m.CoreValuesSection),
);
const InHouseSection = island(() =>
  import("~/capabilities/marketing/InHouseSection").then((m) => m.InHouseSection),
);
const SuccessStoriesSection = island(() =>
  import("~/capabilities/success-stories/SuccessStoriesSection").then(
    (m) => m.SuccessStoriesSection,
  ),
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
