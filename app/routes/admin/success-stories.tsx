import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { title: "Admin: Success Stories", noindex: true };

export default function AdminSuccessStories() {
  return <h1 className="text-2xl font-semibold text-ink">Success Stories</h1>;
}
