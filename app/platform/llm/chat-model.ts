export interface ChatModelMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/**
 * The smallest thing the assistant needs from a language model: a streamed reply to a list of
 * messages. The OpenAI-compatible client implements it; tests use small fakes.
 */
export interface ChatModel {
  stream(messages: ChatModelMessage[], signal: AbortSignal): AsyncIterable<string>;
}
