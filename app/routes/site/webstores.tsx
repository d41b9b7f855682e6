import { loadFaqs } from "~/features/content/faqs.server";
import { island } from "~/ui/island";
import { loadPlanPrices } from "~/features/content/plan-summary.server";
import { loadWebstoreExamples } from "~/features/content/webstore-examples.server";
import {
  ColourStrip,
  FaqSection,
  GuaranteeSection,
  ScrollToTopIndicator,
} from "~/features/marketing/islands";
import { PricingPopup } from "~/features/marketing/PricingPopup";
import { TrustedByStrip, WebstoreHero } from "~/features/marketing/WebstoreHero";
import type { Route } from "./+types/webstores";

// This page's own below-the-fold sections (see ~/ui/island).
const WebstoreExamplesSection = island(() =>
  import("~/features/content/WebstoreExamplesSection").then((m) => m.WebstoreExamplesSection),
);
const WebstoreBenefitsSection = island(() =>
  import("~/features/marketing/WebstoreSections").then((m) => m.WebstoreBenefitsSection),
);
const DemoVideoSection = island(() =>
  import("~/features/marketing/WebstoreSections").then((m) => m.DemoVideoSection),
);
const PainPointsSection = island(() =>
  import("~/features/marketing/WebstoreSections").then((m) => m.PainPointsSection),
);
const HowItWorksSection = island(() =>
  import("~/features/marketing/WebstoreSections").then((m) => m.HowItWorksSection),
);
const UseCasesSection = island(() =>
  import("~/features/marketing/WebstoreSections").then((m) => m.UseCasesSection),
);
const DifferentiatorsSection = island(() =>
  import("~/features/marketing/WebstoreSections").then((m) => m.DifferentiatorsSection),
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
