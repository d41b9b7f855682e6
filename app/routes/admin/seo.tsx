import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { title: "Admin: SEO Settings", noindex: true };

export default function AdminSeo() {
  return <h1 className="text-2xl font-semibold text-ink">SEO Settings</h1>;
}
