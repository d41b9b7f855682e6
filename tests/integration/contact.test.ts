import { expectConsoleErrors } from "../support/fail-on-console-error";
import { eq, sql } from "drizzle-orm";
import type { ActionFunctionArgs, AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, emailOutbox } from "~/platform/db/schema/index";
import {
  type ContactAnswer,
  contactMessagesText,
  missingFields,
} from "~/capabilities/contact/contact";
import type { EmailService } from "~/platform/email/outbox.server";
import { action } from "~/routes/resources/contact";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";

let database: TestDatabase;
let context: AppLoadContext;
beforeAll(async () => {
  database = await createTestDatabase();
  context = createTestContext(database.db, { env: { COMPANY_INBOX: "team@example.com" } });
});
afterAll(() => database.destroy());

let lastIp = 0;
/** Each submission comes from its own address unless a test says otherwise. */
const freshIp = () => `198.51.100.${++lastIp}`;

const filled = (overrides: Record<string, string> = {}) => ({
  name: "Dana Whitfield",
  email: "dana@acme-hvac.example",
  phone: "",
  message: "We need 60 embroidered polos for our service techs.",
  returnTo: "/bulk-orders",
  ...overrides,
});

function post(fields: Record<string, string>, enhanced = true) {
  const body = new URLSearchParams({ ...fields, ...(enhanced ? { enhanced: "1" } : {}) });
  return new Request("https://www.example.com/resources/contact", { method: "POST", body });
}

async function submit(
  fields: Record<string, string>,
  options: { ip?: string; context?: AppLoadContext } = {},
) {
  const ctx = { ...(options.context ?? context), clientIp: options.ip ?? freshIp() };
  const result = (await action({
    request: post(fields),
    context: ctx,
    params: {},
  } as ActionFunctionArgs)) as unknown as { data: ContactAnswer; init: { status: number } };
  const outcome = result.data.data!.outcome;
  const missing = missingFields(result.data);
  return {
    ...result.data,
    outcome,
    ...(missing.length ? { missing } : {}),
    status: result.init.status,
    text: contactMessagesText[outcome],
  };
}

const storedFor = (email: string) =>
  database.db.select().from(contactMessages).where(eq(contactMessages.email, email));

