import type { Database } from "../../app/platform/db/client.server";
import { seedRuns } from "../../app/platform/db/schema/index";
import { seeds } from "./index";

/**
 * Applies every seed that has never run. A seed's name is recorded in the same transaction
 * as its rows, so it runs exactly once even with several instances starting together, and
 * whatever an admin later edits or deletes is never brought back.
 */
export async function applySeeds(db: Database) {
  const applied: string[] = [];
  for (const seed of seeds) {
    const ran = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(seedRuns)
        .values({ name: seed.name })
        .onConflictDoNothing()
        .returning({ name: seedRuns.name });
      if (claimed.length === 0) return false;
      await seed.run(tx);
      return true;
    });
    if (ran) applied.push(seed.name);
  }
  return applied;
}
