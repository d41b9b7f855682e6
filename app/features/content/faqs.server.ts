import { and, asc, eq } from "drizzle-orm";
import { type faqPage, faqs } from "~/db/schema";
import type { ContentResult, Faq } from "./content";
import { type ReadContext, readContent } from "./read.server";
import { sanitizeHtml } from "./sanitize-html";

export type FaqPage = (typeof faqPage.enumValues)[number];

/** Spec §7: the active FAQs of one page, in display order. */
export function loadFaqs(context: ReadContext, page: FaqPage): Promise<ContentResult<Faq>> {
  return readContent(context, "faqs", async () => {
    const rows = await context.db
      .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
      .from(faqs)
      .where(and(eq(faqs.page, page), eq(faqs.isActive, true)))
      .orderBy(asc(faqs.displayOrder), asc(faqs.createdAt));
    return rows.map((row) => ({ ...row, answer: sanitizeHtml(row.answer) }));
  });
}
