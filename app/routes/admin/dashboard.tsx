import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { title: "Admin: Dashboard", noindex: true };

export default function AdminDashboard() {
  return <h1 className="text-2xl font-semibold text-ink">Dashboard</h1>;
}
