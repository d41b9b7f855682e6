import { loadFaqs } from "~/features/content/faqs.server";
import { loadPlanPrices } from "~/features/content/plan-summary.server";
import { loadWebstoreExamples } from "~/features/content/webstore-examples.server";
import {
  ColourStrip,
  DemoVideoSection,
  DifferentiatorsSection,
  FaqSection,
  GuaranteeSection,
  HowItWorksSection,
  PainPointsSection,
  ScrollToTopIndicator,
  UseCasesSection,
  WebstoreBenefitsSection,
  WebstoreExamplesSection,
} from "~/features/marketing/islands";
import { PricingPopup } from "~/features/marketing/PricingPopup";
import { TrustedByStrip, WebstoreHero } from "~/features/marketing/WebstoreHero";
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
      <WebstoreExamplesSection examples={examples} />
      <FaqSection faqs={faqs} title="Webstore Questions, Answered" />
      <DemoVideoSection />
      <PainPointsSection />
      <HowItWorksSection />
      <UseCasesSection />
      <DifferentiatorsSection prices={prices} />
      <GuaranteeSection />
      <ColourStrip />
      <ScrollToTopIndicator />
    </>
  );
}
