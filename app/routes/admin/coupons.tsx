import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { title: "Admin: Coupons", noindex: true };

export default function AdminCoupons() {
  return <h1 className="text-2xl font-semibold text-ink">Coupons</h1>;
}
