import { eq, ne, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  contactMessages,
  couponCodes,
  emailOutbox,
  orders,
  pageSeoSettings,
  pricingTiers,
  users,
} from "~/platform/db/schema/index";
import { loader as rootLoader } from "~/root";
import * as auditScreen from "~/routes/admin/audit-log";
import * as couponsScreen from "~/routes/admin/coupons";
import * as dashboardScreen from "~/routes/admin/dashboard";
import * as pricingScreen from "~/routes/admin/pricing-tiers";
import * as seoScreen from "~/routes/admin/seo";
import * as usersScreen from "~/routes/admin/users";
import { TEST_PASSWORD, browserRequest, createAccount, settle, signIn } from "../support/admin";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";
import { expectConsoleErrors } from "../support/fail-on-console-error";

let database: TestDatabase;
let context: AppLoadContext;
let cookie: string;
let ownerId: string;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  context = createTestContext(database.db);
  ownerId = (await createAccount(context, "owner@example.com", "admin")).id;
  cookie = await signIn(context, "owner@example.com");
});
afterAll(() => database.destroy());
// Every screen is used as the owner, an admin (a test in "Users" may take the role away).
beforeEach(async () => {
  await database.db.update(users).set({ role: "admin" }).where(eq(users.id, ownerId));
});

type Screen = {
  loader: (args: never) => unknown;
  action?: (args: never) => unknown;
};

function load<S extends Screen>(screen: S, url: string, as = cookie) {
  return screen.loader({
    request: browserRequest(context, url, { cookie: as }),
    context,
    params: {},
  } as never) as ReturnType<S["loader"]>;
}

function post<S extends Screen>(screen: S, url: string, form: Record<string, string>, as = cookie) {
  return screen.action!({
    request: browserRequest(context, url, { cookie: as, form }),
    context,
    params: {},
  } as never) as ReturnType<NonNullable<S["action"]>>;
}

/** The test database, except that reading `table` fails (sessions and everything else work). */
function failingReadsOf(table: object) {
  return new Proxy(database.db, {
    get(target, property) {
      if (property !== "select") return Reflect.get(target, property);
      return (...args: Parameters<typeof target.select>) => {
        const query = target.select(...args);
        return new Proxy(query, {
          get(builder, key) {
            if (key !== "from") return Reflect.get(builder, key);
            return (source: object) => {
              if (source === table) throw new Error("database unavailable");
              return builder.from(source as never);
            };
          },
        });
      };
    },
  });
}

async function lastAudit() {
  const [row] = await database.db
    .select()
    .from(auditLog)
    .orderBy(sql`${auditLog.createdAt} desc`)
    .limit(1);
  return row!;
}

