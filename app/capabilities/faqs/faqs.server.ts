import { and, asc, eq } from "drizzle-orm";
import { type faqPage, faqs } from "~/platform/db/schema/index";
import type { ContentResult } from "~/platform/content/content";
import type { Faq } from "~/capabilities/faqs/faq";
import { type ReadContext, readContent } from "~/platform/content/read.server";
import { sanitizeHtml } from "~/platform/security/sanitize-html";

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
