import { pricingTiers } from "~/platform/db/schema/index";
import type { PlanPrice } from "~/capabilities/pricing/plans";
import { type ReadContext, readContent } from "~/platform/content/read.server";

/** The annual prices the pricing popup quotes; the popup still works without them. */
export function loadPlanPrices(context: ReadContext) {
  return readContent<PlanPrice>(context, "pricing_tiers", () =>
    context.db
      .select({ name: pricingTiers.name, annualPriceCents: pricingTiers.annualPriceCents })
      .from(pricingTiers),
  );
}
