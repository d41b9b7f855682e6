import type { AppLoadContext } from "react-router";
import { asc, max } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { faqs } from "~/db/schema";
import {
  type ActionResult,
  type ListQuery,
  attempt,
  createRecord,
  deleteRecord,
  failed,
  fieldErrorsOf,
  formIntent,
  listPage,
  listPosition,
  moveRecord,
  parseIntent,
  recordId,
  succeeded,
  switchValue,
  updateRecord,
} from "~/features/admin/kit.server";
import type { Actor } from "~/features/audit/audit.server";
import { faqForm } from "./faq-form";
import { faqMessages as m } from "./messages";

const faqKind = { table: faqs, entityType: "faq", orderColumn: faqs.displayOrder };

/** In display order (spec §7), searched by question and answer. */
export function listFaqs(db: Database, query: ListQuery) {
  return listPage(db, {
    table: faqs,
    searchIn: [faqs.question, faqs.answer],
    orderBy: [asc(faqs.displayOrder), asc(faqs.id)],
    query,
  });
}

const intents = z.discriminatedUnion("intent", [
  formIntent("save"),
  z.object({ intent: z.literal("delete"), id: recordId }),
  z.object({ intent: z.literal("toggle-active"), id: recordId, value: switchValue }),
  z.object({ intent: z.literal("move"), id: recordId, position: listPosition }),
]);

/** The FAQs screen's action: save (create or edit), delete, the switch and moves. */
export async function faqAction(
  request: Request,
  { db, logger }: Pick<AppLoadContext, "db" | "logger">,
  admin: Actor,
): Promise<ActionResult> {
  const input = await parseIntent(request, intents);
  switch (input.intent) {
    case "delete":
      return attempt(logger, "faq delete", m.delete, async () => {
        await deleteRecord(db, admin, faqKind, input.id);
        return succeeded(m.deleted);
      });
    case "toggle-active":
      return attempt(logger, "faq toggle", m.status, async () => {
        await updateRecord(
          db,
          admin,
          faqKind,
          input.id,
          { isActive: input.value },
          {
            action: "set-active",
            audited: (row) => ({ question: row.question, isActive: row.isActive }),
          },
        );
        return succeeded(input.value ? m.activated : m.deactivated);
      });
    case "move":
      return attempt(logger, "faq move", m.move, async () => {
        await moveRecord(db, admin, faqKind, input.id, input.position);
        return succeeded(m.moved);
      });
    case "save": {
      const parsed = faqForm.safeParse(input);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error.issues);
        return failed(parsed.error.issues[0]!.message, { fieldErrors });
      }
      const { id, ...values } = parsed.data;
      return attempt(logger, "faq save", m.save, async () => {
        if (id) await updateRecord(db, admin, faqKind, id, values);
        else
          await db.transaction(async (tx) => {
            // Spec §4: one more than the current maximum, 0 when there is none.
            const [highest] = await tx.select({ top: max(faqs.displayOrder) }).from(faqs);
            const displayOrder = highest?.top == null ? 0 : highest.top + 1;
            await createRecord(tx, admin, faqKind, { ...values, displayOrder });
          });
        return succeeded(id ? m.updated : m.created);
      });
    }
  }
}
