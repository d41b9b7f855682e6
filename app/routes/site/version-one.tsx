import { island } from "~/platform/ui/island";
import {
  ColourStrip,
  ContactSection,
  ProcessSection,
  ScrollToTopIndicator,
  ServiceCards,
  Testimonials,
  WhyChooseSection,
} from "./islands";
import { SplitHero } from "~/capabilities/marketing/SplitHero";
import type { Route } from "./+types/version-one";

// This page's own below-the-fold sections (see ~/platform/ui/island).
// At the first scroll, not when it nears the screen: a visitor who jumps to the end of the page
// has passed it, and the confetti still fires.
const ConfettiTrigger = island(
  () => import("~/capabilities/marketing/ConfettiTrigger").then((m) => m.ConfettiTrigger),
  { when: "scroll" },
);

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
