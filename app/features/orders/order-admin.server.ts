import type { AppLoadContext } from "react-router";
import { asPage, listParams } from "~/features/admin/paging";
import { ORDER_STATUSES, type OrderStatus, listOrders } from "./orders.server";

/** The Orders screen's list: `?q=&status=&page=` from the URL, newest first. */
export async function loadOrdersPage(db: AppLoadContext["db"], url: URL) {
  const params = listParams(url);
  const status = ORDER_STATUSES.includes(params.status as OrderStatus) ? params.status : undefined;
  const list = await listOrders(db, { ...params, status });
  return { ...asPage(list, params.q), status };
}
