import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { ResultNotice } from "~/platform/admin-kit/feedback";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import { requireAdmin } from "~/platform/auth/admin.server";
import {
  priceMatrixScreen,
  priceMatrixScreenMessages,
  savePriceMatrixForm,
} from "~/capabilities/quotes/matrix-admin.server";
import { PriceMatrixForm } from "~/capabilities/quotes/PriceMatrixForm";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/price-matrix";

export const handle: RouteHandle = { title: "Admin: Price Matrix", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return {
    screen: await loadOrNull(context.logger, "price matrix", () => priceMatrixScreen(context.db)),
    loadFailed: priceMatrixScreenMessages.loadFailed,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return savePriceMatrixForm(request, context, await requireAdmin(request, context));
}

export default function AdminPriceMatrix({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Price Matrix"
        description="What bulk orders cost: decoration by quantity, set-up fees, garment markup, larger sizes, minimums and the deposit. The quote builder and product pages use a saved change at once; quotes already requested keep their prices."
      />
      <ResultNotice />
      <Loaded value={loaderData.screen} failure={loaderData.loadFailed}>
        {(screen) => <PriceMatrixForm matrix={screen.matrix} warnings={screen.warnings} />}
      </Loaded>
    </>
  );
}
