import { loadFaqs } from "~/capabilities/faqs/faqs.server";
import { island } from "~/platform/ui/island";
import { loadPlanPrices } from "~/capabilities/pricing/plan-summary.server";
import { loadWebstoreExamples } from "~/capabilities/webstore-examples/webstore-examples.server";
import { ColourStrip, FaqSection, GuaranteeSection, ScrollToTopIndicator } from "./islands";
import { PricingPopup } from "~/capabilities/marketing/PricingPopup";
import { TrustedByStrip, WebstoreHero } from "~/capabilities/marketing/WebstoreHero";
import type { Route } from "./+types/webstores";

// This page's own below-the-fold sections (see ~/platform/ui/island).
const WebstoreExamplesSection = island(() =>
  import("~/capabilities/webstore-examples/WebstoreExamplesSection").then(
    (m) => m.WebstoreExamplesSection,
  ),
);
const WebstoreBenefitsSection = island(() =>
  import("~/capabilities/marketing/WebstoreSections").then((m) => m.WebstoreBenefitsSection),
);
const DemoVideoSection = island(() =>
  import("~/capabilities/marketing/WebstoreSections").then((m) => m.DemoVideoSection),
);
const PainPointsSection = island(() =>
  import("~/capabilities/marketing/WebstoreSections").then((m) => m.PainPointsSection),
);
const HowItWorksSection = island(() =>
  import("~/capabilities/marketing/WebstoreSections").then((m) => m.HowItWorksSection),
);
const UseCasesSection = island(() =>
  import("~/capabilities/marketing/WebstoreSections").then((m) => m.UseCasesSection),
);
const DifferentiatorsSection = island(() =>
  import("~/capabilities/marketing/WebstoreSections").then((m) => m.DifferentiatorsSection),
);

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