describe("Users", () => {
  // Each test starts with the owner as the only account and creates the others it needs.
  beforeEach(() => database.db.delete(users).where(ne(users.id, ownerId)));
  const addAdmin = async (email: string, password: string) => {
    const result = await post(usersScreen, "/admin/users", { intent: "add", email, password });
    expect(result.ok).toBe(true);
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    return row!;
  };

  it("lists admins with email and creation date", async () => {
    const data = await load(usersScreen, "/admin/users");
    expect(data.admins?.rows.map((a) => a.email)).toEqual(["owner@example.com"]);
    expect(data.currentUserId).toBe(ownerId);
  });

  it("asks for both email and password", async () => {
    expect(
      await post(usersScreen, "/admin/users", {
        intent: "add",
        email: "a@example.com",
        password: "",
      }),
    ).toMatchObject({
      ok: false,
      toast: {
        title: "Error",
        description: "Please provide both email and password",
        variant: "destructive",
      },
    });
    expect(await database.db.select().from(users).where(eq(users.email, "a@example.com"))).toEqual(
      [],
    );
  });

  it("creates an admin who can then sign in, and records who did it", async () => {
    const result = await post(usersScreen, "/admin/users", {
      intent: "add",
      email: "New.Admin@example.com",
      password: "a fresh long password",
    });
    expect(result.ok).toBe(true);
    await signIn(
      { ...context, clientIp: "192.0.2.80" },
      "new.admin@example.com",
      "a fresh long password",
    );
    expect(await lastAudit()).toMatchObject({
      actorEmail: "owner@example.com",
      action: "create-admin",
      entityType: "user",
      after: { email: "new.admin@example.com", role: "admin" },
    });
  });

  it("gives an existing account the role without changing its password", async () => {
    await createAccount(context, "staff@example.com", "user");
    const result = await post(usersScreen, "/admin/users", {
      intent: "add",
      email: "staff@example.com",
      password: "ignored for existing accounts",
    });
    expect(result).toMatchObject({
      ok: true,
      toast: { description: "staff@example.com now has admin privileges." },
    });
    await signIn({ ...context, clientIp: "192.0.2.81" }, "staff@example.com", TEST_PASSWORD);
  });

  it("an admin cannot remove their own role", async () => {
    expect(
      await post(usersScreen, "/admin/users", { intent: "remove", userId: ownerId }),
    ).toMatchObject({
      ok: false,
      toast: {
        description:
          "Failed to remove admin privileges: You cannot remove your own admin privileges.",
      },
    });
  });

  it("removes another admin's role and records it", async () => {
    const staff = await createAccount(context, "staff@example.com", "admin");
    expect(
      await post(usersScreen, "/admin/users", { intent: "remove", userId: staff.id }),
    ).toMatchObject({
      ok: true,
    });
    const [after] = await database.db.select().from(users).where(eq(users.id, staff.id));
    expect(after!.role).toBe("user");
    expect(await lastAudit()).toMatchObject({
      action: "remove-admin",
      entityId: staff.id,
      before: { role: "admin" },
      after: { role: "user" },
    });
  });

  it("two admins removing each other at the same moment leave one admin", async () => {
    const fresh = await addAdmin("new.admin@example.com", "a fresh long password");
    const freshCookie = await signIn(
      { ...context, clientIp: "192.0.2.82" },
      "new.admin@example.com",
      "a fresh long password",
    );
    // On PostgreSQL both removals get past the gate and the row lock decides; on PGlite, which
    // runs one statement at a time, the loser is no longer an admin by the time it is checked.
    const results = await Promise.all([
      settle(() => post(usersScreen, "/admin/users", { intent: "remove", userId: fresh.id })),
      settle(() =>
        post(usersScreen, "/admin/users", { intent: "remove", userId: ownerId }, freshCookie),
      ),
    ]);
    expect(results.filter((r) => !(r instanceof Response) && r.ok)).toHaveLength(1);
    const loser = results.find((r) => r instanceof Response || !r.ok);
    if (loser instanceof Response) expect(loser.status).toBe(403);
    else
      expect(loser).toMatchObject({
        toast: {
          description: "Failed to remove admin privileges: The last admin cannot be removed.",
        },
      });
    const admins = await database.db.select().from(users).where(eq(users.role, "admin"));
    expect(admins).toHaveLength(1);
  });
});

describe("Pricing Tiers", () => {
  const prices = (overrides: Record<string, string> = {}) => ({
    "core.monthly": "20.00",
    "core.annual": "180.00",
    "core.setup": "250.00",
    "pro.monthly": "49.00",
    "pro.annual": "420.00",
    "pro.setup": "500.00",
    "elite.monthly": "99.00",
    "elite.annual": "832.00",
    "elite.setup": "1000.00",
    ...overrides,
  });

  it("shows core, pro and elite in that order", async () => {
    const data = await load(pricingScreen, "/admin/pricing-tiers");
    expect(data.tiers?.map((t) => t.name)).toEqual(["core", "pro", "elite"]);
  });

  it("saves dollars as integer cents, audited per changed plan", async () => {
    const result = await post(
      pricingScreen,
      "/admin/pricing-tiers",
      prices({ "pro.annual": "399.99" }),
    );
    expect(result.ok).toBe(true);
    const [pro] = await database.db.select().from(pricingTiers).where(eq(pricingTiers.name, "pro"));
    expect(pro!.annualPriceCents).toBe(39_999);
    expect(await lastAudit()).toMatchObject({
      entityType: "pricing_tier",
      before: { name: "pro", annualPriceCents: 42_000 },
      after: { name: "pro", annualPriceCents: 39_999 },
    });
  });

  it("rejects a negative or malformed amount with 'Failed to update pricing tiers.' and saves nothing", async () => {
    const result = await post(
      pricingScreen,
      "/admin/pricing-tiers",
      prices({ "core.monthly": "1.00", "elite.setup": "-5" }),
    );
    expect(result).toMatchObject({
      ok: false,
      toast: { description: "Failed to update pricing tiers.", variant: "destructive" },
      fieldErrors: { "elite.setup": "Enter an amount of 0 or more, with at most two decimals." },
    });
    const [core] = await database.db
      .select()
      .from(pricingTiers)
      .where(eq(pricingTiers.name, "core"));
    expect(core!.monthlyPriceCents).toBe(2_000);
  });

  it("shows 'Failed to load pricing tiers. Please try again.' when the read fails", async () => {
    expectConsoleErrors(1);
    const data = await pricingScreen.loader({
      request: browserRequest(context, "/admin/pricing-tiers", { cookie }),
      context: { ...context, db: failingReadsOf(pricingTiers) },
      params: {},
    } as never);
    expect(data.tiers).toBeNull();
  });
});

