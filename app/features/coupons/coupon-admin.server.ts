import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { couponCodes } from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/audit.server";
import type { CouponValues } from "./coupon-form";

export class DuplicateCouponError extends Error {}
export class CouponNotFoundError extends Error {}

/** Newest first (spec §7). `expired` is decided here, on the server clock. */
export async function listCoupons(db: Database, now = new Date()) {
  const rows = await db
    .select()
    .from(couponCodes)
    .orderBy(desc(couponCodes.createdAt), desc(couponCodes.id));
  return rows.map((row) => ({ ...row, expired: row.expiresAt !== null && row.expiresAt < now }));
}

/** Updates a coupon inside a transaction, returning it as it was and as it is, for the audit. */
async function updateLocked(
  tx: Database,
  id: string,
  values: Partial<typeof couponCodes.$inferInsert>,
) {
  const [before] = await tx.select().from(couponCodes).where(eq(couponCodes.id, id)).for("update");
  if (!before) throw new CouponNotFoundError();
  const [after] = await tx
    .update(couponCodes)
    .set(values)
    .where(eq(couponCodes.id, id))
    .returning();
  return { before, after: after! };
}

/** Creates a coupon (no id) or updates one. Codes are unique whatever their case. */
export async function saveCoupon(
  db: Database,
  actor: Actor,
  id: string | undefined,
  values: CouponValues,
) {
  try {
    return await db.transaction(async (tx) => {
      if (!id) {
        const [created] = await tx.insert(couponCodes).values(values).returning();
        await recordAudit(tx, actor, {
          action: "create",
          entityType: "coupon",
          entityId: created!.id,
          after: created,
        });
        return created!;
      }
      const { before, after } = await updateLocked(tx as unknown as Database, id, values);
      await recordAudit(tx, actor, {
        action: "update",
        entityType: "coupon",
        entityId: id,
        before,
        after,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateCouponError();
    throw error;
  }
}

export async function deleteCoupon(db: Database, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(couponCodes).where(eq(couponCodes.id, id)).returning();
    if (!before) throw new CouponNotFoundError();
    await recordAudit(tx, actor, { action: "delete", entityType: "coupon", entityId: id, before });
  });
}

export type CouponFlag = "isActive" | "allowOnCheckout";

export async function setCouponFlag(
  db: Database,
  actor: Actor,
  id: string,
  flag: CouponFlag,
  value: boolean,
) {
  await db.transaction(async (tx) => {
    const { before, after } = await updateLocked(tx as unknown as Database, id, { [flag]: value });
    await recordAudit(tx, actor, {
      action: flag === "isActive" ? "set-active" : "set-allow-on-checkout",
      entityType: "coupon",
      entityId: id,
      before: { code: before.code, [flag]: before[flag] },
      after: { code: after.code, [flag]: after[flag] },
    });
  });
}
