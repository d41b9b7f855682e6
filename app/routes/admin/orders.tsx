import { Link } from "react-router";
import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import { requireAdmin } from "~/platform/auth/admin.server";
import { loadOrdersPage } from "~/capabilities/checkout/order-admin.server";
import { OrderTable } from "~/capabilities/checkout/OrderTable";
import { loadQuoteOrdersPage } from "~/capabilities/quotes/quote-admin.server";
import { QuoteOrderTable } from "~/capabilities/quotes/QuoteOrderTable";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/orders";

export const handle: RouteHandle = { title: "Admin: Orders", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  if (url.searchParams.get("type") === "bulk") {
    return {
      type: "bulk" as const,
      orders: null,
      bulk: await loadOrNull(context.logger, "bulk orders", () =>
        loadQuoteOrdersPage(context.db, url),
      ),
    };
  }
  return {
    type: "plans" as const,
    orders: await loadOrNull(context.logger, "orders", () => loadOrdersPage(context.db, url)),
    bulk: null,
  };
}

const tabs = [
  { type: "plans", to: "/admin/orders", label: "Webstore plans" },
  { type: "bulk", to: "/admin/orders?type=bulk", label: "Bulk orders (quotes)" },
] as const;

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Orders"
        description="Every checkout: its plan, amounts, coupon, payment status and subscription. Bulk orders are quotes whose deposit is paid."
      />
      <nav aria-label="Kinds of order" className="mb-4 flex gap-4 border-b border-line text-sm">
        {tabs.map((tab) => (
          <Link
            key={tab.type}
            to={tab.to}
            aria-current={loaderData.type === tab.type ? "page" : undefined}
            className={
              loaderData.type === tab.type
                ? "-mb-px border-b-2 border-brand-800 pb-2 font-semibold text-ink"
                : "pb-2 text-ink-muted hover:text-ink"
            }
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {loaderData.type === "bulk" ? (
        <Loaded value={loaderData.bulk} failure="Failed to load orders">
          {(page) => <QuoteOrderTable page={page} />}
        </Loaded>
      ) : (
        <Loaded value={loaderData.orders} failure="Failed to load orders">
          {(page) => <OrderTable page={page} status={page.status} />}
        </Loaded>
      )}
    </>
  );
}
