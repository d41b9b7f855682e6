import type { ActionFunctionArgs, AppLoadContext } from "react-router";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chatConversations, emailOutbox } from "~/platform/db/schema/index";
import { CHAT_TEXT } from "~/capabilities/chat/chat";
import { createChatModel } from "~/platform/llm/openai.server";
import { action } from "~/routes/resources/chat";
import { startFakeOpenAI } from "../fakes/openai";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";
import { setChatAssistant } from "../support/settings";
import type { FormResult } from "~/platform/forms/result";
import type { ChatOpened } from "~/capabilities/chat/chat";

let database: TestDatabase;
let context: AppLoadContext;
let openai: Awaited<ReturnType<typeof startFakeOpenAI>>;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  openai = await startFakeOpenAI({ apiKey: "sk-test" });
  context = createTestContext(database.db);
});
afterAll(async () => {
  await database.destroy();
  await openai.close();
});
// The assistant is on unless a test turns it off for itself.
beforeEach(() => setChatAssistant(database.db, true));

type DataResult = { data: FormResult<ChatOpened>; init: { status: number } };

async function post(ctx: AppLoadContext, body: object) {
  const request = new Request("http://localhost/resources/chat", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return action({ request, context: ctx, params: {} } as unknown as ActionFunctionArgs);
}

async function start(ctx: AppLoadContext) {
  const started = (await post(ctx, { intent: "start" })) as unknown as DataResult;
  expect(started.init.status).toBe(201);
  return String(started.data.data?.sessionId);
}

describe("the assistant switch", () => {
  it("off: every intent is refused with 403 and a clear message, and nothing is stored", async () => {
    await setChatAssistant(database.db, false);
    const stored = await database.db.$count(chatConversations);
    for (const body of [
      { intent: "start" },
      { intent: "message", sessionId: "1700000000000_abcdefgh", message: "hi" },
      { intent: "transcript", sessionId: "1700000000000_abcdefgh", email: "a@example.com" },
    ]) {
      const refused = (await post(context, body)) as unknown as DataResult;
      expect(refused.init.status).toBe(403);
      expect(refused.data.toast?.description).toBe(CHAT_TEXT.assistantOff);
    }
    expect(await database.db.$count(chatConversations)).toBe(stored);
  });

  it("on: a conversation opens", async () => {
    await setChatAssistant(database.db, true);
    expect(await start(context)).toMatch(/^\d+_/);
  });
});

describe("Email me this transcript", () => {
  it("queues the transcript template to the visitor's email through the outbox", async () => {
    await setChatAssistant(database.db, true);
    const sessionId = await start(context);
    const answer = (await post(context, {
      intent: "message",
      sessionId,
      message: "how fast can you ship?",
    })) as Response;
    await answer.text();

    const needsEmail = (await post(context, {
      intent: "transcript",
      sessionId,
    })) as unknown as DataResult;
    expect(needsEmail.init.status).toBe(400);

    const bad = (await post(context, {
      intent: "transcript",
      sessionId,
      email: "not-an-email",
    })) as unknown as DataResult;
    expect(bad.init.status).toBe(400);

    const sent = (await post(context, {
      intent: "transcript",
      sessionId,
      email: "visitor@example.com",
    })) as unknown as DataResult;
    expect(sent.init.status).toBe(200);
    expect(sent.data.toast?.description).toContain("visitor@example.com");
    const [email] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "chat-transcript"));
    expect(email!.toAddress).toBe("visitor@example.com");
    expect(email!.textBody).toContain("You: how fast can you ship?");
    expect(email!.textBody).toContain("Assistant:");
    const [conversation] = await database.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.sessionId, sessionId));
    expect(conversation!.contactEmail).toBe("visitor@example.com");
  });

  it("an unknown conversation is a 404", async () => {
    const gone = (await post(context, {
      intent: "transcript",
      sessionId: "1700000000000_abcdefgh",
      email: "visitor@example.com",
    })) as unknown as DataResult;
    expect(gone.init.status).toBe(404);
  });
});

describe("the model adapter", () => {
  it("streams the OpenAI-compatible answer piece by piece", async () => {
    openai.set({ kind: "answer", content: () => "We ship in 5 to 8 business days." });
    const model = createChatModel({
      baseUrl: openai.baseUrl,
      apiKey: "sk-test",
      model: "fake-1",
    });
    const pieces: string[] = [];
    for await (const piece of model.stream([{ role: "user", content: "how fast?" }], {
      signal: new AbortController().signal,
    })) {
      pieces.push(piece);
    }
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe("We ship in 5 to 8 business days.");
    expect(openai.requests.at(-1)).toMatchObject({ model: "fake-1", stream: true });
  });

  it("a stream cut off half-way ends in an error after the pieces that arrived", async () => {
    openai.set({ kind: "cut", content: "We ship in 5 to 8 business days, always.", pieces: 2 });
    const model = createChatModel({
      baseUrl: openai.baseUrl,
      apiKey: "sk-test",
      model: "fake-1",
    });
    const pieces: string[] = [];
    await expect(
      (async () => {
        for await (const piece of model.stream([{ role: "user", content: "how fast?" }], {
          signal: new AbortController().signal,
        })) {
          pieces.push(piece);
        }
      })(),
    ).rejects.toThrow();
    expect(pieces.join("")).toBe("We ship in 5 to 8 busine".slice(0, 16));
  });

  it("with LLM_BASE_URL and LLM_MODEL set, the chat endpoint answers through the model", async () => {
    const withModel = createTestContext(database.db, {
      env: { LLM_BASE_URL: openai.baseUrl, LLM_API_KEY: "sk-test", LLM_MODEL: "fake-1" },
    });
    openai.set({ kind: "answer", content: () => "MODEL-ANSWER: five to eight business days." });
    const ask = async (on: AppLoadContext) => {
      const response = (await post(on, {
        intent: "message",
        sessionId: await start(on),
        message: "how fast can you ship?",
      })) as Response;
      return response.text();
    };
    expect(await ask(withModel)).toContain("MODEL-ANSWER");
    expect(JSON.stringify(openai.requests.at(-1)!.messages)).toContain("how fast can you ship?");
    // Without them the same question is answered here, and the model hears nothing of it.
    const asked = openai.requests.length;
    expect(await ask(context)).not.toContain("MODEL-ANSWER");
    expect(openai.requests).toHaveLength(asked);
  });

  it("a model stream cut off half-way keeps what was written and says it was cut off", async () => {
    const withModel = createTestContext(database.db, {
      env: { LLM_BASE_URL: openai.baseUrl, LLM_API_KEY: "sk-test", LLM_MODEL: "fake-1" },
    });
    openai.set({ kind: "cut", content: "We usually ship within five to eight days.", pieces: 2 });
    const sessionId = await start(withModel);
    const response = (await post(withModel, {
      intent: "message",
      sessionId,
      message: "how fast can you ship?",
    })) as Response;
    const text = await response.text();
    expect(text.startsWith("We usually ship ")).toBe(true);
    expect(text).toContain(CHAT_TEXT.cutOff.trim());
  });
});
