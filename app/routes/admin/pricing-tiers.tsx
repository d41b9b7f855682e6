import { AdminPageHeader } from "~/features/admin/AdminShell";
import { Loaded } from "~/features/admin/AdminTable";
import { ResultNotice } from "~/features/admin/feedback";
import { loadOrNull } from "~/features/admin/load.server";
import { requireAdmin } from "~/features/auth/admin.server";
import { PricingTiersForm } from "~/features/pricing/PricingTiersForm";
import { pricingTiersAction } from "~/features/pricing/tiers-action.server";
import { listPricingTiers } from "~/features/pricing/pricing.server";
import { tierMessages } from "~/features/pricing/tiers-messages";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/pricing-tiers";

export const handle: RouteHandle = { title: "Admin: Pricing Tiers", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return {
    tiers: await loadOrNull(context.logger, "pricing tiers", () => listPricingTiers(context.db)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return pricingTiersAction(request, context, await requireAdmin(request, context));
}

export default function AdminPricingTiers({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Pricing Tiers"
        description="The webstore plan prices shown on the pricing page and charged at checkout."
      />
      <ResultNotice />
      <Loaded value={loaderData.tiers} failure={tierMessages.load}>
        {(tiers) => <PricingTiersForm tiers={tiers} />}
      </Loaded>
    </>
  );
}
