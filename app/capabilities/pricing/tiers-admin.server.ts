import { eq } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { pricingTiers } from "~/platform/db/schema/index";
import { type Actor, recordAudit } from "~/platform/audit/audit.server";

import type { PlanName } from "./plans";

export interface TierPrices {
  name: PlanName;
  monthlyPriceCents: number;
  annualPriceCents: number;
  setupFeeCents: number;
}

/** Saves every plan's prices together: all of them or none (spec §2 "saved together"). */
export async function updatePricingTiers(db: Database, actor: Actor, tiers: TierPrices[]) {
  await db.transaction(async (tx) => {
    for (const tier of tiers) {
      const [before] = await tx
        .select()
        .from(pricingTiers)
        .where(eq(pricingTiers.name, tier.name))
        .for("update");
      const prices = pick(tier);
      const [after] = await tx
        .insert(pricingTiers)
        .values({ name: tier.name, ...prices })
        .onConflictDoUpdate({ target: pricingTiers.name, set: prices })
        .returning();
      if (before && JSON.stringify(pick(before)) === JSON.stringify(prices)) continue;
      await recordAudit(tx, actor, {
        action: before ? "update" : "create",
        entityType: "pricing_tier",
        entityId: after!.id,
        before: before && { name: before.name, ...pick(before) },
        after: { name: tier.name, ...prices },
      });
    }
  });
}

function pick(row: Omit<TierPrices, "name">) {
  return {
    monthlyPriceCents: row.monthlyPriceCents,
    annualPriceCents: row.annualPriceCents,
    setupFeeCents: row.setupFeeCents,
  };
}
