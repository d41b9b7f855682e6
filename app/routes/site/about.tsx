import { ContactSection } from "~/features/contact/ContactSection";
import { FiveValues, StoryTimeline, TrustPromises } from "~/features/marketing/AboutSections";
import { ColourStrip } from "~/features/marketing/ColourStrip";
import { ScrollToTopIndicator } from "~/features/marketing/ScrollToTopIndicator";
import { PageIntro } from "~/ui/Container";

export default function AboutPage() {
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
      {/* The connect form. */}
      <ContactSection />
      <ColourStrip />
      <ScrollToTopIndicator />
    </>
  );
}
