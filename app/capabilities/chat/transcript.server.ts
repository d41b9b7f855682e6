import { eq } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { chatConversations } from "~/platform/db/schema/index";
import type { EmailService } from "~/platform/email/outbox.server";
import { CHAT_TEXT } from "./chat";
import { transcriptEmail } from "./transcript-email";
import {
  type ChatRefusal,
  conversationTranscript,
  saveVisitorDetails,
} from "./visitor-chat.server";

export const TRANSCRIPT_SENT = (email: string) => `We've emailed this conversation to ${email}.`;
export const TRANSCRIPT_NEEDS_EMAIL = "Please enter your email so we can send you the transcript.";

/**
 * 'Email me this transcript': the conversation so far goes through the outbox to the visitor's
 * email (given now, or left earlier in the chat), with the transcript template.
 */
export async function emailTranscript(
  db: Database,
  email: EmailService,
  options: { sessionId: string; email?: string; clientIp: string },
): Promise<{ ok: true; to: string; message: string } | ChatRefusal> {
  if (options.email?.trim()) {
    const saved = await saveVisitorDetails(db, {
      sessionId: options.sessionId,
      email: options.email,
      clientIp: options.clientIp,
    });
    if (!saved.ok) return saved;
  }
  const transcript = await conversationTranscript(db, options.sessionId);
  if (transcript === null) return { ok: false, status: 404, error: CHAT_TEXT.unknownConversation };
  const [conversation] = await db
    .select({ email: chatConversations.contactEmail })
    .from(chatConversations)
    .where(eq(chatConversations.sessionId, options.sessionId));
  const to = conversation?.email;
  if (!to) return { ok: false, status: 400, error: TRANSCRIPT_NEEDS_EMAIL };
  const content = transcriptEmail({
    customerEmail: to,
    subject: "Your Merch Simplified chat transcript",
    transcript,
  });
  await email.queue({
    kind: "chat-transcript",
    to,
    ...content,
    // The same transcript asked for twice (a double click) is sent once.
    dedupeKey: `chat-transcript:${options.sessionId}:${transcript.length}`,
  });
  return { ok: true, to, message: TRANSCRIPT_SENT(to) };
}