describe("Coupons", () => {
  const coupon = (overrides: Record<string, string> = {}) => ({
    intent: "save",
    code: "WELCOME10",
    description: "New customers",
    discountType: "percentage",
    discountPercentage: "10",
    discountAmount: "",
    isActive: "on",
    allowOnCheckout: "on",
    firstTransactionOnly: "on",
    expiresAt: "",
    ...overrides,
  });

  async function newCoupon(code: string, overrides: Partial<typeof couponCodes.$inferInsert> = {}) {
    const [row] = await database.db
      .insert(couponCodes)
      .values({ code, discountPercentage: 10, ...overrides })
      .returning();
    return row!;
  }
  const readCoupon = async (id: string) =>
    (await database.db.select().from(couponCodes).where(eq(couponCodes.id, id)))[0]!;

  it("requires a code: 'Coupon code is required.'", async () => {
    expect(await post(couponsScreen, "/admin/coupons", coupon({ code: "  " }))).toMatchObject({
      ok: false,
      fieldErrors: { code: "Coupon code is required." },
    });
  });

  it("keeps percentages within 0–100", async () => {
    const result = await post(
      couponsScreen,
      "/admin/coupons",
      coupon({ discountPercentage: "101" }),
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { discountPercentage: "Enter a whole percentage from 0 to 100." },
    });
  });

  it("creates a percentage coupon with the amount null and no expiry", async () => {
    expect((await post(couponsScreen, "/admin/coupons", coupon())).ok).toBe(true);
    const [row] = await database.db
      .select()
      .from(couponCodes)
      .where(eq(couponCodes.code, "WELCOME10"));
    expect(row).toMatchObject({
      discountPercentage: 10,
      discountAmountCents: null,
      expiresAt: null,
      isActive: true,
      allowOnCheckout: true,
      firstTransactionOnly: true,
    });
    expect(await lastAudit()).toMatchObject({
      action: "create",
      entityType: "coupon",
      entityId: row!.id,
    });
  });

  it("creates a fixed-amount coupon in cents with the percentage null", async () => {
    const result = await post(
      couponsScreen,
      "/admin/coupons",
      coupon({
        code: "SAVE25",
        discountType: "amount",
        discountPercentage: "10",
        discountAmount: "25.50",
        expiresAt: "2020-01-31",
        firstTransactionOnly: "",
      }),
    );
    expect(result.ok).toBe(true);
    const [row] = await database.db
      .select()
      .from(couponCodes)
      .where(eq(couponCodes.code, "SAVE25"));
    expect(row).toMatchObject({
      discountPercentage: null,
      discountAmountCents: 2550,
      firstTransactionOnly: false,
    });
    expect(row!.expiresAt?.toISOString()).toBe("2020-01-31T23:59:59.999Z");
  });

  it("refuses a duplicate code whatever its case: 'Duplicate Coupon'", async () => {
    await newCoupon("TAKEN10");
    expect(await post(couponsScreen, "/admin/coupons", coupon({ code: "taken10" }))).toMatchObject({
      ok: false,
      toast: {
        title: "Duplicate Coupon",
        description: "This coupon code already exists.",
        variant: "destructive",
      },
    });
  });

  it("lists newest first and marks an expired coupon", async () => {
    await newCoupon("LISTOLD", {
      expiresAt: new Date("2020-01-31T23:59:59.999Z"),
      createdAt: new Date("2024-01-01T00:00:00Z"),
    });
    await newCoupon("LISTNEW", { createdAt: new Date("2024-02-01T00:00:00Z") });
    const data = await load(couponsScreen, "/admin/coupons?q=list");
    expect(data.coupons?.rows.map((c) => [c.code, c.expired])).toEqual([
      ["LISTNEW", false],
      ["LISTOLD", true],
    ]);
  });

  it("toggles active off and on, and allow-on-checkout, each read back and audited", async () => {
    const row = await newCoupon("TOGGLE1");
    const toggle = (intent: string, value: boolean) =>
      post(couponsScreen, "/admin/coupons", { intent, id: row.id, value: String(value) });

    expect(await toggle("toggle-active", false)).toMatchObject({
      ok: true,
      toast: { description: "Coupon deactivated." },
    });
    expect(await readCoupon(row.id)).toMatchObject({ isActive: false, allowOnCheckout: true });
    expect(await lastAudit()).toMatchObject({
      action: "set-active",
      entityId: row.id,
      before: { code: "TOGGLE1", isActive: true },
      after: { code: "TOGGLE1", isActive: false },
    });

    expect(await toggle("toggle-active", true)).toMatchObject({
      toast: { description: "Coupon activated." },
    });
    expect((await readCoupon(row.id)).isActive).toBe(true);

    expect(await toggle("toggle-checkout", false)).toMatchObject({
      toast: { description: "Coupon is now hidden from checkout." },
    });
    expect(await readCoupon(row.id)).toMatchObject({ isActive: true, allowOnCheckout: false });
  });

  it("edits every field of a coupon", async () => {
    const row = await newCoupon("EDITME", { isActive: false, allowOnCheckout: false });
    const result = await post(
      couponsScreen,
      "/admin/coupons",
      coupon({ id: row.id, code: "EDITED15", discountPercentage: "15" }),
    );
    expect(result).toMatchObject({ ok: true, toast: { description: "Coupon code updated." } });
    expect(await readCoupon(row.id)).toMatchObject({
      code: "EDITED15",
      discountPercentage: 15,
      isActive: true,
      allowOnCheckout: true,
    });
  });

  it("refuses an unknown intent or a malformed id with a 400 and changes nothing", async () => {
    const row = await newCoupon("KEEPME");
    for (const form of <Record<string, string>[]>[
      { intent: "publish", id: row.id },
      { id: row.id, code: "NOINTENT" },
      { intent: "delete", id: "not-a-uuid" },
      { intent: "toggle-active", id: row.id, value: "maybe" },
    ]) {
      const result = await settle(() => post(couponsScreen, "/admin/coupons", form));
      expect(result).toBeInstanceOf(Response);
      expect((result as Response).status).toBe(400);
    }
    expect(await readCoupon(row.id)).toMatchObject({ code: "KEEPME", isActive: true });
  });

  it("searches and pages the list in the database, from the URL", async () => {
    // One a second apart, BULKPAGE00 the oldest (two rows written in the same instant would be
    // ordered by their random ids).
    const start = Date.now() - 60_000;
    for (let i = 0; i < 26; i++) {
      await newCoupon(`BULKPAGE${String(i).padStart(2, "0")}`, {
        createdAt: new Date(start + i * 1_000),
      });
    }
    const first = await load(couponsScreen, "/admin/coupons?q=bulkpage");
    expect(first.coupons).toMatchObject({ total: 26, pageCount: 2, page: 1, q: "bulkpage" });
    expect(first.coupons?.rows).toHaveLength(25);
    const second = await load(couponsScreen, "/admin/coupons?q=bulkpage&page=2");
    expect(second.coupons?.rows.map((c) => c.code)).toEqual(["BULKPAGE00"]);
    const none = await load(couponsScreen, "/admin/coupons?q=nothing%25like");
    expect(none.coupons?.rows).toEqual([]);
  });

  it("answers a toggle of a missing coupon with 'Failed to update coupon status'", async () => {
    expectConsoleErrors(1);
    expect(
      await post(couponsScreen, "/admin/coupons", {
        intent: "toggle-active",
        id: "00000000-0000-4000-8000-000000000000",
        value: "true",
      }),
    ).toMatchObject({ ok: false, toast: { description: "Failed to update coupon status" } });
  });

  it("deletes a coupon: the row is gone and the deletion audited", async () => {
    const row = await newCoupon("DELETEME");
    expect(
      await post(couponsScreen, "/admin/coupons", { intent: "delete", id: row.id }),
    ).toMatchObject({
      ok: true,
      toast: { description: "Coupon deleted." },
    });
    expect(await database.db.select().from(couponCodes).where(eq(couponCodes.id, row.id))).toEqual(
      [],
    );
    expect(await lastAudit()).toMatchObject({
      action: "delete",
      entityId: row.id,
      before: { code: "DELETEME" },
      after: null,
    });
  });
});

