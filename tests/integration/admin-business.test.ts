import { desc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  chatConversations,
  chatMessages,
  contactMessages,
  emailOutbox,
  orders,
} from "~/platform/db/schema/index";
import type { SiteSettings } from "~/platform/settings/settings";
import { getSiteSettings } from "~/platform/settings/settings.server";
import * as chatScreen from "~/routes/admin/chat-conversations";
import * as dashboardScreen from "~/routes/admin/dashboard";
import * as outboxScreen from "~/routes/admin/email-outbox";
import * as leadsScreen from "~/routes/admin/leads";
import * as ordersScreen from "~/routes/admin/orders";
import * as settingsScreen from "~/routes/admin/site-settings";
import { browserRequest, createAccount, signIn } from "../support/admin";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";
import { expectConsoleErrors } from "../support/fail-on-console-error";
import { outcome } from "../support/route";

let database: TestDatabase;
let context: AppLoadContext;
let cookie: string;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  context = createTestContext(database.db);
  await createAccount(context, "owner@example.com", "admin");
  cookie = await signIn(context, "owner@example.com");
});
afterAll(() => database.destroy());

type Screen = { loader: (args: never) => unknown; action?: (args: never) => unknown };

function load<S extends Screen>(screen: S, url: string, on = context) {
  return screen.loader({
    request: browserRequest(on, url, { cookie }),
    context: on,
    params: {},
  } as never) as ReturnType<S["loader"]>;
}

function post<S extends Screen>(screen: S, url: string, form: Record<string, string>) {
  return screen.action!({
    request: browserRequest(context, url, { cookie, form }),
    context,
    params: {},
  } as never) as ReturnType<NonNullable<S["action"]>>;
}

async function lastAudit() {
  const [row] = await database.db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row!;
}

/** The context, except that reading `table` fails (sessions and everything else work). */
function failingReadsOf(table: object) {
  const db = new Proxy(database.db, {
    get(target, property) {
      if (property !== "select") return Reflect.get(target, property);
      return (...args: Parameters<typeof target.select>) =>
        new Proxy(target.select(...args), {
          get(builder, key) {
            if (key !== "from") return Reflect.get(builder, key);
            return (source: object) => {
              if (source === table) throw new Error("database unavailable");
              return builder.from(source as never);
            };
          },
        });
    },
  });
  return { ...context, db };
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe("Leads", () => {
  let oldId: string;
  let newId: string;
  // Each test starts from these two leads, both new.
  beforeEach(async () => {
    await database.db.delete(contactMessages);
    const rows = await database.db
      .insert(contactMessages)
      .values([
        {
          name: "Ada Old",
          email: "ada@example.com",
          message: "Quote for 50 shirts",
          createdAt: minutesAgo(60),
        },
        {
          name: "Bob New",
          email: "bob@example.com",
          message: '=HYPERLINK("x")',
          createdAt: minutesAgo(1),
        },
      ])
      .returning();
    [oldId, newId] = [rows[0]!.id, rows[1]!.id];
  });

  it("lists every message newest first, searches and filters by status in the URL", async () => {
    const all = await load(leadsScreen, "/admin/leads");
    expect(all.leads?.rows.map((l) => l.name)).toEqual(["Bob New", "Ada Old"]);
    expect(all.leads).toMatchObject({ total: 2, page: 1, q: "" });
    expect(all.csv).toBe("/admin/leads.csv");

    const found = await load(leadsScreen, "/admin/leads?q=SHIRTS&status=new");
    expect(found.leads?.rows.map((l) => l.name)).toEqual(["Ada Old"]);
    expect(found.csv).toBe("/admin/leads.csv?q=SHIRTS&status=new");

    const odd = await load(leadsScreen, "/admin/leads?status=bogus&page=-3");
    expect(odd.leads).toMatchObject({ total: 2, page: 1, status: undefined });
  });

  it("marks a lead handled with a note, audited, and the filter then finds it", async () => {
    const result = await post(leadsScreen, "/admin/leads", {
      intent: "save",
      id: oldId,
      status: "handled",
      note: "  Called back, quote sent  ",
    });
    expect(result).toMatchObject({ ok: true, toast: { description: "Lead updated successfully" } });
    expect(await lastAudit()).toMatchObject({
      actorEmail: "owner@example.com",
      action: "update",
      entityType: "lead",
      entityId: oldId,
      before: { status: "new", note: null },
      after: { status: "handled", note: "Called back, quote sent" },
    });
    const handled = await load(leadsScreen, "/admin/leads?status=handled");
    expect(handled.leads?.rows.map((l) => l.id)).toEqual([oldId]);
    expect(
      (await load(leadsScreen, "/admin/leads?status=new")).leads?.rows.map((l) => l.id),
    ).toEqual([newId]);
  });

  it("refuses a bad status with its field message, an unknown lead, and a missing intent", async () => {
    expect(
      await post(leadsScreen, "/admin/leads", { intent: "save", id: newId, status: "closed" }),
    ).toMatchObject({ ok: false, fieldErrors: { status: "Status must be new or handled" } });
    expect(
      await post(leadsScreen, "/admin/leads", {
        intent: "save",
        id: "00000000-0000-4000-8000-000000000000",
        status: "handled",
      }),
    ).toMatchObject({
      ok: false,
      toast: { description: "This lead no longer exists. Reload the page." },
    });
    const bad = await outcome(() =>
      post(leadsScreen, "/admin/leads", { id: newId, status: "handled" }),
    );
    expect(bad.status).toBe(400);
    const [row] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, newId));
    expect(row?.status).toBe("new");
  });

  it("shows 'Failed to load leads' when the list cannot be read", async () => {
    expectConsoleErrors(1);
    const data = await load(leadsScreen, "/admin/leads", failingReadsOf(contactMessages));
    expect(data.leads).toBeNull();
  });

  it("is behind the gate", async () => {
    const anonymous = await outcome(() =>
      leadsScreen.loader({
        request: browserRequest(context, "/admin/leads"),
        context,
        params: {},
      } as never),
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toContain("/admin/auth");
  });
});

