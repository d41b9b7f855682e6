import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import type { Queryable } from "~/platform/db/queryable";
import { contentVersion } from "~/platform/db/schema/index";

/**
 * The content version: a number in one database row that every admin write bumps in its own
 * transaction (see recordAudit). Caches of rendered public pages key their entries by it, so a
 * change made on any instance retires every page rendered before it (decision 011).
 */
export async function bumpContentVersion(db: Queryable) {
  await db
    .insert(contentVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({
      target: contentVersion.id,
      set: { version: sql`${contentVersion.version} + 1`, updatedAt: new Date() },
    });
}

export async function readContentVersion(db: Database) {
  const rows = await db.select({ version: contentVersion.version }).from(contentVersion);
  return rows[0]?.version ?? 0;
}