describe("SEO Settings", () => {
  const seo = (overrides: Record<string, string> = {}) => ({
    intent: "save",
    pagePath: "/bulk-orders",
    pageName: "Bulk Orders",
    title: "Bulk custom merch, printed near Cincinnati",
    metaDescription: "Custom printed and embroidered apparel in bulk.",
    metaKeywords: " bulk merch, , embroidery ,custom shirts ",
    ogImageUrl: "",
    twitterImageUrl: "",
    canonicalUrl: "",
    ...overrides,
  });

  it("validates title length and URLs", async () => {
    const result = await post(
      seoScreen,
      "/admin/seo",
      seo({ title: "x".repeat(61), canonicalUrl: "not a url" }),
    );
    expect(result).toMatchObject({
      ok: false,
      toast: { description: "Failed to create SEO settings" },
      fieldErrors: {
        title: "Keep the title tag to 60 characters or fewer.",
        canonicalUrl: "Enter a full address starting with https:// (or http://).",
      },
    });
  });

  it("creates or updates a page and the public head shows it on the next request", async () => {
    await database.db.delete(pageSeoSettings).where(eq(pageSeoSettings.pagePath, "/bulk-orders"));
    expect(await post(seoScreen, "/admin/seo", seo())).toMatchObject({
      ok: true,
      toast: { description: "Page SEO settings created successfully" },
    });
    const [row] = await database.db
      .select()
      .from(pageSeoSettings)
      .where(eq(pageSeoSettings.pagePath, "/bulk-orders"));
    expect(row!.metaKeywords).toEqual(["bulk merch", "embroidery", "custom shirts"]);
    const headOf = async (path: string) =>
      (
        await rootLoader({
          request: new Request(`http://localhost${path}`),
          context,
          params: {},
        } as never)
      ).seo;
    // Read once, so the update below must retire the record kept in memory.
    expect((await headOf("/bulk-orders"))?.title).toBe("Bulk custom merch, printed near Cincinnati");

    const update = await post(
      seoScreen,
      "/admin/seo",
      seo({ id: row!.id, pagePath: "/somewhere-else", title: "Bulk orders done right" }),
    );
    expect(update).toMatchObject({
      ok: true,
      toast: { description: "SEO settings updated successfully" },
    });
    expect((await headOf("/bulk-orders"))?.title).toBe("Bulk orders done right");
    // The path of an existing record never changes.
    const [after] = await database.db
      .select()
      .from(pageSeoSettings)
      .where(eq(pageSeoSettings.id, row!.id));
    expect(after!.pagePath).toBe("/bulk-orders");
  });

  it("refuses a second record for the same path", async () => {
    await database.db
      .insert(pageSeoSettings)
      .values({ pagePath: "/taken", pageName: "Taken", title: "Taken" });
    expect(await post(seoScreen, "/admin/seo", seo({ pagePath: "/taken" }))).toMatchObject({
      ok: false,
      toast: { description: "Failed to create SEO settings" },
      fieldErrors: { pagePath: "This page already has SEO settings: edit them instead." },
    });
  });

  it("deletes: 'Page SEO settings deleted', the row gone and the deletion audited", async () => {
    const [row] = await database.db
      .insert(pageSeoSettings)
      .values({ pagePath: "/to-delete", pageName: "To delete", title: "Going away" })
      .returning();
    expect(await post(seoScreen, "/admin/seo", { intent: "delete", id: row!.id })).toMatchObject({
      ok: true,
      toast: { description: "Page SEO settings deleted" },
    });
    expect(
      await database.db.select().from(pageSeoSettings).where(eq(pageSeoSettings.id, row!.id)),
    ).toEqual([]);
    expect(await lastAudit()).toMatchObject({
      action: "delete",
      entityType: "page_seo",
      entityId: row!.id,
      before: { pagePath: "/to-delete" },
      after: null,
    });
  });
});

