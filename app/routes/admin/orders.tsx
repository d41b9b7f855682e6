import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import { requireAdmin } from "~/platform/auth/admin.server";
import { loadOrdersPage } from "~/capabilities/checkout/order-admin.server";
import { OrderTable } from "~/capabilities/checkout/OrderTable";
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
