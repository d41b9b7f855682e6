import type { LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "~/features/auth/admin.server";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { title: "Admin: Chat Conversations", noindex: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminChatConversations() {
  return <h1 className="text-2xl font-semibold text-ink">Chat Conversations</h1>;
}
