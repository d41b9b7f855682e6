import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { ContactSection } from "~/features/contact/ContactSection";
import { FaqSection } from "~/features/content/FaqSection";
import { loadFaqs } from "~/features/content/faqs.server";
import { FiveValues, StoryTimeline, TrustPromises } from "~/features/marketing/AboutSections";
import { ColourStrip } from "~/features/marketing/ColourStrip";
import { ScrollToTopIndicator } from "~/features/marketing/ScrollToTopIndicator";
import { PageIntro } from "~/ui/Container";

export async function loader({ context }: LoaderFunctionArgs) {
  return { faqs: await loadFaqs(context.db, "about") };
}

export default function AboutPage() {
  const { faqs } = useLoaderData<typeof loader>();
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
