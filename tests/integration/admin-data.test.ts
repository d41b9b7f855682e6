import { parse } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
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
import {
  deleteChatConversation,
  getChatConversation,
  listChatConversations,
} from "~/capabilities/chat/conversations.server";
import { getOutboxEmail, listOutbox, resendEmail } from "~/platform/email/outbox-admin.server";
import { listLeads, updateLead } from "~/capabilities/contact/leads.server";
import { neutraliseFormula } from "~/platform/lib/csv";
import { listOrders } from "~/capabilities/checkout/orders.server";
import { DEFAULT_SITE_SETTINGS, phoneHref } from "~/platform/settings/settings";
import { getSiteSettings, updateSiteSettings } from "~/platform/settings/settings.server";
import { loader as rootLoader } from "~/root";
import { loader as csvLoader } from "~/routes/resources/leads-csv";
import { browserRequest, createAccount, settle, signIn } from "../support/admin";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";

let database: TestDatabase;
let context: AppLoadContext;
let cookie: string;
const actor = { id: null, email: "owner@example.com" };
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  context = createTestContext(database.db);
  await createAccount(context, "owner@example.com", "admin");
  cookie = await signIn(context, "owner@example.com");
});
afterAll(() => database.destroy());

const auditOf = (entityType: string, entityId: string) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)));

