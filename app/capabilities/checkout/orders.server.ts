import { desc, eq } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { orders } from "~/platform/db/schema/index";
import { type ListQuery, listPage } from "~/platform/admin-kit/kit.server";

export type Order = typeof orders.$inferSelect;
export const ORDER_STATUSES = ["pending", "paid", "expired"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Every checkout, newest first, optionally only one status or an email/coupon fragment. */
export function listOrders(
  db: Database,
  filter: Partial<ListQuery> & { status?: string; pageSize?: number } = {},
) {
  return listPage(db, {
    table: orders,
    searchIn: [orders.customerEmail, orders.couponCode],
    orderBy: [desc(orders.createdAt), desc(orders.id)],
    where: ORDER_STATUSES.includes(filter.status as OrderStatus)
      ? eq(orders.status, filter.status as OrderStatus)
      : undefined,
    query: filter,
    pageSize: filter.pageSize,
  });
}
