import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import type { Queryable } from "~/platform/db/queryable";
import { auditLog } from "~/platform/db/schema/index";
import { bumpContentVersion } from "~/platform/content/content-version.server";

/** Who made a change: a signed-in admin, or the system (start-up, command line) with a label. */
export interface Actor {
  id: string | null;
  email: string;
}

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Written in the same transaction as the change it describes, so neither exists without the other. */
export async function recordAudit(db: Queryable, actor: Actor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorUserId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: toJson(entry.before),
    after: toJson(entry.after),
  });
  // Every admin write may change what a public page shows: retire the cached pages.
  await bumpContentVersion(db);
}

// Dates and other non-JSON values become what JSON.stringify makes of them.
function toJson(value: unknown) {
  return value === undefined || value === null ? null : JSON.parse(JSON.stringify(value));
}

export const AUDIT_PAGE_SIZE = 100;

export async function listAudit(db: Database, filter: { actor?: string; entity?: string }) {
  const conditions: SQL[] = [];
  if (filter.actor) conditions.push(eq(auditLog.actorEmail, filter.actor));
  if (filter.entity) conditions.push(eq(auditLog.entityType, filter.entity));
  const [entries, actors, entities] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE),
    db.selectDistinct({ value: auditLog.actorEmail }).from(auditLog).orderBy(auditLog.actorEmail),
    db.selectDistinct({ value: auditLog.entityType }).from(auditLog).orderBy(auditLog.entityType),
  ]);
  return {
    entries,
    actors: actors.map((a) => a.value),
    entities: entities.map((e) => e.value),
  };
}
