import type { Database } from "~/db/client.server";
import { pricingTiers } from "~/db/schema";
import type { PlanPrice } from "./content";
import { readContent } from "./read.server";

/** The annual prices the pricing popup quotes; the popup still works without them. */
export function loadPlanPrices(db: Database) {
  return readContent<PlanPrice>("pricing_tiers", () =>
    db
      .select({ name: pricingTiers.name, annualPriceCents: pricingTiers.annualPriceCents })
      .from(pricingTiers),
  );
}
