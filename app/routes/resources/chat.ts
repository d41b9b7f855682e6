import { data } from "react-router";
import {
  CHAT_STREAM_HEADERS,
  parseChatRequest,
  streamText,
} from "~/capabilities/chat/chat-request.server";
import { CHAT_TEXT, type ChatOpened } from "~/capabilities/chat/chat";
import { emailTranscript } from "~/capabilities/chat/transcript.server";
import { getSiteSettings } from "~/platform/settings/settings.server";
import {
  saveVisitorDetails,
  sendChatMessage,
  startConversation,
} from "~/capabilities/chat/visitor-chat.server";
import { type FormResult, failed, succeeded } from "~/platform/forms/result";
import type { Route } from "./+types/chat";

/**
 * The chat window talks to this endpoint: `start` opens a conversation, `message` streams the
 * answer as plain text, `details` keeps the visitor's name and email, `transcript` emails the
 * conversation to the visitor. Refused (403) while Site Settings has the assistant switched off.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data(failed("Method not allowed."), { status: 405 });
  // Site Settings' switch: with the assistant off nothing is stored and no answer is written.
  if (!(await getSiteSettings(context.db)).chatAssistantEnabled) {
    return data(failed(CHAT_TEXT.assistantOff), { status: 403 });
  }
  const parsed = await parseChatRequest(request);
  if (!parsed.ok) return data(failed(parsed.error), { status: parsed.status });
  const { db, clientIp } = context;
  const body = parsed.request;

  if (body.intent === "start") {
    const started = await startConversation(db, { clientIp });
    if (!started.ok) return refusal(started);
    // Without a language model (LLM_BASE_URL, LLM_MODEL) the window says answers are keyword matches.
    const opened: FormResult<ChatOpened> = {
      ok: true,
      data: {
        sessionId: started.sessionId,
        greeting: started.greeting,
        keywordsOnly: !context.services.llm,
      },
    };
    return data(opened, { status: 201 });
  }
  if (body.intent === "details") {
    const saved = await saveVisitorDetails(db, { ...body, clientIp });
    if (!saved.ok) return refusal(saved);
    return data({ ok: true } satisfies FormResult);
  }
  if (body.intent === "transcript") {
    const sent = await emailTranscript(db, context.services.email, { ...body, clientIp });
    if (!sent.ok) return refusal(sent);
    return data(succeeded(sent.message), { status: 200 });
  }
  const sent = await sendChatMessage(db, {
    sessionId: body.sessionId,
    message: body.message,
    clientIp,
    model: context.services.llm,
    signal: request.signal,
  });
  if (!sent.ok) return refusal(sent);
  return new Response(streamText(sent.answer), { headers: CHAT_STREAM_HEADERS });
}

function refusal(result: { status: number; error: string; retryAfterSeconds?: number }) {
  const headers: Record<string, string> = {};
  if (result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
  return data(failed(result.error), { status: result.status, headers });
}
