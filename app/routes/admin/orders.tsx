import { AdminPageHeader } from "~/features/admin/AdminShell";
import { Loaded } from "~/features/admin/AdminTable";
import { loadOrNull } from "~/features/admin/load.server";
import { requireAdmin } from "~/features/auth/admin.server";
import { loadOrdersPage } from "~/features/orders/order-admin.server";
import { OrderTable } from "~/features/orders/OrderTable";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/orders";

export const handle: RouteHandle = { title: "Admin: Orders", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  return {
    orders: await loadOrNull(context.logger, "orders", () => loadOrdersPage(context.db, url)),
  };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Orders"
        description="Every checkout: its plan, amounts, coupon, payment status and subscription."
      />
      <Loaded value={loaderData.orders} failure="Failed to load orders">
        {(page) => <OrderTable page={page} status={page.status} />}
      </Loaded>
    </>
  );
}
