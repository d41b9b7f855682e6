import type { AppLoadContext } from "react-router";
import { z } from "zod";
import {
  type FormResult,
  attempt,
  failed,
  listQueryOf,
  loadOrNull,
  parseIntent,
  recordId,
  succeeded,
} from "~/platform/admin-kit/kit.server";
import type { Actor } from "~/platform/audit/audit.server";
import {
  deleteChatConversation,
  getChatConversation,
  listChatConversations,
} from "./conversations.server";
import { chatMessagesText as m } from "./chat-messages";

type Context = Pick<AppLoadContext, "db" | "logger">;

/**
 * The screen's data: the list (null when it cannot be read) and the conversation `?id=` names:
 * `undefined` when none is selected or it is gone, null when its messages cannot be read.
 */
export async function loadChatScreen({ db, logger }: Context, url: URL) {
  const id = recordId.safeParse(url.searchParams.get("id"));
  const [list, selected] = await Promise.all([
    loadOrNull(logger, "chat conversations", () => listChatConversations(db, listQueryOf(url))),
    id.success
      ? loadOrNull(
          logger,
          "chat messages",
          async () => (await getChatConversation(db, id.data)) ?? undefined,
        )
      : undefined,
  ]);
  return { list, selected };
}

const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), id: recordId }),
]);

/** Spec §2: delete, without confirmation; audited. */
export async function chatConversationAction(
  request: Request,
  { db, logger }: Context,
  admin: Actor,
): Promise<FormResult> {
  const input = await parseIntent(request, intents);
  return attempt(logger, "chat conversation delete", m.delete, async () =>
    (await deleteChatConversation(db, admin, input.id)) ? succeeded(m.deleted) : failed(m.delete),
  );
}