describe("Orders", () => {
  beforeEach(async () => {
    await database.db.delete(orders);
    const base = {
      plan: "pro" as const,
      interval: "annual" as const,
      planPriceCents: 42000,
      setupFeeCents: 0,
      firstPaymentCents: 42000,
      recurringPaymentCents: 42000,
      provider: "test" as const,
    };
    await database.db.insert(orders).values([
      {
        ...base,
        customerEmail: "paid@example.com",
        status: "paid",
        providerSessionId: "cs_paid",
        couponCode: "SAVE10",
        createdAt: minutesAgo(5),
      },
      {
        ...base,
        customerEmail: "waiting@example.com",
        status: "pending",
        providerSessionId: "cs_wait",
        createdAt: minutesAgo(2),
      },
    ]);
  });

  it("lists checkouts newest first and filters by status (the dashboard's link)", async () => {
    const all = await load(ordersScreen, "/admin/orders");
    expect(all.orders?.rows.map((o) => o.customerEmail)).toEqual([
      "waiting@example.com",
      "paid@example.com",
    ]);
    const paid = await load(ordersScreen, "/admin/orders?status=paid");
    expect(paid.orders?.rows).toMatchObject([
      {
        customerEmail: "paid@example.com",
        couponCode: "SAVE10",
        providerSessionId: "cs_paid",
        planPriceCents: 42000,
      },
    ]);
    expect(paid.orders?.status).toBe("paid");
    const dashboard = await load(dashboardScreen, "/admin");
    expect(dashboard.counts.paidOrders).toBe(paid.orders?.total);
    expect((await load(ordersScreen, "/admin/orders?q=save1")).orders?.total).toBe(1);
  });
});

