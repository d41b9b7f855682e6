import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
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
import { Button } from "~/ui/Button";
import { Section } from "~/ui/Section";

export async function loader({ context }: LoaderFunctionArgs) {
  const [faqs, examples, prices] = await Promise.all([
    loadFaqs(context.db, "webstores"),
    loadWebstoreExamples(context.db),
    loadPlanPrices(context.db),
  ]);
  return { faqs, examples, prices: prices.items };
}

export default function WebstoresPage() {
  const { faqs, examples, prices } = useLoaderData<typeof loader>();
  const pricingButton = (label: string) => (
    <PricingPopup
      prices={prices}
      trigger={
        <Button variant="secondary" size="lg">
          {label}
        </Button>
      }
    />
  );
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
