import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { chatConversations, chatMessages } from "~/platform/db/schema/index";
import { type ListQuery, listPage } from "~/platform/admin-kit/kit.server";
import { type Actor, recordAudit } from "~/platform/audit/audit.server";

export type ChatConversation = typeof chatConversations.$inferSelect;
export type ChatMessage = typeof chatMessages.$inferSelect;

/**
 * Spec §2: conversations, most recently updated first; 'Search by session ID, email, or name...'
 * matches any of the three case-insensitively, in the database. `total` is the badge's count.
 */
export function listChatConversations(
  db: Database,
  filter: Partial<ListQuery> & { pageSize?: number } = {},
) {
  return listPage(db, {
    table: chatConversations,
    searchIn: [
      chatConversations.sessionId,
      chatConversations.contactEmail,
      chatConversations.contactName,
    ],
    orderBy: [desc(chatConversations.updatedAt), desc(chatConversations.id)],
    query: filter,
    pageSize: filter.pageSize,
  });
}

/** The conversation and its messages in the order they were written; null when it is gone. */
export async function getChatConversation(db: Database, id: string) {
  const [conversation] = await db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.id, id));
  if (!conversation) return null;
  const messages = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, id))
    .orderBy(asc(chatMessages.timestamp), asc(chatMessages.id));
  return { conversation, messages };
}

/** Deletes a conversation and its messages (no confirmation in the spec); audited. */
export async function deleteChatConversation(db: Database, actor: Actor, id: string) {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(chatConversations)
      .where(eq(chatConversations.id, id))
      .returning();
    if (!deleted) return false;
    await recordAudit(tx, actor, {
      action: "delete",
      entityType: "chat_conversation",
      entityId: id,
      before: deleted,
    });
    return true;
  });
}
