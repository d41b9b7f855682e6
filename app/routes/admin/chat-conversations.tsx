import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { ResultNotice } from "~/platform/admin-kit/feedback";
import { requireAdmin } from "~/platform/auth/admin.server";
import { chatConversationAction, loadChatScreen } from "~/capabilities/chat/chat-admin.server";
import { chatMessagesText } from "~/capabilities/chat/chat-messages";
import {
  ConversationList,
  ConversationSearch,
  MessagePane,
} from "~/capabilities/chat/ConversationsScreen";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/chat-conversations";

export const handle: RouteHandle = { title: "Admin: Chat Conversations", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return loadChatScreen(context, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  return chatConversationAction(request, context, await requireAdmin(request, context));
}

export default function AdminChatConversations({ loaderData }: Route.ComponentProps) {
  const { list, selected } = loaderData;
  return (
    <>
      <AdminPageHeader title="Chat Conversations">
        {list && (
          <span
            className="rounded-full bg-brand-800 px-3 py-1 text-sm font-semibold text-white"
            aria-label={`${list.total} conversations`}
          >
            {list.total}
          </span>
        )}
      </AdminPageHeader>
      <ResultNotice />
      <div className="mb-4">
        <ConversationSearch q={list?.q ?? ""} />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Loaded value={list} failure={chatMessagesText.fetch}>
          {(page) => <ConversationList page={page} selectedId={selected?.conversation.id} />}
        </Loaded>
        <MessagePane selected={selected} />
      </div>
    </>
  );
}
