import type { Database } from "~/platform/db/client.server";
import { formatUsd } from "~/platform/lib/money";
import { PLANS, annualPerMonthCents } from "./plans";
import { type PricingTier, listPricingTiers } from "./pricing.server";

export interface PricingPassage {
  id: string;
  title: string;
  text: string;
}

function prices(tier: PricingTier) {
  return (
    `${formatUsd(tier.monthlyPriceCents)} a month billed monthly, or ` +
    `${formatUsd(tier.annualPriceCents)} a year billed annually ` +
    `(${formatUsd(annualPerMonthCents(tier))} a month), plus a one-time setup fee of ` +
    `${formatUsd(tier.setupFeeCents)}`
  );
}

/**
 * The plans' live prices as passages for the chat assistant (issue 21, item 5): one that compares
 * every plan, and one per plan with its features. Read at each question, so an admin's new price
 * is what the assistant quotes.
 */
export async function pricingPassages(db: Database): Promise<PricingPassage[]> {
  const tiers = await listPricingTiers(db);
  if (!tiers.length) return [];
  const overview = {
    id: "plans",
    title: "Webstore plans, prices and setup fees",
    text: tiers.map((tier) => `${PLANS[tier.name].label}: ${prices(tier)}.`).join("\n"),
  };
  return [
    overview,
    ...tiers.map((tier) => {
      const plan = PLANS[tier.name];
      return {
        id: tier.name,
        title: `${plan.label} plan price and features`,
        text:
          `The ${plan.label} plan costs ${prices(tier)}. ${plan.summary}\n` +
          plan.features.map((feature) => `• ${feature}`).join("\n"),
      };
    }),
  ];
}
