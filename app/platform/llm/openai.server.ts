import type { Env } from "~/platform/config/env.server";
import type { ChatModel } from "./chat-model";

export class ChatError extends Error {}

/** The model `LLM_BASE_URL` and `LLM_MODEL` describe; undefined when they are not set. */
export function chatModelFromEnv(env: Env): ChatModel | undefined {
  if (!env.LLM_BASE_URL || !env.LLM_MODEL) return undefined;
  return createChatModel({
    baseUrl: env.LLM_BASE_URL,
    apiKey: env.LLM_API_KEY,
    model: env.LLM_MODEL,
    timeoutMs: env.LLM_TIMEOUT_MS,
  });
}

/** An OpenAI-compatible chat completion endpoint (OpenAI, Azure-style proxies, vLLM, Ollama, ...). */
export function createChatModel(options: {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}): ChatModel {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? 8_000;

  async function post(body: object, signal?: AbortSignal) {
    const timeout = AbortSignal.timeout(timeoutMs);
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: options.model, ...body }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    }).catch((error: unknown) => {
      throw new ChatError(
        timeout.aborted ? `the model did not answer within ${timeoutMs} ms` : describe(error),
      );
    });
    if (!response.ok) {
      throw new ChatError(`the model endpoint answered ${response.status}`);
    }
    return { response, timeout };
  }

  return {
    async complete(messages, { json, signal } = {}) {
      const { response, timeout } = await post(
        {
          messages,
          temperature: 0.2,
          ...(json ? { response_format: { type: "json_object" } } : {}),
        },
        signal,
      );
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        throw new ChatError(
          timeout.aborted ? "the model timed out" : `unreadable answer (${describe(error)})`,
        );
      }
      const content = (body as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]
        ?.message?.content;
      if (typeof content !== "string") throw new ChatError("the answer has no message content");
      return content;
    },
    async *stream(messages, { signal } = {}) {
      const { response } = await post({ messages, stream: true }, signal);
      if (!response.body) throw new ChatError("the model sent no stream");
      const decoder = new TextDecoder();
      let buffer = "";
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of event.split("\n")) {
            if (!line.startsWith("data:")) continue;
            const data = line.slice(5).trim();
            if (data === "[DONE]") return;
            let parsed: unknown;
            try {
              parsed = JSON.parse(data);
            } catch {
              throw new ChatError("the model sent an unreadable event");
            }
            const piece = (parsed as { choices?: { delta?: { content?: unknown } }[] })
              ?.choices?.[0]?.delta?.content;
            if (typeof piece === "string" && piece) yield piece;
          }
        }
      }
    },
  };
}

function describe(error: unknown) {
  const e = error as { cause?: { code?: string }; message?: string };
  return e?.cause?.code ?? e?.message ?? String(error);
}
