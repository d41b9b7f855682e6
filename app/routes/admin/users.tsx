import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { title: "Admin: Users", noindex: true };

export default function AdminUsers() {
  return <h1 className="text-2xl font-semibold text-ink">Users</h1>;
}
