import { and, asc, count, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/platform/db/client.server";
import { chatConversations, chatMessages, contactMessages } from "~/platform/db/schema/index";
import { hitRateLimit } from "~/platform/rate-limit/rate-limit.server";
import { type ChatTurn, answerQuestion } from "./answer.server";
import { CHAT_LIMITS, CHAT_TEXT, asksForAPerson, newSessionId } from "./chat";
import type { ChatModel } from "~/platform/llm/chat-model";

const HOUR = 3_600_000;

export type ChatRefusal = {
  ok: false;
  status: 400 | 404 | 429;
  error: string;
  retryAfterSeconds?: number;
};

/** Opens a chat: one conversation per open, with the greeting as its first message. */
export async function startConversation(
  db: Database,
  options: { clientIp: string; now?: number },
): Promise<{ ok: true; sessionId: string; greeting: string } | ChatRefusal> {
  const now = options.now ?? Date.now();
  const limit = await hitRateLimit(
    db,
    `chat-open:${options.clientIp}`,
    {
      limit: CHAT_LIMITS.conversationsPerAddressPerHour,
      windowMs: HOUR,
    },
    now,
  );
  if (!limit.allowed) {
    return {
      ok: false,
      status: 429,
      error: CHAT_TEXT.tooManyConversations,
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  const sessionId = newSessionId(now);
  await db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(chatConversations)
      .values({ sessionId })
      .returning({ id: chatConversations.id });
    await tx.insert(chatMessages).values({
      conversationId: conversation!.id,
      messageText: CHAT_TEXT.greeting,
      isUserMessage: false,
    });
  });
  return { ok: true, sessionId, greeting: CHAT_TEXT.greeting };
}

/**
 * Takes one visitor message: checks the limits, stores it, and streams the answer, which is
 * stored as it was sent once the stream ends (also when the visitor leaves half-way).
 */
export async function sendChatMessage(
  db: Database,
  options: {
    sessionId: string;
    message: string;
    clientIp: string;
    model?: ChatModel;
    signal?: AbortSignal;
    now?: number;
  },
): Promise<{ ok: true; answer: AsyncIterable<string> } | ChatRefusal> {
  const message = options.message.trim();
  if (!message) return { ok: false, status: 400, error: CHAT_TEXT.emptyMessage };
  if (message.length > CHAT_LIMITS.messageLength)
    return { ok: false, status: 400, error: CHAT_TEXT.tooLong };

  const conversation = await findConversation(db, options.sessionId);
  if (!conversation) return { ok: false, status: 404, error: CHAT_TEXT.unknownConversation };

  const [sent] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(
      and(eq(chatMessages.conversationId, conversation.id), eq(chatMessages.isUserMessage, true)),
    );
  if (Number(sent!.n) >= CHAT_LIMITS.messagesPerConversation) {
    return { ok: false, status: 429, error: CHAT_TEXT.conversationFull };
  }
  const limit = await hitRateLimit(
    db,
    `chat-message:${options.clientIp}`,
    {
      limit: CHAT_LIMITS.messagesPerAddressPerHour,
      windowMs: HOUR,
    },
    options.now,
  );
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return {
      ok: false,
      status: 429,
      error: CHAT_TEXT.tooManyMessages(minutes),
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }

  const history = await conversationHistory(db, conversation.id);
  await storeMessage(db, conversation.id, message, true);

  if (asksForAPerson(message)) {
    const lead = await recordLead(db, conversation, options.clientIp);
    const reply = lead ? CHAT_TEXT.handoffWithEmail(conversation.contactEmail!) : CHAT_TEXT.handoff;
    await storeMessage(db, conversation.id, reply, false);
    return { ok: true, answer: once(reply) };
  }

  const answer = answerQuestion({
    db,
    question: message,
    conversation: { history },
    model: options.model,
    signal: options.signal,
  });
  return { ok: true, answer: storedAsSent(db, conversation.id, answer) };
}

const details = z.object({
  name: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined),
  email: z
    .string()
    .trim()
    .max(254)
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.email().optional()),
});

