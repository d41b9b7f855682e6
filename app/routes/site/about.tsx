import { loadFaqs } from "~/capabilities/faqs/faqs.server";
import { island } from "~/platform/ui/island";
import { ColourStrip, ContactSection, FaqSection, ScrollToTopIndicator } from "./islands";
import { PageIntro } from "~/platform/ui/Container";
import type { Route } from "./+types/about";

// This page's own below-the-fold sections (see ~/platform/ui/island).
const StoryTimeline = island(() =>
  import("~/capabilities/marketing/AboutSections").then((m) => m.StoryTimeline),
);
const FiveValues = island(() =>
  import("~/capabilities/marketing/AboutSections").then((m) => m.FiveValues),
);
const TrustPromises = island(() =>
  import("~/capabilities/marketing/AboutSections").then((m) => m.TrustPromises),
);

export async function loader({ context }: Route.LoaderArgs) {
  return { faqs: await loadFaqs(context, "about") };
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { faqs } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow="About us"
        title="We're Family"
        lead="A family-run team that prints and embroiders in-house, and treats every order like it carries our own name."
      />
      <StoryTimeline />
      <FiveValues />
      <TrustPromises />
      <FaqSection faqs={faqs} title="Questions about working with us" />
      {/* The connect form. */}
      <ContactSection />
      <ColourStrip />
      <ScrollToTopIndicator />
    </>
  );
}
