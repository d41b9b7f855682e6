import { count, eq, inArray } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { contactMessages, emailOutbox, orders } from "~/platform/db/schema/index";

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
