import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { title: "Admin: Knowledge Base", noindex: true };

export default function AdminKnowledgeBase() {
  return <h1 className="text-2xl font-semibold text-ink">Knowledge Base</h1>;
}