describe("Dashboard", () => {
  it("counts new contact messages, paid orders and emails waiting", async () => {
    await database.db.insert(contactMessages).values([
      { name: "Ann", email: "ann@example.com", message: "Hats?" },
      { name: "Bo", email: "bo@example.com", message: "Shirts?", status: "handled" },
    ]);
    await database.db.insert(orders).values({
      plan: "pro",
      interval: "annual",
      customerEmail: "buyer@example.com",
      planPriceCents: 42_000,
      setupFeeCents: 50_000,
      firstPaymentCents: 92_000,
      recurringPaymentCents: 42_000,
      provider: "test",
      status: "paid",
    });
    await database.db.insert(emailOutbox).values({
      kind: "test",
      toAddress: "x@example.com",
      fromAddress: "hello@example.com",
      subject: "s",
      textBody: "t",
      htmlBody: "h",
      status: "queued",
    });
    const data = await load(dashboardScreen, "/admin");
    expect(data.counts).toEqual({ newContactMessages: 1, paidOrders: 1, emailsWaiting: 1 });
    expect(data.knowledge.lastUpdated).toBeNull();
  });

  it("asks for a URL and starts a crawl of it with https:// added", async () => {
    expect(await post(dashboardScreen, "/admin", { url: " " })).toMatchObject({
      toast: { title: "URL Required", description: "Please enter your website URL" },
    });
    expect(await post(dashboardScreen, "/admin", { url: "merch.example.com" })).toMatchObject({
      ok: true,
      toast: { description: expect.stringContaining("https://merch.example.com") },
    });
  });
});

