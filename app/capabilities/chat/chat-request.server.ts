import { z } from "zod";
import { controlCharactersMessage, hasControlCharacters } from "~/platform/security/form-text";

/** Larger than any valid chat request (a 1,000-character message plus a name and an email). */
export const CHAT_BODY_LIMIT = 8 * 1024;

const chatRequest = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start") }),
  z.object({
    intent: z.literal("message"),
    sessionId: z.string().max(80),
    message: z.string().max(20_000),
  }),
  z.object({
    intent: z.literal("details"),
    sessionId: z.string().max(80),
    name: z.string().max(1000).optional(),
    email: z.string().max(1000).optional(),
  }),
  z.object({
    intent: z.literal("transcript"),
    sessionId: z.string().max(80),
    email: z.string().max(1000).optional(),
  }),
]);
export type ChatRequest = z.infer<typeof chatRequest>;

export type ParsedChatRequest =
  { ok: true; request: ChatRequest } | { ok: false; status: 400 | 413 | 415; error: string };

/** Reads a small JSON or form body; never throws, whatever was posted. */
export async function parseChatRequest(request: Request): Promise<ParsedChatRequest> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > CHAT_BODY_LIMIT) return { ok: false, status: 413, error: "Request too large." };
  const type = request.headers.get("content-type") ?? "";
  let raw: string;
  try {
    raw = await readLimited(request, CHAT_BODY_LIMIT);
  } catch {
    return { ok: false, status: 413, error: "Request too large." };
  }
  let body: unknown;
  if (type.includes("application/json")) {
    try {
      body = JSON.parse(raw);
    } catch {
      return { ok: false, status: 400, error: "Invalid request." };
    }
  } else if (type.includes("application/x-www-form-urlencoded")) {
    body = Object.fromEntries(new URLSearchParams(raw));
  } else {
    return { ok: false, status: 415, error: "Send JSON or a form." };
  }
  const refused = body && typeof body === "object" ? controlCharacterIn(body) : null;
  if (refused) return { ok: false, status: 400, error: refused };
  const parsed = chatRequest.safeParse(body);
  if (!parsed.success) return { ok: false, status: 400, error: "Invalid request." };
  return { ok: true, request: parsed.data };
}

/** The message for the first text in a JSON or form body that holds a control character. */
function controlCharacterIn(value: object, name = "message"): string | null {
  for (const [key, item] of Object.entries(value)) {
    const field = Number.isNaN(Number(key)) ? key : name;
    if (typeof item === "string" && hasControlCharacters(item))
      return controlCharactersMessage(field);
    if (item && typeof item === "object") {
      const inner = controlCharacterIn(item, field);
      if (inner) return inner;
    }
  }
  return null;
}

async function readLimited(request: Request, limit: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new RangeError("body too large");
    }
    parts.push(value);
  }
  return Buffer.concat(parts).toString("utf8");
}

export const CHAT_STREAM_HEADERS = {
  "Content-Type": "text/plain; charset=utf-8",
  // no-transform keeps the compression middleware from holding deltas back in its buffer.
  "Cache-Control": "no-store, no-transform",
  "X-Content-Type-Options": "nosniff",
  // Tells proxies such as nginx not to hold the answer back until it is complete.
  "X-Accel-Buffering": "no",
};

/** A streamed plain-text body; if the visitor leaves, the answer stops and what was sent is kept. */
export function streamText(answer: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = answer[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch {
        controller.close();
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
