import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { title: "Admin: Chat Conversations", noindex: true };

export default function AdminChatConversations() {
  return <h1 className="text-2xl font-semibold text-ink">Chat Conversations</h1>;
}
