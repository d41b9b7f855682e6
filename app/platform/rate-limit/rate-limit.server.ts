import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { rateLimits } from "~/platform/db/schema/index";

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one request for `key` (e.g. `contact:203.0.113.7`) over a sliding window kept in the
 * database, so the limit holds over any span of `windowMs` (a fixed window let twice the limit
 * through across its boundary) and across every instance of the app. Each accepted request is
 * one row (`window_start` is its time); refused requests are not counted. A per-key advisory
 * lock makes the count-then-insert atomic under concurrent requests. Why not a library: see
 * docs/decisions/010-rate-limits-as-a-sliding-log.md.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<RateLimitResult> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const [window] = await tx
      .select({
        hits: sql<number>`coalesce(sum(${rateLimits.count}), 0)::int`,
        oldestMs: sql<
          number | null
        >`(extract(epoch from min(${rateLimits.windowStart})) * 1000)::float8`,
      })
      .from(rateLimits)
      .where(
        and(eq(rateLimits.key, key), gt(rateLimits.windowStart, new Date(now - rule.windowMs))),
      );
    const hits = Number(window?.hits ?? 0);
    if (hits >= rule.limit) {
      const oldest = Number(window?.oldestMs ?? now);
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + rule.windowMs - now) / 1000)),
      };
    }
    await tx
      .insert(rateLimits)
      .values({ key, windowStart: new Date(now), count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      });
    return { allowed: true, retryAfterSeconds: 0 };
  });
  // Old hits are useless; sweep them now and then rather than on every request.
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 86_400_000)));
  }
  return result;
}
