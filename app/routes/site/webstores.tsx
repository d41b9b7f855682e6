import { FaqSection } from "~/features/content/FaqSection";
import { WebstoreExamplesCarousel } from "~/features/content/WebstoreExamplesCarousel";
import { loadFaqs } from "~/features/content/faqs.server";
import { loadPlanPrices } from "~/features/content/plan-summary.server";
import { loadWebstoreExamples } from "~/features/content/webstore-examples.server";
import { ColourStrip } from "~/features/marketing/ColourStrip";
import { GuaranteeSection } from "~/features/marketing/HomeSections";
import { PricingPopup } from "~/features/marketing/PricingPopup";
import { ScrollToTopIndicator } from "~/features/marketing/ScrollToTopIndicator";
import {
  DemoVideoSection,
  DifferentiatorsSection,
  HowItWorksSection,
  PainPointsSection,
  TrustedByStrip,
  UseCasesSection,
  WebstoreBenefitsSection,
  WebstoreHero,
} from "~/features/marketing/WebstoreSections";
import { Section } from "~/ui/Section";
import type { Route } from "./+types/webstores";

export async function loader({ context }: Route.LoaderArgs) {
  const [faqs, examples, prices] = await Promise.all([
    loadFaqs(context, "webstores"),
    loadWebstoreExamples(context),
    loadPlanPrices(context),
  ]);
  return { faqs, examples, prices: prices.items };
}

export default function WebstoresPage({ loaderData }: Route.ComponentProps) {
  const { faqs, examples, prices } = loaderData;
  const pricingButton = (label: string) => <PricingPopup prices={prices} label={label} />;
  return (
    <>
      <WebstoreHero pricing={pricingButton("Compare plans")} />
      <WebstoreBenefitsSection />
      <TrustedByStrip names={examples.items.map((example) => example.companyName)} />
      <Section
        id="client-stores"
        eyebrow="Client success stories"
        title="Stores our clients love"
        lead="Every store is branded for its organization and built around how its people actually order."
        tone="surface"
      >
        <WebstoreExamplesCarousel examples={examples} />
      </Section>
      <FaqSection faqs={faqs} title="Webstore Questions, Answered" />
      <DemoVideoSection />
      <PainPointsSection />
      <HowItWorksSection />
      <UseCasesSection />
      <DifferentiatorsSection pricing={pricingButton("See plan details")} />
      <GuaranteeSection />
      <ColourStrip />
      <ScrollToTopIndicator />
    </>
  );
}
