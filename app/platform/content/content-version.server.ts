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
  // This process learns of its own writes at once; the commit follows within moments.
  for (const listener of localListeners) listener();
}

export async function readContentVersion(db: Database) {
  const rows = await db.select({ version: contentVersion.version }).from(contentVersion);
  return rows[0]?.version ?? 0;
}

// On globalThis: the compiled app and the server entry each load their own copy of this module.
const registry = globalThis as { __merchContentWriteListeners?: Set<() => void> };
const localListeners = (registry.__merchContentWriteListeners ??= new Set());

/** Called when this process writes content (before its transaction commits). */
export function onLocalContentWrite(listener: () => void) {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}
