import { loadFaqs } from "~/features/content/faqs.server";
import { island } from "~/ui/island";
import {
  ColourStrip,
  ContactSection,
  FaqSection,
  ScrollToTopIndicator,
} from "~/features/marketing/islands";
import { PageIntro } from "~/ui/Container";
import type { Route } from "./+types/about";

// This page's own below-the-fold sections (see ~/ui/island).
const StoryTimeline = island(() =>
  import("~/features/marketing/AboutSections").then((m) => m.StoryTimeline),
);
const FiveValues = island(() =>
  import("~/features/marketing/AboutSections").then((m) => m.FiveValues),
);
const TrustPromises = island(() =>
  import("~/features/marketing/AboutSections").then((m) => m.TrustPromises),
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