describe("Audit Log", () => {
  const coupon = (code: string) => ({
    intent: "save",
    code,
    description: "",
    discountType: "percentage",
    discountPercentage: "10",
    discountAmount: "",
    isActive: "on",
    expiresAt: "",
  });

  it("lists every change newest first and filters by admin and record type", async () => {
    await database.db.delete(auditLog);
    // The owner adds an admin and a coupon; the new admin adds another coupon.
    expect(
      (
        await post(usersScreen, "/admin/users", {
          intent: "add",
          email: "auditor@example.com",
          password: "a fresh long password",
        })
      ).ok,
    ).toBe(true);
    expect((await post(couponsScreen, "/admin/coupons", coupon("AUDIT-OWNER"))).ok).toBe(true);
    const auditor = await signIn(
      { ...context, clientIp: "192.0.2.90" },
      "auditor@example.com",
      "a fresh long password",
    );
    expect((await post(couponsScreen, "/admin/coupons", coupon("AUDIT-OTHER"), auditor)).ok).toBe(
      true,
    );

    const all = await load(auditScreen, "/admin/audit-log");
    expect(all.entries.map((e) => [e.actorEmail, e.entityType])).toEqual([
      ["auditor@example.com", "coupon"],
      ["owner@example.com", "coupon"],
      ["owner@example.com", "user"],
    ]);
    const times = all.entries.map((e) => new Date(e.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all.entities).toEqual(expect.arrayContaining(["coupon", "user"]));

    const coupons = await load(
      auditScreen,
      "/admin/audit-log?entity=coupon&actor=owner%40example.com",
    );
    expect(coupons.entries.map((e) => [e.actorEmail, e.entityType])).toEqual([
      ["owner@example.com", "coupon"],
    ]);
  });
});
