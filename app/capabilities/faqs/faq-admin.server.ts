import type { AppLoadContext } from "react-router";
import { asc } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/platform/db/client.server";
import { faqs } from "~/platform/db/schema/index";
import {
  type ActionResult,
  type ListQuery,
  type OrderedList,
  attempt,
  createRecord,
  failed,
  fieldErrorsOf,
  formIntent,
  listPage,
  nextPosition,
  orderedListAction,
  orderedListIntents,
  parseIntent,
  succeeded,
  updateRecord,
} from "~/platform/admin-kit/kit.server";
import type { Actor } from "~/platform/audit/audit.server";
import { faqForm } from "./faq-form";
import { faqMessages as m } from "./messages";

const faqList: OrderedList<typeof faqs> = {
  table: faqs,
  entityType: "faq",
  name: "faq",
  orderColumn: faqs.displayOrder,
  activeKey: "isActive",
  label: (row) => ({ question: row.question }),
  messages: m,
};

/** In display order (spec §7), searched by question and answer. */
export function listFaqs(db: Database, query: ListQuery) {
  return listPage(db, {
    table: faqs,
    searchIn: [faqs.question, faqs.answer],
    orderBy: [asc(faqs.displayOrder), asc(faqs.id)],
    query,
  });
}

const intents = z.discriminatedUnion("intent", [formIntent("save"), ...orderedListIntents]);

/** The FAQs screen's action: save (create or edit), delete, the switch and moves. */
export async function faqAction(
  request: Request,
  { db, logger }: Pick<AppLoadContext, "db" | "logger">,
  admin: Actor,
): Promise<ActionResult> {
  const input = await parseIntent(request, intents);
  if (input.intent !== "save") return orderedListAction(faqList, input, { db, logger, admin });
  const parsed = faqForm.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    return failed(parsed.error.issues[0]!.message, { fieldErrors });
  }
  const { id, ...values } = parsed.data;
  return attempt(logger, "faq save", m.save, async () => {
    if (id) await updateRecord(db, admin, faqList, id, values);
    else
      await db.transaction(async (tx) => {
        const displayOrder = await nextPosition(tx, faqs, faqs.displayOrder);
        await createRecord(tx, admin, faqList, { ...values, displayOrder });
      });
    return succeeded(id ? m.updated : m.created);
  });
}