describe("Email Outbox", () => {
  let failedId: string;
  let sentId: string;
  // Each test starts from one failed and one sent email.
  beforeEach(async () => {
    await database.db.delete(emailOutbox);
    const base = {
      kind: "contact-notification",
      fromAddress: "hello@example.com",
      htmlBody: "<p>Hi</p>",
    };
    const rows = await database.db
      .insert(emailOutbox)
      .values([
        {
          ...base,
          toAddress: "sales@example.com",
          subject: "New lead",
          textBody: "Someone wrote",
          status: "failed",
          attempts: 5,
          lastError: "550 mailbox unavailable",
          createdAt: minutesAgo(10),
        },
        {
          ...base,
          toAddress: "buyer@example.com",
          subject: "Your order",
          textBody: "Thanks",
          status: "sent",
          attempts: 1,
          sentAt: minutesAgo(3),
          createdAt: minutesAgo(4),
        },
      ])
      .returning();
    [failedId, sentId] = [rows[0]!.id, rows[1]!.id];
  });

  it("lists emails with status, attempts and last error, and opens one's text by ?id=", async () => {
    const data = await load(outboxScreen, `/admin/email-outbox?status=failed&id=${failedId}`);
    expect(data.emails?.rows).toMatchObject([
      { id: failedId, status: "failed", attempts: 5, lastError: "550 mailbox unavailable" },
    ]);
    expect(data.opened).toMatchObject({ subject: "New lead", textBody: "Someone wrote" });
    expect((await load(outboxScreen, "/admin/email-outbox")).opened).toBeUndefined();
    expect((await load(outboxScreen, "/admin/email-outbox?id=nope")).opened).toBeNull();
  });

  it("sends a failed email again (queued, attempts reset, audited), never a sent one", async () => {
    expect(
      await post(outboxScreen, "/admin/email-outbox", { intent: "resend", id: failedId }),
    ).toMatchObject({
      ok: true,
      toast: { description: "The email is queued and will be sent again shortly." },
    });
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, failedId));
    expect(row).toMatchObject({ status: "queued", attempts: 0 });
    expect(await lastAudit()).toMatchObject({
      action: "resend",
      entityType: "email",
      entityId: failedId,
      before: { status: "failed", attempts: 5 },
    });
    expect(
      await post(outboxScreen, "/admin/email-outbox", { intent: "resend", id: sentId }),
    ).toMatchObject({
      ok: false,
      toast: { description: "Only a failed email can be sent again." },
    });
    const bad = await outcome(() =>
      post(outboxScreen, "/admin/email-outbox", { intent: "resend", id: "x" }),
    );
    expect(bad.status).toBe(400);
  });
});

describe("Site Settings", () => {
  // Each test starts from the settings as seeded (read before any test here changed them), saved
  // back through the screen, which also clears the settings' short-lived cache.
  let seeded: SiteSettings;
  beforeAll(async () => {
    seeded = await getSiteSettings(database.db);
  });
  beforeEach(async () => {
    const form: Record<string, string> = { intent: "save" };
    for (const [key, value] of Object.entries(seeded)) {
      if (typeof value === "string") form[key] = value;
    }
    if (seeded.chatAssistantEnabled) form.chatAssistantEnabled = "on";
    expect(await post(settingsScreen, "/admin/site-settings", form)).toMatchObject({ ok: true });
  });

  it("shows the current settings with the chat assistant off by default", async () => {
    const data = await load(settingsScreen, "/admin/site-settings");
    expect(data.settings).toMatchObject({ chatAssistantEnabled: false });
  });

  it("saves every field, turns the chat assistant on, audited, and pages read it", async () => {
    const current = (await load(settingsScreen, "/admin/site-settings")).settings!;
    const form: Record<string, string> = { intent: "save", chatAssistantEnabled: "on" };
    for (const [key, value] of Object.entries(current)) {
      if (typeof value === "string") form[key] = value;
    }
    form.phone = "(555) 010-2030";
    form.bookingUrl = "https://book.example.com/call";
    const result = await post(settingsScreen, "/admin/site-settings", form);
    expect(result).toMatchObject({ ok: true });
    const saved = await getSiteSettings(database.db);
    expect(saved).toMatchObject({
      phone: "(555) 010-2030",
      bookingUrl: "https://book.example.com/call",
      chatAssistantEnabled: true,
    });
    expect(await lastAudit()).toMatchObject({
      action: "update",
      entityType: "site_settings",
      after: { bookingUrl: "https://book.example.com/call", chatAssistantEnabled: true },
    });
  });

  it("answers each bad field with its own message and changes nothing", async () => {
    const before = await getSiteSettings(database.db);
    const result = await post(settingsScreen, "/admin/site-settings", {
      intent: "save",
      street: "",
      city: "Town",
      region: "NY",
      postalCode: "10001",
      phone: "12",
      email: "not-an-email",
      shopUrl: "javascript:alert(1)",
      promoProductsUrl: "https://promo.example.com",
      bookingUrl: "https://book.example.com",
      quoteRequestUrl: "https://quote.example.com",
      intakeFormUrl: "https://intake.example.com",
      reviewsUrl: "https://reviews.example.com",
    });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        street: "Street address is required",
        phone: "Phone number must have at least 10 digits",
        email: "Please enter a valid email address",
        shopUrl: "Shop link must be a valid URL (https://...)",
      },
    });
    expect(await getSiteSettings(database.db)).toEqual(before);
  });
});

