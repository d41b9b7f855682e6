import { pricingTiers } from "~/platform/db/schema/index";
import type { Seed } from "~/platform/db/seed";

export const pricingTiersSeed: Seed = {
  // Core at $180 a year is the "from $180 per year" claim; annual billing saves 25–30 %.
  name: "pricing-tiers-v1",
  async run(db) {
    await db
      .insert(pricingTiers)
      .values([
        {
          name: "core",
          monthlyPriceCents: 2_000,
          annualPriceCents: 18_000,
          setupFeeCents: 25_000,
        },
        {
          name: "pro",
          monthlyPriceCents: 4_900,
          annualPriceCents: 42_000,
          setupFeeCents: 50_000,
        },
        {
          name: "elite",
          monthlyPriceCents: 9_900,
          annualPriceCents: 83_200,
          setupFeeCents: 100_000,
        },
      ])
      .onConflictDoNothing();
  },
};