describe("leads", () => {
  // Each test starts from these 33 leads, all new.
  beforeEach(async () => {
    await database.db.delete(contactMessages);
    await database.db.insert(contactMessages).values([
      {
        name: "Ana Lopez",
        email: "ana@acme.example",
        message: "Need 200 hoodies",
        createdAt: minutesAgo(30),
      },
      {
        name: "Bo Chen",
        email: "bo@globex.example",
        message: "Webstore for our 50% sale_team",
        createdAt: minutesAgo(20),
      },
      {
        name: '=HYPERLINK("http://evil.example","click")',
        email: "mallory@evil.example",
        phone: "+1 555 0100",
        message: 'Quote "this", please,\nand a new line',
        createdAt: minutesAgo(10),
      },
      ...Array.from({ length: 30 }, (_, i) => ({
        name: `Filler ${i}`,
        email: `filler${i}@example.com`,
        message: "Just browsing",
        createdAt: minutesAgo(100 + i),
      })),
    ]);
  });

  it("lists newest first, paged, with the total", async () => {
    const first = await listLeads(database.db, { pageSize: 10 });
    expect(first.total).toBe(33);
    expect(first.pageCount).toBe(4);
    expect(first.rows.map((r) => r.email).slice(0, 3)).toEqual([
      "mallory@evil.example",
      "bo@globex.example",
      "ana@acme.example",
    ]);
    const last = await listLeads(database.db, { pageSize: 10, page: 4 });
    expect(last.rows).toHaveLength(3);
    expect(last.rows.at(-1)?.name).toBe("Filler 29");
  });

  it("searches name, email and message case-insensitively; % and _ are plain characters", async () => {
    expect((await listLeads(database.db, { q: "ANA" })).rows.map((r) => r.name)).toEqual([
      "Ana Lopez",
    ]);
    expect((await listLeads(database.db, { q: "globex" })).total).toBe(1);
    expect((await listLeads(database.db, { q: "hoodies" })).rows[0]?.name).toBe("Ana Lopez");
    expect((await listLeads(database.db, { q: "50%" })).rows.map((r) => r.name)).toEqual([
      "Bo Chen",
    ]);
    expect((await listLeads(database.db, { q: "e_t" })).rows.map((r) => r.name)).toEqual([
      "Bo Chen",
    ]);
    expect((await listLeads(database.db, { q: "o_C" })).total).toBe(0);
    expect((await listLeads(database.db, { q: "nobody-matches" })).total).toBe(0);
  });

  it("sets status and note, audited; refuses a bad status with its message", async () => {
    const [ana] = (await listLeads(database.db, { q: "ana@acme" })).rows;
    const result = await updateLead(database.db, actor, ana!.id, {
      status: "handled",
      note: " Called back ",
    });
    expect(result).toMatchObject({ ok: true, lead: { status: "handled", note: "Called back" } });
    expect((await listLeads(database.db, { status: "handled" })).rows.map((r) => r.id)).toEqual([
      ana!.id,
    ]);
    const [entry] = await auditOf("lead", ana!.id);
    expect(entry).toMatchObject({
      action: "update",
      actorEmail: "owner@example.com",
      before: { status: "new", note: null },
      after: { status: "handled", note: "Called back" },
    });

    expect(await updateLead(database.db, actor, ana!.id, { status: "done" })).toEqual({
      ok: false,
      reason: "invalid",
      fieldErrors: { status: "Status must be new or handled" },
    });
    expect(
      await updateLead(database.db, actor, "00000000-0000-0000-0000-000000000000", {
        status: "new",
      }),
    ).toEqual({ ok: false, reason: "not-found" });
  });

  it("neutralises cells a spreadsheet would run", () => {
    for (const cell of ["=1+2", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) {
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    }
    expect(neutraliseFormula("plain")).toBe("plain");
  });

  it("exports the matching leads as CSV for admins, quoted and with formulas neutralised", async () => {
    const response = (await settle(() =>
      csvLoader({
        request: browserRequest(context, "/admin/leads.csv", { cookie }),
        context,
        params: {},
      } as never),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /attachment; filename="leads-\d{4}-\d\d-\d\d\.csv"/,
    );
    const text = await response.text();
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(33);
    expect(rows[0]).toMatchObject({
      Name: '\'=HYPERLINK("http://evil.example","click")',
      Phone: "'+1 555 0100",
      Message: 'Quote "this", please,\nand a new line',
      Status: "new",
    });
    expect(text).toContain('"Quote ""this"", please,\nand a new line"');

    const filtered = (await settle(() =>
      csvLoader({
        request: browserRequest(context, "/admin/leads.csv?q=globex", { cookie }),
        context,
        params: {},
      } as never),
    )) as Response;
    expect((parse(await filtered.text(), { bom: true, columns: true }) as unknown[]).length).toBe(
      1,
    );

    const anonymous = (await settle(() =>
      csvLoader({
        request: browserRequest(context, "/admin/leads.csv"),
        context,
        params: {},
      } as never),
    )) as Response;
    expect(anonymous.status).toBe(302);
  });
});

describe("orders", () => {
  it("lists newest first and filters by status", async () => {
    const base = {
      plan: "core" as const,
      interval: "annual" as const,
      planPriceCents: 18_000,
      setupFeeCents: 25_000,
      firstPaymentCents: 43_000,
      recurringPaymentCents: 18_000,
      provider: "test" as const,
    };
    await database.db.insert(orders).values([
      { ...base, customerEmail: "a@example.com", status: "paid", createdAt: minutesAgo(3) },
      {
        ...base,
        customerEmail: "b@example.com",
        status: "pending",
        createdAt: minutesAgo(2),
        couponCode: "SAVE10",
      },
      { ...base, customerEmail: "c@example.com", status: "paid", createdAt: minutesAgo(1) },
    ]);
    expect((await listOrders(database.db)).rows.map((o) => o.customerEmail)).toEqual([
      "c@example.com",
      "b@example.com",
      "a@example.com",
    ]);
    const paid = await listOrders(database.db, { status: "paid" });
    expect(paid.total).toBe(2);
    expect(paid.rows.map((o) => o.customerEmail)).toEqual(["c@example.com", "a@example.com"]);
    expect((await listOrders(database.db, { q: "save10" })).rows[0]?.customerEmail).toBe(
      "b@example.com",
    );
    expect((await listOrders(database.db, { status: "bogus" })).total).toBe(3);
  });
});

describe("email outbox", () => {
  it("lists emails with status and attempts, shows the text, and resends a failed one (audited)", async () => {
    const email = {
      kind: "contact-notification",
      fromAddress: "hello@example.com",
      subject: "New lead",
      textBody: "Hello, the text",
      htmlBody: "<p>Hello</p>",
    };
    const [sent, failed] = await database.db
      .insert(emailOutbox)
      .values([
        {
          ...email,
          toAddress: "sales@example.com",
          status: "sent",
          attempts: 1,
          sentAt: new Date(),
          createdAt: minutesAgo(5),
        },
        {
          ...email,
          toAddress: "broken@example.com",
          status: "failed",
          attempts: 8,
          lastError: "550 mailbox unavailable",
          createdAt: minutesAgo(1),
        },
      ])
      .returning();
    const list = await listOutbox(database.db);
    expect(list.rows[0]).toMatchObject({
      toAddress: "broken@example.com",
      status: "failed",
      attempts: 8,
      lastError: "550 mailbox unavailable",
    });
    expect(list.rows[0]).not.toHaveProperty("textBody");
    expect((await listOutbox(database.db, { status: "failed" })).total).toBe(1);
    expect((await getOutboxEmail(database.db, sent!.id))?.textBody).toBe("Hello, the text");

    expect(await resendEmail(database.db, actor, sent!.id)).toEqual({
      ok: false,
      reason: "not-failed",
    });
    expect(await resendEmail(database.db, actor, failed!.id)).toEqual({ ok: true });
    expect(await getOutboxEmail(database.db, failed!.id)).toMatchObject({
      status: "queued",
      attempts: 0,
    });
    const [entry] = await auditOf("email", failed!.id);
    expect(entry).toMatchObject({ action: "resend", before: { status: "failed", attempts: 8 } });
  });
});

describe("chat conversations (spec §2)", () => {
  it("searches session ID, email or name case-insensitively, pages with the total, deletes (audited)", async () => {
    const [one, two] = await database.db
      .insert(chatConversations)
      .values([
        {
          sessionId: "sess-AbC-001",
          contactEmail: "Pat@Example.com",
          contactName: "Pat Doe",
          updatedAt: minutesAgo(5),
        },
        { sessionId: "sess-xyz-002", contactName: "Robin Roe", updatedAt: minutesAgo(1) },
        { sessionId: "sess-xyz-003", updatedAt: minutesAgo(9) },
      ])
      .returning();
    await database.db.insert(chatMessages).values([
      { conversationId: one!.id, messageText: "Hi", isUserMessage: true, timestamp: minutesAgo(6) },
      {
        conversationId: one!.id,
        messageText: "Hello! How can I help?",
        isUserMessage: false,
        timestamp: minutesAgo(5),
      },
    ]);

    const all = await listChatConversations(database.db, { pageSize: 2 });
    expect(all.total).toBe(3);
    expect(all.rows.map((c) => c.sessionId)).toEqual(["sess-xyz-002", "sess-AbC-001"]);
    expect((await listChatConversations(database.db, { q: "abc" })).rows.map((c) => c.id)).toEqual([
      one!.id,
    ]);
    expect((await listChatConversations(database.db, { q: "pat@example" })).total).toBe(1);
    expect(
      (await listChatConversations(database.db, { q: "ROBIN" })).rows.map((c) => c.id),
    ).toEqual([two!.id]);
    expect((await listChatConversations(database.db, { q: "sess-xyz" })).total).toBe(2);

    const opened = await getChatConversation(database.db, one!.id);
    expect(opened?.messages.map((m) => [m.isUserMessage, m.messageText])).toEqual([
      [true, "Hi"],
      [false, "Hello! How can I help?"],
    ]);

    expect(await deleteChatConversation(database.db, actor, one!.id)).toBe(true);
    expect(await getChatConversation(database.db, one!.id)).toBeNull();
    expect(await database.db.$count(chatMessages, eq(chatMessages.conversationId, one!.id))).toBe(
      0,
    );
    expect((await auditOf("chat_conversation", one!.id))[0]?.action).toBe("delete");
    expect(await deleteChatConversation(database.db, actor, one!.id)).toBe(false);
  });
});

describe("site settings", () => {
  const form = (overrides: Record<string, string> = {}) => ({
    ...Object.fromEntries(
      Object.entries(DEFAULT_SITE_SETTINGS).map(([k, v]) => [
        k,
        typeof v === "boolean" ? "" : (v ?? ""),
      ]),
    ),
    ...overrides,
  });

  // The other tests start from today's constants, saved back (which also clears the settings'
  // short-lived cache).
  beforeEach(async () => {
    expect(await updateSiteSettings(database.db, form(), actor)).toMatchObject({ ok: true });
  });

  it("starts from today's constants, chat assistant off", async () => {
    // A database no test here has saved settings to.
    const fresh = await createTestDatabase({ seed: true });
    try {
      const settings = await getSiteSettings(fresh.db);
      expect(settings).toEqual(DEFAULT_SITE_SETTINGS);
      expect(settings.chatAssistantEnabled).toBe(false);
      expect(phoneHref(settings.phone)).toBe("tel:+15135550142");
    } finally {
      await fresh.destroy();
    }
  });

  it("refuses bad values with each field's message and changes nothing", async () => {
    const result = await updateSiteSettings(
      database.db,
      form({
        shopUrl: "javascript:alert(1)",
        email: "nope",
        phone: "123",
        city: " ",
        facebookUrl: "not a url",
      }),
      actor,
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        shopUrl: "Shop link must be a valid URL (https://...)",
        email: "Please enter a valid email address",
        phone: "Phone number must have at least 10 digits",
        city: "City is required",
        facebookUrl: "Facebook link must be a valid URL (https://...)",
      },
    });
    expect(await getSiteSettings(database.db)).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it("saves, audits in the same transaction, and shows on the next read", async () => {
    const result = await updateSiteSettings(
      database.db,
      form({
        phone: "(513) 555-0199",
        bookingUrl: "https://cal.example.com/new",
        instagramUrl: "",
        chatAssistantEnabled: "on",
      }),
      actor,
    );
    expect(result.ok).toBe(true);
    // The next page load's root loader hands the new values to the shell.
    const root = (await rootLoader({
      request: browserRequest(context, "/about"),
      context,
      params: {},
    } as never)) as { settings: Awaited<ReturnType<typeof getSiteSettings>> };
    expect(root.settings.phone).toBe("(513) 555-0199");
    const now = await getSiteSettings(database.db);
    expect(now).toMatchObject({
      phone: "(513) 555-0199",
      bookingUrl: "https://cal.example.com/new",
      instagramUrl: null,
      chatAssistantEnabled: true,
    });
    const [entry] = await auditOf("site_settings", "1");
    expect(entry).toMatchObject({
      action: "update",
      before: { phone: DEFAULT_SITE_SETTINGS.phone, chatAssistantEnabled: false },
      after: { phone: "(513) 555-0199", chatAssistantEnabled: true },
    });
  });
});
