export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/**
 * The one language-model interface: what the assistant (a streamed reply), the catalogue's
 * recommendations (one JSON answer) and any later capability ask of a model. The OpenAI-compatible
 * adapter (openai.server.ts) implements it, built once in `createServices` as `services.llm`;
 * tests use the fake OpenAI server or `tests/fakes/chat-model.ts`.
 */
export interface ChatModel {
  /** One answer; `json` asks for a JSON object (response_format), which the caller still validates. */
  complete(
    messages: ChatMessage[],
    options?: { json?: boolean; signal?: AbortSignal },
  ): Promise<string>;
  /** The answer as it is generated, piece by piece. */
  stream(messages: ChatMessage[], options?: { signal?: AbortSignal }): AsyncIterable<string>;
}
