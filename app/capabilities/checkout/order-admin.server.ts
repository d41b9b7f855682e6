import type { AppLoadContext } from "react-router";
import { listQueryOf, statusOf } from "~/platform/admin-kit/list";
import { subscriptionForOrders } from "~/capabilities/subscriptions/public.server";
import { ORDER_STATUSES, listOrders } from "./orders.server";

/**
 * The Orders screen's list: `?q=&status=&page=` from the URL, newest first, each order with its
 * subscription (status, next renewal) or null when it has none (unpaid, or paid before there were).
 */
export async function loadOrdersPage(db: AppLoadContext["db"], url: URL) {
  const status = statusOf(url, ORDER_STATUSES);
  const list = await listOrders(db, { ...listQueryOf(url), status });
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
  return { ...list, rows, status };
}
