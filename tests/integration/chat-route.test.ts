import type { ActionFunctionArgs, AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_TEXT } from "~/capabilities/chat/chat";
import { action } from "~/routes/resources/chat";
import { createTestContext } from "../support/context";
import { setChatAssistant } from "../support/settings";
import { type TestDatabase, createTestDatabase } from "../support/database";
import type { FormResult } from "~/platform/forms/result";
import type { ChatOpened } from "~/capabilities/chat/chat";

let database: TestDatabase;
let context: AppLoadContext;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  context = createTestContext(database.db);
  await setChatAssistant(database.db, true);
});
afterAll(() => database.destroy());

type DataResult = {
  data: FormResult<ChatOpened>;
  init: { status: number; headers?: Record<string, string> };
};

async function post(body: string, type = "application/json") {
  const request = new Request("http://localhost/resources/chat", {
    method: "POST",
    headers: { "content-type": type },
    body,
  });
  return action({ request, context, params: {} } as unknown as ActionFunctionArgs);
}

describe("POST /resources/chat", () => {
  it("opens a conversation, then streams an answer as plain text", async () => {
    const started = (await post(JSON.stringify({ intent: "start" }))) as unknown as DataResult;
    expect(started.init.status).toBe(201);
    expect(started.data.data?.greeting).toBe(CHAT_TEXT.greeting);
    const sessionId = String(started.data.data?.sessionId);

    const response = (await post(
      new URLSearchParams({
        intent: "message",
        sessionId,
        message: "how fast can you ship?",
      }).toString(),
      "application/x-www-form-urlencoded",
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    const text = await response.text();
    expect(text).toContain("5–8 business day");
    expect(text).toMatch(/\]\(\/[^)]*#faq\)/);
  });

  it("answers bad input with a clear 4xx", async () => {
    const bad = async (body: string, type?: string) =>
      ((await post(body, type)) as unknown as DataResult).init.status;
    expect(await bad("{not json")).toBe(400);
    expect(await bad(JSON.stringify({ intent: "explode" }))).toBe(400);
    expect(await bad("hello", "text/plain")).toBe(415);
    expect(
      await bad(JSON.stringify({ intent: "message", sessionId: "x", message: "y".repeat(9000) })),
    ).toBe(413);

    const started = (await post(JSON.stringify({ intent: "start" }))) as unknown as DataResult;
    const tooLong = (await post(
      JSON.stringify({
        intent: "message",
        sessionId: started.data.data?.sessionId,
        message: "y".repeat(1001),
      }),
    )) as unknown as DataResult;
    expect(tooLong.init.status).toBe(400);
    expect(tooLong.data.toast?.description).toBe(CHAT_TEXT.tooLong);

    const details = (await post(
      JSON.stringify({ intent: "details", sessionId: started.data.data?.sessionId, email: "nope" }),
    )) as unknown as DataResult;
    expect(details).toMatchObject({
      init: { status: 400 },
      data: { ok: false, toast: { description: CHAT_TEXT.invalidEmail } },
    });
  });
});

describe("control characters in the chat's JSON and form bodies (issue 22, fix 5)", () => {
  it.each([
    [
      JSON.stringify({ intent: "message", sessionId: "x", message: "hi\u0000" }),
      "application/json",
      "Message",
    ],
    [
      JSON.stringify({ intent: "details", sessionId: "x", name: "A\u0007" }),
      "application/json",
      "Name",
    ],
    [
      JSON.stringify({ intent: "details", sessionId: "x", email: "a@b.c\u0000" }),
      "application/json",
      "Email",
    ],
    ["intent=message&sessionId=x&message=hi%00", "application/x-www-form-urlencoded", "Message"],
  ])("refuses %s with a 400 in the field's words", async (body, type, label) => {
    const result = (await post(body, type)) as unknown as DataResult | Response;
    const status = result instanceof Response ? result.status : result.init.status;
    const text = result instanceof Response ? await result.text() : JSON.stringify(result.data);
    expect(status).toBe(400);
    expect(text).toContain(`${label} cannot contain control characters.`);
  });
});
