import { ContactSection } from "~/features/contact/ContactSection";
import { FaqSection } from "~/features/content/FaqSection";
import { loadFaqs } from "~/features/content/faqs.server";
import { FiveValues, StoryTimeline, TrustPromises } from "~/features/marketing/AboutSections";
import { ColourStrip } from "~/features/marketing/ColourStrip";
import { ScrollToTopIndicator } from "~/features/marketing/ScrollToTopIndicator";
import { PageIntro } from "~/ui/Container";
import type { Route } from "./+types/about";

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
