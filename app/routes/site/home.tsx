import { loadFaqs } from "~/features/content/faqs.server";
import { loadSuccessStories } from "~/features/content/success-stories.server";
import { heroPosterPreloads } from "~/features/marketing/HeroVideo";
import { HomeHero } from "~/features/marketing/HomeHero";
import {
  ColourStrip,
  ContactSection,
  CoreValuesSection,
  FaqSection,
  GuaranteeSection,
  InHouseSection,
  ProcessSection,
  ScrollToTopIndicator,
  ServiceCards,
  SuccessStoriesSection,
  Testimonials,
  WhyChooseSection,
} from "~/features/marketing/islands";
import type { Route } from "./+types/home";

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
