import { count, desc, eq, inArray, isNotNull, max } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contactMessages, emailOutbox, knowledgeBase, orders } from "~/db/schema";

/** The numbers an admin checks first thing. */
export async function dashboardCounts(db: Database) {
  const [[messages], [paid], [waiting]] = await Promise.all([
    db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, "new")),
    db.select({ n: count() }).from(orders).where(eq(orders.status, "paid")),
    db
      .select({ n: count() })
      .from(emailOutbox)
      .where(inArray(emailOutbox.status, ["queued", "sending"])),
  ]);
  return {
    newContactMessages: messages!.n,
    paidOrders: paid!.n,
    emailsWaiting: waiting!.n,
  };
}

/** What the AI knowledge base holds from the website: chunks per page, and when last updated. */
export async function knowledgeBaseSummary(db: Database) {
  const pages = await db
    .select({
      url: knowledgeBase.sourceUrl,
      chunks: count(),
      updatedAt: max(knowledgeBase.updatedAt),
    })
    .from(knowledgeBase)
    .where(isNotNull(knowledgeBase.sourceUrl))
    .groupBy(knowledgeBase.sourceUrl)
    .orderBy(desc(count()), knowledgeBase.sourceUrl);
  const lastUpdated = pages.reduce<Date | null>(
    (latest, page) =>
      page.updatedAt && (!latest || page.updatedAt > latest) ? page.updatedAt : latest,
    null,
  );
  return { pages: pages.map((p) => ({ url: p.url!, chunks: p.chunks })), lastUpdated };
}