describe("Chat Conversations", () => {
  let firstId: string;
  let secondId: string;
  // Each test starts from these two conversations, the first with two messages.
  beforeEach(async () => {
    await database.db.delete(chatMessages);
    await database.db.delete(chatConversations);
    const rows = await database.db
      .insert(chatConversations)
      .values([
        {
          sessionId: "sess-alpha",
          contactEmail: "Jane@Example.com",
          contactName: "Jane Doe",
          startedAt: minutesAgo(30),
          updatedAt: minutesAgo(20),
        },
        { sessionId: "sess-beta", startedAt: minutesAgo(10), updatedAt: minutesAgo(5) },
      ])
      .returning();
    [firstId, secondId] = [rows[0]!.id, rows[1]!.id];
    await database.db.insert(chatMessages).values([
      {
        conversationId: firstId,
        messageText: "Do you print hoodies?",
        isUserMessage: true,
        timestamp: minutesAgo(29),
      },
      {
        conversationId: firstId,
        messageText: "Yes, we do.",
        isUserMessage: false,
        timestamp: minutesAgo(28),
      },
    ]);
  });

  it("lists most recently updated first with the total, and searches session, email or name", async () => {
    const data = await load(chatScreen, "/admin/chat-conversations");
    expect(data.list?.rows.map((c) => c.sessionId)).toEqual(["sess-beta", "sess-alpha"]);
    expect(data.list?.total).toBe(2);
    expect(data.selected).toBeUndefined();
    for (const q of ["ALPHA", "jane@example", "doe"]) {
      const found = await load(chatScreen, `/admin/chat-conversations?q=${q}`);
      expect(found.list?.rows.map((c) => c.sessionId)).toEqual(["sess-alpha"]);
    }
    expect((await load(chatScreen, "/admin/chat-conversations?q=nobody")).list).toMatchObject({
      total: 0,
      q: "nobody",
    });
  });

  it("opens a conversation's messages in the order they were written", async () => {
    const data = await load(chatScreen, `/admin/chat-conversations?id=${firstId}`);
    expect(data.selected?.messages.map((m) => [m.isUserMessage, m.messageText])).toEqual([
      [true, "Do you print hoodies?"],
      [false, "Yes, we do."],
    ]);
  });

  it("reports 'Failed to load messages' and 'Failed to load chat conversations' as null", async () => {
    expectConsoleErrors(2);
    const noMessages = await load(
      chatScreen,
      `/admin/chat-conversations?id=${firstId}`,
      failingReadsOf(chatMessages),
    );
    expect(noMessages.selected).toBeNull();
    expect(noMessages.list?.total).toBe(2);
    const noList = await load(
      chatScreen,
      "/admin/chat-conversations",
      failingReadsOf(chatConversations),
    );
    expect(noList.list).toBeNull();
  });

  it("deletes at once with the spec's toast, audited; the selection is then empty", async () => {
    expect(
      await post(chatScreen, "/admin/chat-conversations", { intent: "delete", id: firstId }),
    ).toMatchObject({
      ok: true,
      toast: { description: "Conversation deleted successfully" },
    });
    expect(await lastAudit()).toMatchObject({
      action: "delete",
      entityType: "chat_conversation",
      entityId: firstId,
      before: { sessionId: "sess-alpha" },
    });
    const after = await load(chatScreen, `/admin/chat-conversations?id=${firstId}`);
    expect(after.selected).toBeUndefined();
    expect(after.list?.rows.map((c) => c.id)).toEqual([secondId]);
    expect(
      await database.db.select().from(chatMessages).where(eq(chatMessages.conversationId, firstId)),
    ).toEqual([]);
    expect(
      await post(chatScreen, "/admin/chat-conversations", { intent: "delete", id: firstId }),
    ).toMatchObject({
      ok: false,
      toast: {
        title: "Error",
        description: "Failed to delete conversation",
        variant: "destructive",
      },
    });
  });
});
