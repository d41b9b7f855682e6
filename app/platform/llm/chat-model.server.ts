import type { Env } from "~/platform/config/env.server";
import { type ChatClient, chatClientFromEnv } from "~/platform/llm/openai.server";
import type { ChatModel } from "./chat-model";

/** The OpenAI-compatible client as the assistant's model: its streaming mode, nothing more. */
export function chatModelFromClient(client: ChatClient): ChatModel {
  return {
    stream: (messages, signal) => client.stream(messages, { signal }),
  };
}

/** The model `LLM_BASE_URL` and `LLM_MODEL` describe; undefined when they are not set. */
export function chatModelFromEnv(env: Env): ChatModel | undefined {
  const client = chatClientFromEnv(env);
  return client ? chatModelFromClient(client) : undefined;
}
