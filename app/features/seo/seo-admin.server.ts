import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { pageSeoSettings } from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/audit.server";
import type { SeoFormValues } from "./seo-form";

export class SeoPathTakenError extends Error {}
export class SeoRecordNotFoundError extends Error {}

export async function listPageSeo(db: Database) {
  return db.select().from(pageSeoSettings).orderBy(asc(pageSeoSettings.pagePath));
}

type SeoFields = Omit<SeoFormValues, "id" | "pagePath">;

export async function createPageSeo(
  db: Database,
  actor: Actor,
  pagePath: string,
  fields: SeoFields,
) {
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(pageSeoSettings)
        .values({ pagePath, ...fields })
        .returning();
      await recordAudit(tx, actor, {
        action: "create",
        entityType: "page_seo",
        entityId: created!.id,
        after: created,
      });
      return created!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SeoPathTakenError();
    throw error;
  }
}

/** Everything but the path: a record keeps the page it was made for. */
export async function updatePageSeo(db: Database, actor: Actor, id: string, fields: SeoFields) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(pageSeoSettings)
      .where(eq(pageSeoSettings.id, id))
      .for("update");
    if (!before) throw new SeoRecordNotFoundError();
    const [after] = await tx
      .update(pageSeoSettings)
      .set(fields)
      .where(eq(pageSeoSettings.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "update",
      entityType: "page_seo",
      entityId: id,
      before,
      after,
    });
    return after!;
  });
}

export async function deletePageSeo(db: Database, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(pageSeoSettings).where(eq(pageSeoSettings.id, id)).returning();
    if (!before) throw new SeoRecordNotFoundError();
    await recordAudit(tx, actor, {
      action: "delete",
      entityType: "page_seo",
      entityId: id,
      before,
    });
  });
}