/** The visitor leaves a name and/or email; a pending request for a person then becomes a lead. */
export async function saveVisitorDetails(
  db: Database,
  options: { sessionId: string; name?: string; email?: string; clientIp: string },
): Promise<{ ok: true } | ChatRefusal> {
  const parsed = details.safeParse({ name: options.name ?? "", email: options.email ?? "" });
  if (!parsed.success) return { ok: false, status: 400, error: CHAT_TEXT.invalidEmail };
  if (!parsed.data.name && !parsed.data.email)
    return { ok: false, status: 400, error: CHAT_TEXT.missingDetails };
  const conversation = await findConversation(db, options.sessionId);
  if (!conversation) return { ok: false, status: 404, error: CHAT_TEXT.unknownConversation };
  const [updated] = await db
    .update(chatConversations)
    .set({
      contactName: parsed.data.name ?? conversation.contactName,
      contactEmail: parsed.data.email ?? conversation.contactEmail,
    })
    .where(eq(chatConversations.id, conversation.id))
    .returning();
  const history = await conversationHistory(db, conversation.id);
  if (history.some((turn) => turn.fromVisitor && asksForAPerson(turn.text))) {
    await recordLead(db, updated!, options.clientIp);
  }
  return { ok: true };
}

/** The conversation as plain text, for the transcript email. */
export async function conversationTranscript(
  db: Database,
  sessionId: string,
): Promise<string | null> {
  const conversation = await findConversation(db, sessionId);
  if (!conversation) return null;
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversation.id))
    .orderBy(asc(chatMessages.timestamp), asc(chatMessages.id));
  return rows
    .map((row) => `${row.isUserMessage ? "You" : "Assistant"}: ${row.messageText}`)
    .join("\n\n");
}

type Conversation = typeof chatConversations.$inferSelect;

async function findConversation(
  db: Database,
  sessionId: string,
): Promise<Conversation | undefined> {
  if (!/^\d{10,16}_[a-z0-9]{8,40}$/.test(sessionId)) return undefined;
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.sessionId, sessionId));
  return row;
}

async function conversationHistory(db: Database, conversationId: string): Promise<ChatTurn[]> {
  const rows = await db
    .select({ text: chatMessages.messageText, fromVisitor: chatMessages.isUserMessage })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(asc(chatMessages.timestamp), asc(chatMessages.id));
  return rows;
}

async function storeMessage(
  db: Database,
  conversationId: string,
  text: string,
  fromVisitor: boolean,
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(chatMessages)
      .values({ conversationId, messageText: text, isUserMessage: fromVisitor });
    await tx
      .update(chatConversations)
      .set({ updatedAt: new Date() })
      .where(eq(chatConversations.id, conversationId));
  });
}

/**
 * A visitor who asked for a person becomes a lead once we know how to reach them; one lead per
 * conversation. Returns whether a lead exists now.
 */
async function recordLead(
  db: Database,
  conversation: Conversation,
  clientIp: string,
): Promise<boolean> {
  if (!conversation.contactEmail) return false;
  const sourcePath = `chat:${conversation.sessionId}`;
  const [existing] = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(eq(contactMessages.sourcePath, sourcePath));
  if (existing) return true;
  const questions = (await conversationHistory(db, conversation.id))
    .filter((turn) => turn.fromVisitor)
    .map((turn) => turn.text);
  await db.insert(contactMessages).values({
    name: conversation.contactName ?? "Chat visitor",
    email: conversation.contactEmail,
    message: `Asked the chat assistant for a person.\n\n${questions.join("\n\n")}`.slice(0, 5000),
    sourcePath,
    ipAddress: clientIp,
  });
  return true;
}

async function* once(text: string) {
  yield text;
}

/** Passes the answer through and stores exactly what was sent, even if the stream stops early. */
async function* storedAsSent(db: Database, conversationId: string, answer: AsyncIterable<string>) {
  let sent = "";
  try {
    for await (const delta of answer) {
      sent += delta;
      yield delta;
    }
  } finally {
    if (sent.trim()) await storeMessage(db, conversationId, sent, false);
  }
}
