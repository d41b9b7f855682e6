import { PageIntro } from "~/ui/Container";

export default function PricingPage() {
  return (
    <PageIntro
      eyebrow="Pricing"
      title="Webstore Pricing"
      lead="Choose the plan that fits your team. Save up to 30% with annual billing."
    />
  );
}
