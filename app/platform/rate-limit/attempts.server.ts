import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { rateLimits } from "~/platform/db/schema/index";

/**
 * Failed attempts at one thing (signing in to one account) from anywhere, with growing waits:
 * after the nth failure inside `windowMs` the next attempt waits `delaysMs[n - 1]` (the last
 * entry for any later n), and at `maxFailures` none is taken until the oldest is `windowMs` old.
 * Numbers and reasons: docs/decisions/019-sign-in-limit-per-account.md.
 */
export interface AttemptPolicy {
  windowMs: number;
  maxFailures: number;
  delaysMs: readonly number[];
}

export type AttemptStart =
  | { allowed: true; /** Hand back to `attemptSucceeded` when it was not a failure. */ at: Date }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Starts an attempt for `key`, counted as a failure at once (so attempts made together cannot
 * all slip under the limit), or refuses it with the wait left. In one transaction under a per-key
 * lock, in the database: it holds across every instance of the app.
 */
export async function startAttempt(
  db: Database,
  key: string,
  policy: AttemptPolicy,
  now = Date.now(),
): Promise<AttemptStart> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const rows = await tx
      .select({ at: rateLimits.windowStart, count: rateLimits.count })
      .from(rateLimits)
      .where(
        and(eq(rateLimits.key, key), gt(rateLimits.windowStart, new Date(now - policy.windowMs))),
      )
      .orderBy(rateLimits.windowStart);
    const failures = rows.reduce((sum, row) => sum + row.count, 0);
    let openAt = 0;
    if (failures >= policy.maxFailures) {
      // The oldest failure that keeps the count at the maximum leaves the window.
      let left = failures - policy.maxFailures;
      const oldest = rows.find((row) => (left -= row.count) < 0)!;
      openAt = oldest.at.getTime() + policy.windowMs;
    } else if (failures > 0) {
      const delay = policy.delaysMs[Math.min(failures, policy.delaysMs.length) - 1] ?? 0;
      openAt = rows.at(-1)!.at.getTime() + delay;
    }
    if (openAt > now) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((openAt - now) / 1000)) };
    }
    const at = new Date(now);
    await tx
      .insert(rateLimits)
      .values({ key, windowStart: at, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      });
    return { allowed: true, at };
  });
}

/** The attempt begun at `at` was no failure (a right password, a refusal for another reason). */
export async function attemptSucceeded(db: Database, key: string, at: Date) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const where = and(eq(rateLimits.key, key), eq(rateLimits.windowStart, at));
    await tx
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(where);
    await tx.delete(rateLimits).where(and(where, sql`${rateLimits.count} <= 0`));
  });
}
