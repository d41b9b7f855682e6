import type { AppLoadContext } from "react-router";
import { type SQL, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/platform/db/client.server";
import { faqs } from "~/platform/db/schema/index";
import {
  type FormResult,
  type ListQuery,
  type OrderedList,
  RecordNotFoundError,
  attempt,
  createRecord,
  failed,
  fieldErrorsOf,
  formIntent,
  listPage,
  moveRecord,
  nextPosition,
  orderedListAction,
  orderedListIntents,
  parseIntent,
  succeeded,
  updateRecord,
} from "~/platform/admin-kit/kit.server";
import type { Actor } from "~/platform/audit/audit.server";
import { faqForm } from "./faq-form";
import type { FaqRow } from "./FaqTable";
import { FAQ_PAGES, type FaqPageName, faqMessages as m } from "./messages";

const faqList: OrderedList<typeof faqs> = {
  table: faqs,
  entityType: "faq",
  name: "faq",
  orderColumn: faqs.displayOrder,
  activeKey: "isActive",
  label: (row) => ({ question: row.question }),
  messages: m,
};

/** FAQs are ordered within their page only: the public pages each show their own list. */
const onPage = (page: FaqPageName) => eq(faqs.page, page);

/** The pages in the order the screen names them, for the all-pages list. */
const pageOrder = sql`array_position(array[${sql.join(
  FAQ_PAGES.map(([value]) => sql`${value}`),
  sql`, `,
)}]::text[], ${faqs.page}::text)`;

/**
 * One page of the FAQs screen, searched by question and answer, filtered to one site page or
 * all of them (grouped by page); each row carries its place among its page's FAQs.
 */
export async function listFaqs(db: Database, query: ListQuery, shownOn?: FaqPageName) {
  const [list, everyFaq] = await Promise.all([
    listPage(db, {
      table: faqs,
      searchIn: [faqs.question, faqs.answer],
      where: shownOn ? onPage(shownOn) : undefined,
      orderBy: [asc(pageOrder), asc(faqs.displayOrder), asc(faqs.id)],
      query,
    }),
    db
      .select({ id: faqs.id, page: faqs.page })
      .from(faqs)
      .orderBy(asc(faqs.displayOrder), asc(faqs.id)),
  ]);
  const place = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const faq of everyFaq) {
    const count = (counts.get(faq.page) ?? 0) + 1;
    counts.set(faq.page, count);
    place.set(faq.id, count);
  }
  const rows: FaqRow[] = list.rows.map((faq) => ({
    id: faq.id,
    question: faq.question,
    answer: faq.answer,
    page: faq.page,
    isActive: faq.isActive,
    displayOrder: faq.displayOrder,
    position: place.get(faq.id) ?? 1,
    pageTotal: counts.get(faq.page) ?? 1,
  }));
  return { ...list, rows, shownOn };
}

/** Where the FAQ `id` is listed: its site page and the list page it falls on; null when gone. */
export async function locateFaq(db: Database, id: string, pageSize: number) {
  const [faq] = await db.select({ page: faqs.page }).from(faqs).where(eq(faqs.id, id));
  if (!faq) return null;
  const [{ before }] = (await db
    .select({ before: sql<number>`count(*)`.mapWith(Number) })
    .from(faqs)
    .where(
      sql`${faqs.page} = ${faq.page} and (${faqs.displayOrder}, ${faqs.id}) < (select display_order, id from ${faqs} where id = ${id})`,
    )) as [{ before: number }];
  return { shownOn: faq.page, listPage: Math.floor(before / pageSize) + 1 };
}

const intents = z.discriminatedUnion("intent", [formIntent("save"), ...orderedListIntents]);

/** The FAQs screen's action: save (create or edit), delete, the switch and moves. */
export async function faqAction(
  request: Request,
  { db, logger }: Pick<AppLoadContext, "db" | "logger">,
  admin: Actor,
): Promise<FormResult> {
  const input = await parseIntent(request, intents);
  if (input.intent === "move")
    return attempt(logger, "faq move", m.move, async () => {
      const [faq] = await db.select({ page: faqs.page }).from(faqs).where(eq(faqs.id, input.id));
      if (!faq) throw new RecordNotFoundError();
      const scope: SQL = onPage(faq.page);
      await moveRecord(db, admin, { ...faqList, scope }, input.id, input.position);
      return succeeded(m.moved);
    });
  if (input.intent !== "save") return orderedListAction(faqList, input, { db, logger, admin });
  const parsed = faqForm.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    return failed(parsed.error.issues[0]!.message, { fieldErrors });
  }
  const { id, ...values } = parsed.data;
  return attempt(logger, "faq save", m.save, async () => {
    if (id) {
      await updateRecord(db, admin, faqList, id, values);
      return succeeded(m.updated);
    }
    const created = await db.transaction(async (tx) => {
      const displayOrder = await nextPosition(tx, faqs, faqs.displayOrder);
      return createRecord(tx, admin, faqList, { ...values, displayOrder });
    });
    return { ...succeeded(m.created), id: created.id };
  });
}
