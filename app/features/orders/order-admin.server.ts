import type { AppLoadContext } from "react-router";
import { asPage, listParams } from "~/features/admin/paging";
import { subscriptionForOrders } from "~/features/subscriptions/subscriptions.server";
import { ORDER_STATUSES, type OrderStatus, listOrders } from "./orders.server";

/**
 * The Orders screen's list: `?q=&status=&page=` from the URL, newest first, each order with its
 * subscription (status, next renewal) or null when it has none (unpaid, or paid before there were).
 */
export async function loadOrdersPage(db: AppLoadContext["db"], url: URL) {
  const params = listParams(url);
  const status = ORDER_STATUSES.includes(params.status as OrderStatus) ? params.status : undefined;
  const list = await listOrders(db, { ...params, status });
  const subs = await subscriptionForOrders(
    db,
    list.rows.map((order) => order.id),
  );
  const rows = list.rows.map((order) => {
    const sub = subs.get(order.id);
    return {
      ...order,
      subscription: sub
        ? {
            status: sub.status,
            currentPeriodEnd: sub.currentPeriodEnd,
            cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
            canceledAt: sub.canceledAt,
          }
        : null,
    };
  });
  return { ...asPage({ ...list, rows }, params.q), status };
}
