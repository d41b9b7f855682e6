import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { ResultNotice } from "~/platform/admin-kit/feedback";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import { requireAdmin } from "~/platform/auth/admin.server";
import { PricingTiersForm } from "~/capabilities/pricing/PricingTiersForm";
import { pricingTiersAction } from "~/capabilities/pricing/tiers-action.server";
import { listPricingTiers } from "~/capabilities/pricing/pricing.server";
import { tierMessages } from "~/capabilities/pricing/tiers-messages";
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
