import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { title: "Admin: FAQs", noindex: true };

export default function AdminFaqs() {
  return <h1 className="text-2xl font-semibold text-ink">FAQs</h1>;
}
