import { requireAdmin } from "~/features/auth/admin.server";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/knowledge-base";

export const handle: RouteHandle = { title: "Admin: Knowledge Base", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminKnowledgeBase(_props: Route.ComponentProps) {
  return <h1 className="text-2xl font-semibold text-ink">Knowledge Base</h1>;
}
