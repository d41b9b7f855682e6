import { eq } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { pricingTiers } from "~/platform/db/schema/index";
import { keptPerContentVersion } from "~/platform/content/content-version.server";
import { PLAN_NAMES, type PlanName, type PlanPrices } from "./plans";

export interface PricingTier extends PlanPrices {
  id: string;
  name: PlanName;
}

const columns = {
  id: pricingTiers.id,
  name: pricingTiers.name,
  monthlyPriceCents: pricingTiers.monthlyPriceCents,
  annualPriceCents: pricingTiers.annualPriceCents,
  setupFeeCents: pricingTiers.setupFeeCents,
};

/** Every stored plan, in the order the business presents them: core, pro, elite. */
export async function listPricingTiers(db: Database): Promise<PricingTier[]> {
  const rows = await db.select(columns).from(pricingTiers);
  return rows.sort((a, b) => PLAN_NAMES.indexOf(a.name) - PLAN_NAMES.indexOf(b.name));
}

export async function findPricingTier(db: Database, plan: PlanName): Promise<PricingTier | null> {
  const [row] = await db.select(columns).from(pricingTiers).where(eq(pricingTiers.name, plan));
  return row ?? null;
}

/**
 * A plan's prices as the checkout page shows them, kept per content version (saving the plans
 * bumps it): one statement fewer for every checkout, each a turn behind a search under load. The
 * charge itself reads them afresh (findPricingTier).
 */
export const shownPricingTier = keptPerContentVersion("pricing-tier", findPricingTier, 3);
