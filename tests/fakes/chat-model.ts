import type { ChatMessage, ChatModel } from "~/platform/llm/chat-model";

/**
 * A language model in this process, for tests that need no HTTP: it replies with what `reply`
 * yields for the messages; `complete` is the same reply joined. (The adapter itself is tested
 * against the fake OpenAI server in ./openai.ts.)
 */
export function fakeChatModel(
  reply: (messages: ChatMessage[], signal?: AbortSignal) => AsyncIterable<string>,
): ChatModel {
  return {
    stream: (messages, options) => reply(messages, options?.signal),
    async complete(messages, options) {
      let answer = "";
      for await (const piece of reply(messages, options?.signal)) answer += piece;
      return answer;
    },
  };
}
