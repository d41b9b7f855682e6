import { ContactSection } from "~/features/contact/ContactSection";
import { ColourStrip } from "~/features/marketing/ColourStrip";
import { ConfettiTrigger } from "~/features/marketing/ConfettiTrigger";
import { ProcessSection, WhyChooseSection } from "~/features/marketing/HomeSections";
import { ScrollToTopIndicator } from "~/features/marketing/ScrollToTopIndicator";
import { ServiceCards } from "~/features/marketing/ServiceCards";
import { SplitHero } from "~/features/marketing/SplitHero";
import { Testimonials } from "~/features/marketing/Testimonials";
import type { Route } from "./+types/version-one";

export function loader(_args: Route.LoaderArgs) {
  return { now: Date.now() };
}

/** The alternative home page (spec §2): the parallax split hero and the confetti finale. */
export default function VersionOnePage({ loaderData }: Route.ComponentProps) {
  const { now } = loaderData;
  return (
    <>
      <SplitHero />
      <ServiceCards id="services" />
      <WhyChooseSection />
      <ProcessSection />
      <Testimonials now={now} />
      <ConfettiTrigger />
      <ContactSection />
      <ColourStrip />
      <ScrollToTopIndicator />
    </>
  );
}
