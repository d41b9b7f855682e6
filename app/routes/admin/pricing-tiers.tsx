import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { title: "Admin: Pricing Tiers", noindex: true };

export default function AdminPricingTiers() {
  return <h1 className="text-2xl font-semibold text-ink">Pricing Tiers</h1>;
}
