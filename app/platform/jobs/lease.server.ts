import { type SQL, inArray, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/platform/db/client.server";

/**
 * The one claim mechanism for work held in database rows (email outbox, jobs): in a single
 * statement, lock due rows other workers have not locked (`FOR UPDATE SKIP LOCKED`) and mark
 * them as ours until a lease time. Two instances never claim the same row, and a row whose
 * worker died becomes due again once its lease has run out.
 */
export async function claimRows<TTable extends PgTable>(
  db: Database,
  table: TTable,
  options: {
    id: AnyPgColumn;
    /** Which rows are due, lease expiry included. */
    due: SQL | undefined;
    orderBy: AnyPgColumn | SQL;
    limit: number;
    /** What claiming writes: status, lease time, attempts + 1, ... */
    set: Record<string, unknown>;
  },
): Promise<TTable["$inferSelect"][]> {
  const dueIds = db
    .select({ id: options.id })
    .from(table as PgTable)
    .where(options.due)
    .orderBy(options.orderBy)
    .limit(options.limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(table as PgTable)
    .set(options.set)
    .where(inArray(options.id, dueIds))
    .returning();
  return rows as TTable["$inferSelect"][];
}

export function leaseUntil(leaseMs: number, now = new Date()) {
  return new Date(now.getTime() + leaseMs);
}

/** `attempts + 1`, for the claim's set. */
export function incremented(column: AnyPgColumn) {
  return sql`${column} + 1`;
}
