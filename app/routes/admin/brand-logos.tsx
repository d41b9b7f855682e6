import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { title: "Admin: Brand Logos", noindex: true };

export default function AdminBrandLogos() {
  return <h1 className="text-2xl font-semibold text-ink">Brand Logos</h1>;
}
