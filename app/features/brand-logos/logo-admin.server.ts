import type { AppLoadContext } from "react-router";
import { asc, max } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { brandLogos } from "~/db/schema";
import {
  type ActionResult,
  attempt,
  createRecord,
  deleteRecord,
  failed,
  fieldErrorsOf,
  formIntent,
  listPosition,
  moveRecord,
  parseIntent,
  recordId,
  succeeded,
  switchValue,
  updateRecord,
} from "~/features/admin/kit.server";
import type { Actor } from "~/features/audit/audit.server";
import { describeUploads, setUploadsUsedBy } from "~/features/uploads/uploads.server";
import { logoForm } from "./logo-form";
import { logoMessages as m } from "./messages";

const logos = { table: brandLogos, entityType: "brand_logo", orderColumn: brandLogos.orderIndex };
const owner = (id: string) => ({ type: "brand_logo", id });

/** Every logo by order index (spec §7; a short list, shown whole as cards), with its alt text. */
export async function listLogos(db: Database) {
  const rows = await db
    .select()
    .from(brandLogos)
    .orderBy(asc(brandLogos.orderIndex), asc(brandLogos.id));
  const images = await describeUploads(
    db,
    rows.map((row) => row.logoUrl),
  );
  return rows.map((row) => ({
    ...row,
    logoAlt: (row.logoUrl && images.get(row.logoUrl)?.alt) || "",
  }));
}

const intents = z.discriminatedUnion("intent", [
  formIntent("save"),
  z.object({ intent: z.literal("delete"), id: recordId }),
  z.object({ intent: z.literal("toggle-active"), id: recordId, value: switchValue }),
  z.object({ intent: z.literal("move"), id: recordId, position: listPosition }),
]);

/** The Brand Logos screen's action: save (add or update), delete, the switch and moves. */
export async function logoAction(
  request: Request,
  { db, logger }: Pick<AppLoadContext, "db" | "logger">,
  admin: Actor,
): Promise<ActionResult> {
  const input = await parseIntent(request, intents);
  switch (input.intent) {
    case "delete":
      return attempt(logger, "brand logo delete", m.delete, async () => {
        await db.transaction(async (tx) => {
          await deleteRecord(tx, admin, logos, input.id);
          await setUploadsUsedBy(tx, owner(input.id), []);
        });
        return succeeded(m.deleted);
      });
    case "toggle-active":
      return attempt(logger, "brand logo toggle", m.update, async () => {
        await updateRecord(
          db,
          admin,
          logos,
          input.id,
          { active: input.value },
          { action: "set-active", audited: (row) => ({ name: row.name, active: row.active }) },
        );
        return succeeded(input.value ? m.activated : m.deactivated);
      });
    case "move":
      return attempt(logger, "brand logo move", m.update, async () => {
        await moveRecord(db, admin, logos, input.id, input.position);
        return succeeded(m.moved);
      });
    case "save": {
      const parsed = logoForm.safeParse(input);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error.issues);
        return failed(parsed.error.issues[0]!.message, { fieldErrors });
      }
      const { id, logoAlt, ...values } = parsed.data;
      return attempt(logger, "brand logo save", m.save, async () => {
        await db.transaction(async (tx) => {
          let saved;
          if (id) saved = await updateRecord(tx, admin, logos, id, values);
          else {
            // Spec §4: one more than the current maximum, 0 when there is none.
            const [highest] = await tx.select({ top: max(brandLogos.orderIndex) }).from(brandLogos);
            const orderIndex = highest?.top == null ? 0 : highest.top + 1;
            saved = await createRecord(tx, admin, logos, { ...values, orderIndex });
          }
          const image = saved.logoUrl ? { url: saved.logoUrl, alt: logoAlt } : null;
          await setUploadsUsedBy(tx, owner(saved.id), [image]);
        });
        return succeeded(id ? m.updated : m.created);
      });
    }
  }
}