describe("the contact form's action", () => {
  it.each(["name", "email", "message"])(
    "answers a %s of only spaces with 'Missing Information' and stores nothing",
    async (field) => {
      const email = `missing-${field}@example.com`;
      const result = await submit(filled({ email, [field]: "   \n " }));
      expect(result).toMatchObject({ outcome: "missing", missing: [field], status: 400 });
      expect(result.text).toMatchObject({
        title: "Missing Information",
        description: "Please fill in all required fields before sending.",
      });
      expect(await storedFor(email)).toEqual([]);
    },
  );

  it("names every empty required field at once, and a body that is not a form is just as empty", async () => {
    expect(await submit({})).toMatchObject({
      outcome: "missing",
      missing: ["name", "email", "message"],
    });
    const request = new Request("https://www.example.com/resources/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    const response = (await action({
      request,
      context,
      params: {},
    } as ActionFunctionArgs)) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/?contact=missing#contact-section");
  });

  it("refuses an address that cannot be an email with 'Please enter a valid email address'", async () => {
    const result = await submit(filled({ email: "dana at acme" }));
    expect(result).toMatchObject({ outcome: "invalid-email", status: 400 });
    expect(result.text.description).toBe("Please enter a valid email address");
  });

  it("refuses a message longer than 5,000 characters", async () => {
    const result = await submit(filled({ email: "long@example.com", message: "a".repeat(5001) }));
    expect(result).toMatchObject({ outcome: "too-long", status: 400 });
    expect(await storedFor("long@example.com")).toEqual([]);
  });

  it("stores a trimmed message and queues a notification to the team and a reply to the sender", async () => {
    // An address no other test sends from, so the one stored message is this test's.
    const email = "dana.trimmed@acme-hvac.example";
    const result = await submit(
      filled({ name: "  Dana Whitfield ", email: ` ${email} `, phone: " (513) 555-0199 " }),
    );
    expect(result).toMatchObject({ outcome: "sent", status: 200 });
    expect(result.text).toEqual({
      title: "Message Sent",
      description: "Thank you for reaching out. We'll respond shortly.",
      tone: "success",
    });

    const [stored] = await storedFor(email);
    expect(stored).toMatchObject({
      name: "Dana Whitfield",
      phone: "(513) 555-0199",
      message: "We need 60 embroidered polos for our service techs.",
      sourcePath: "/bulk-orders",
      status: "new",
    });

    const emails = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `contact-notification:${stored!.id}`))
      .union(
        database.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.dedupeKey, `contact-acknowledgement:${stored!.id}`)),
      );
    const notification = emails.find((e) => e.kind === "contact-notification");
    const acknowledgement = emails.find((e) => e.kind === "contact-acknowledgement");
    expect(notification).toMatchObject({
      toAddress: "team@example.com",
      replyTo: email,
      subject: "New message from Dana Whitfield",
      status: "stored",
    });
    expect(notification!.textBody).toContain("We need 60 embroidered polos");
    expect(notification!.textBody).toContain("Phone: (513) 555-0199");
    expect(acknowledgement).toMatchObject({ toAddress: email, status: "stored" });
    expect(acknowledgement!.textBody).toContain("Thanks for reaching out, Dana Whitfield");
    // The visitor's own words are not mailed back to whatever address was typed in.
    expect(acknowledgement!.textBody).not.toContain("embroidered polos");
  });

  it("escapes what a visitor types in the HTML email", async () => {
    await submit(filled({ email: "html@example.com", message: "<script>alert(1)</script>" }));
    const [row] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.replyTo, "html@example.com"));
    expect(row!.htmlBody).not.toContain("<script>");
    expect(row!.htmlBody).toContain("&lt;script&gt;");
  });

  it("looks like success to a bot that fills the hidden field, but stores and sends nothing", async () => {
    const email = "bot@spam.example";
    const before = await database.db.$count(emailOutbox);
    const result = await submit(filled({ email, company_website: "https://cheap-pills.example" }));
    expect(result).toMatchObject({ outcome: "sent", status: 200 });
    expect(await storedFor(email)).toEqual([]);
    expect(await database.db.$count(emailOutbox)).toBe(before);
  });

  it("refuses the sixth message from one address within a minute", async () => {
    const ip = "192.0.2.77";
    const outcomes = [];
    for (let i = 1; i <= 6; i++) {
      outcomes.push((await submit(filled({ email: `burst${i}@example.com` }), { ip })).outcome);
    }
    expect(outcomes).toEqual(["sent", "sent", "sent", "sent", "sent", "rate-limited"]);
    const refused = await submit(filled({ email: "burst7@example.com" }), { ip });
    expect(refused).toMatchObject({ status: 429 });
    expect(refused.text.description).toBe("Too many messages. Please wait a minute and try again.");
    expect(await storedFor("burst6@example.com")).toEqual([]);
    // Someone else is not held back by it.
    expect((await submit(filled({ email: "other@example.com" }))).outcome).toBe("sent");
  });

  it("stores the message and its emails together or not at all, and tells the visitor to reach us directly", async () => {
    expectConsoleErrors(1);
    let calls = 0;
    // The first email is written, the second fails: the transaction must take both back.
    const failingSecond: EmailService = {
      ...context.services.email,
      queue: (message, options) =>
        ++calls === 2
          ? Promise.reject(new Error("outbox unavailable"))
          : context.services.email.queue(message, options),
    };
    const email = "half-written@example.com";
    const outboxBefore = await database.db.$count(emailOutbox);
    const result = await submit(filled({ email }), {
      context: { ...context, services: { ...context.services, email: failingSecond } },
    });
    expect(result).toMatchObject({ outcome: "failed", status: 503 });
    expect(result.text).toMatchObject({
      title: "Error",
      description: "Failed to send message. Please try again or contact us directly.",
    });
    expect(await storedFor(email)).toEqual([]);
    expect(await database.db.$count(emailOutbox)).toBe(outboxBefore);
    // An acknowledged message always has both of its emails.
    const sent = await submit(filled({ email: "whole@example.com" }));
    expect(sent.outcome).toBe("sent");
    const [stored] = await storedFor("whole@example.com");
    const kinds = await database.db
      .select({ kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(sql`${emailOutbox.dedupeKey} like ${"%:" + stored!.id}`);
    expect(kinds.map((k) => k.kind).sort()).toEqual([
      "contact-acknowledgement",
      "contact-notification",
    ]);
  });

  it("answers a rate-limited message with Retry-After", async () => {
    const ip = "192.0.2.78";
    for (let i = 1; i <= 5; i++) await submit(filled({ email: `wait${i}@example.com` }), { ip });
    const response = (await action({
      request: post(filled({ email: "wait6@example.com" })),
      context: { ...context, clientIp: ip },
      params: {},
    } as ActionFunctionArgs)) as unknown as { init: ResponseInit | null };
    expect(response.init?.status).toBe(429);
    expect(Number(new Headers(response.init?.headers).get("Retry-After"))).toBeGreaterThan(0);
  });

  it("refuses a control character in a field in that field's words, and stores nothing", async () => {
    const response = (await action({
      request: post(filled({ email: "nul@example.com", name: "Da\u0000na" })),
      context: { ...context, clientIp: freshIp() },
      params: {},
    } as ActionFunctionArgs)) as unknown as { data: ContactAnswer; init: ResponseInit | null };
    expect(response.init?.status).toBe(400);
    expect(response.data).toMatchObject({
      ok: false,
      fieldErrors: { name: "Name cannot contain control characters." },
    });
    expect(await storedFor("nul@example.com")).toEqual([]);
  });
});

describe("the contact form without JavaScript", () => {
  async function plainPost(fields: Record<string, string>) {
    const response = (await action({
      request: post(fields, false),
      context: { ...context, clientIp: freshIp() },
      params: {},
    } as ActionFunctionArgs)) as Response;
    return { status: response.status, location: response.headers.get("Location") };
  }

  it("sends the browser back to its page at the contact section with the outcome", async () => {
    expect(
      await plainPost(filled({ email: "nojs@example.com", returnTo: "/about?ref=ad" })),
    ).toEqual({
      status: 303,
      location: "/about?ref=ad&contact=sent#contact-section",
    });
    expect(await storedFor("nojs@example.com")).toHaveLength(1);
    expect(await plainPost(filled({ name: "", returnTo: "/webstores" }))).toMatchObject({
      location: "/webstores?contact=missing#contact-section",
    });
  });

  it.each([
    "//evil.example/phish",
    "https://evil.example/",
    "/\\evil.example",
    "javascript:alert(1)",
  ])("never returns the browser to another site (%s)", async (returnTo) => {
    const { location } = await plainPost(filled({ returnTo }));
    expect(location).toBe("/?contact=sent#contact-section");
  });
});
