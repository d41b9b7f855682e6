import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders } from "~/db/schema";
import {
  type Paged,
  type PageRequest,
  pageWindow,
  paged,
  searchAny,
} from "~/features/admin/paging";

export type Order = typeof orders.$inferSelect;
export const ORDER_STATUSES = ["pending", "paid", "expired"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Every checkout, newest first, optionally only one status or an email/coupon fragment. */
export async function listOrders(
  db: Database,
  filter: { status?: string; q?: string } & PageRequest = {},
): Promise<Paged<Order>> {
  const window = pageWindow(filter);
  const where = and(
    ORDER_STATUSES.includes(filter.status as OrderStatus)
      ? eq(orders.status, filter.status as OrderStatus)
      : undefined,
    searchAny(filter.q, [orders.customerEmail, orders.couponCode]),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(window.pageSize)
      .offset(window.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return paged(rows, total?.n ?? 0, window);
}
