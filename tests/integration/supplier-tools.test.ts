import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { emailOutbox, users } from "~/platform/db/schema/index";
import { action as testEmailAction } from "~/routes/resources/test-email";
import { loader as sanmarLoader, action as sanmarAction } from "~/routes/tools/sanmar-products";
import { action as shopAction, loader as shopLoader } from "~/routes/tools/shop-now";
import { sampleSanMarTree, startFakeSanMarSftp } from "../fakes/sanmar-sftp";
import { startFakeSanMarSoap } from "../fakes/sanmar-soap";
import { startFakeSsActivewear } from "../fakes/ss-activewear";
import { browserRequest, createAccount, settle, signIn } from "../support/admin";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";

let database: TestDatabase;
let ss: Awaited<ReturnType<typeof startFakeSsActivewear>>;
let soap: Awaited<ReturnType<typeof startFakeSanMarSoap>>;
let sftp: Awaited<ReturnType<typeof startFakeSanMarSftp>>;
let configured: AppLoadContext;
let wrongPasswords: AppLoadContext;
let unconfigured: AppLoadContext;
let adminCookie: string;
let staffCookie: string;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  [ss, soap, sftp] = await Promise.all([
    startFakeSsActivewear(),
    startFakeSanMarSoap(),
    sampleSanMarTree().then((root) => startFakeSanMarSftp({ root })),
  ]);
  const env = (password: string) => ({
    SS_ACTIVEWEAR_BASE_URL: ss.url,
    SS_ACTIVEWEAR_ACCOUNT_NUMBER: ss.accountNumber,
    SS_ACTIVEWEAR_API_KEY: password === "right" ? ss.apiKey : "wrong",
    SANMAR_WS_BASE_URL: soap.url,
    SANMAR_CUSTOMER_NUMBER: soap.customerNumber,
    SANMAR_USERNAME: soap.username,
    SANMAR_PASSWORD: password === "right" ? soap.password : "wrong",
    SANMAR_SFTP_HOST: sftp.host,
    SANMAR_SFTP_PORT: String(sftp.port),
    SANMAR_SFTP_USERNAME: sftp.username,
    SANMAR_SFTP_PASSWORD: password === "right" ? sftp.password : "wrong",
  });
  configured = createTestContext(database.db, { env: env("right") });
  // One sign-in service for all three, so the admin's cookie is accepted by each.
  const auth = configured.services.auth;
  wrongPasswords = createTestContext(database.db, { env: env("wrong"), services: { auth } });
  unconfigured = createTestContext(database.db, { services: { auth } });
  await createAccount(configured, "owner@example.com", "admin");
  await createAccount(configured, "staff@example.com", "admin");
  adminCookie = await signIn(configured, "owner@example.com");
  // Non-admins cannot sign in here: take the role away after signing in, as admin-gate does.
  staffCookie = await signIn({ ...configured, clientIp: "192.0.2.9" }, "staff@example.com");
  await database.db.update(users).set({ role: "user" }).where(eq(users.email, "staff@example.com"));
});
afterAll(async () => {
  await Promise.all([ss.close(), soap.close(), sftp.close()]);
  await database.destroy();
});

type Handler = (args: never) => unknown;
function run(
  handler: Handler,
  context: AppLoadContext,
  url: string,
  options: { cookie?: string; form?: Record<string, string> },
) {
  const request = browserRequest(context, url, options);
  return settle(() => handler({ request, context, params: {} } as never));
}

describe("/shop-now", () => {
  it("shows a signed-out visitor only the public part", async () => {
    const data = (await run(shopLoader as Handler, configured, "/shop-now", {})) as {
      missing: unknown;
      collections: Array<{ name: string }>;
    };
    // The collections are public; which supplier variables are missing is for admins only.
    expect(data.missing).toBeNull();
    expect(data.collections.map((collection) => collection.name)).toEqual([
      "Apparel",
      "Drinkware",
      "Promotional Items",
    ]);
  });

  it("names the missing variables per tab to an admin when nothing is configured", async () => {
    const data = (await run(shopLoader as Handler, unconfigured, "/shop-now", {
      cookie: adminCookie,
    })) as {
      missing: Record<string, string[]>;
    };
    expect(data.missing["ss-activewear"]).toEqual([
      "SS_ACTIVEWEAR_ACCOUNT_NUMBER",
      "SS_ACTIVEWEAR_API_KEY",
    ]);
    expect(data.missing.promostandards).toEqual(["SANMAR_USERNAME", "SANMAR_PASSWORD"]);
    const result = await run(shopAction as Handler, unconfigured, "/shop-now", {
      cookie: adminCookie,
      form: { test: "sanmar", styleNumber: "PC61" },
    });
    expect(result).toMatchObject({
      ok: false,
      data: { notConfigured: ["SANMAR_CUSTOMER_NUMBER", "SANMAR_USERNAME", "SANMAR_PASSWORD"] },
    });
  });

  it("refuses the API tests to visitors and non-admins", async () => {
    const anonymous = (await run(shopAction as Handler, configured, "/shop-now", {
      form: { test: "sanmar", styleNumber: "PC61" },
    })) as Response;
    expect(anonymous.status).toBe(302);
    const staff = (await run(shopAction as Handler, configured, "/shop-now", {
      cookie: staffCookie,
      form: { test: "sanmar", styleNumber: "PC61" },
    })) as Response;
    expect(staff.status).toBe(403);
  });

  it.each([
    ["promostandards", "GetProduct", "PC61"],
    ["promostandards", "GetProductCloseOut", ""],
    ["sanmar-standard", "getProductInfoByStyleColorSize", "PC61"],
    ["sanmar-standard", "getProductBulkInfo", ""],
    ["sanmar-username", "", "ST100"],
    ["sanmar", "", "ST100"],
    ["ss-activewear", "", "S3"],
    ["ss-activewear", "", ""],
  ])("runs the %s test (%s %s) against the fakes", async (test, method, styleNumber) => {
    const result = (await run(shopAction as Handler, configured, "/shop-now", {
      cookie: adminCookie,
      form: { test, method, styleNumber },
    })) as { ok: boolean; data: { response: string } };
    expect(result).toMatchObject({ ok: true, data: { test } });
    expect(result.data.response.length).toBeGreaterThan(2);
  });

  it("shows the supplier's own message on failure", async () => {
    const sanmar = await run(shopAction as Handler, configured, "/shop-now", {
      cookie: adminCookie,
      form: { test: "sanmar", styleNumber: "NOPE1" },
    });
    expect(sanmar).toMatchObject({
      ok: false,
      toast: { description: "Invalid Style + Color + Size specified." },
    });
    const auth = await run(shopAction as Handler, wrongPasswords, "/shop-now", {
      cookie: adminCookie,
      form: { test: "promostandards", method: "GetProduct", styleNumber: "PC61" },
    });
    expect(auth).toMatchObject({
      ok: false,
      toast: { description: "105: Authentication Credentials failed" },
    });
    expect((auth as { data: { debug: string } }).data.debug).toContain('"kind": "auth"');
  });

  it("asks for a style number where one is needed, without calling the supplier", async () => {
    const result = await run(shopAction as Handler, configured, "/shop-now", {
      cookie: adminCookie,
      form: { test: "sanmar", styleNumber: "  " },
    });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { styleNumber: "Enter a style number." },
    });
  });
});

describe("/products/sanmar", () => {
  it("lists products and files from the file server and caches the listing", async () => {
    const first = (await run(sanmarLoader as Handler, configured, "/products/sanmar", {
      cookie: adminCookie,
    })) as {
      result: {
        ok: true;
        listing: {
          products: unknown[];
          availableFiles: { name: string }[];
          targetFileFound: boolean;
          fetchedAt: string;
          categories: string[];
        };
      };
    };
    expect(first.result.ok).toBe(true);
    expect(first.result.listing.products).toHaveLength(10);
    expect(first.result.listing.targetFileFound).toBe(true);
    expect(first.result.listing.availableFiles.map((f) => f.name)).toContain("SanMar_SDL_N.csv");
    expect(first.result.listing.categories).toContain("T-Shirts");
    const again = (await run(sanmarLoader as Handler, configured, "/products/sanmar", {
      cookie: adminCookie,
    })) as typeof first;
    expect(again.result.listing.fetchedAt).toBe(first.result.listing.fetchedAt);
    // A minute later (the clock moved, not waited for), 'Refresh' fetches the listing again.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 60_000);
      await run(sanmarAction as Handler, configured, "/products/sanmar", {
        cookie: adminCookie,
        form: { intent: "refresh" },
      });
      const refreshed = (await run(sanmarLoader as Handler, configured, "/products/sanmar", {
        cookie: adminCookie,
      })) as typeof first;
      expect(refreshed.result.listing.fetchedAt).toBe(new Date().toISOString());
    } finally {
      vi.useRealTimers();
    }
  });

  it("reports a refused login as an error message, with empty lists", async () => {
    await run(sanmarAction as Handler, configured, "/products/sanmar", {
      cookie: adminCookie,
      form: { intent: "refresh" },
    });
    const failed = await run(sanmarLoader as Handler, wrongPasswords, "/products/sanmar", {
      cookie: adminCookie,
    });
    expect(failed).toEqual({
      result: { ok: false, message: "The file server refused the username or password." },
    });
  });
});

describe("/resources/test-email", () => {
  it("queues the real confirmation email in the outbox", async () => {
    const response = (await run(testEmailAction as Handler, configured, "/resources/test-email", {
      cookie: adminCookie,
      form: { kind: "checkout", email: "buyer@example.com", plan: "pro", interval: "annual" },
    })) as Response;
    expect(await response.json()).toMatchObject({
      ok: true,
      data: { subject: "Your Pro webstore plan is confirmed" },
    });
    const rows = await database.db.select().from(emailOutbox);
    expect(rows.find((r) => r.kind === "test-checkout-confirmation")).toMatchObject({
      toAddress: "buyer@example.com",
    });
  });

  it("queues the chat transcript template with the customer as reply-to", async () => {
    await run(testEmailAction as Handler, configured, "/resources/test-email", {
      cookie: adminCookie,
      form: {
        kind: "transcript",
        email: "visitor@example.com",
        subject: "Chat Transcript",
        transcript: "Visitor: hi\nAssistant: hello",
      },
    });
    const rows = await database.db.select().from(emailOutbox);
    const row = rows.find((r) => r.kind === "test-chat-transcript");
    expect(row).toMatchObject({ subject: "Chat Transcript", replyTo: "visitor@example.com" });
    expect(row!.textBody).toContain("Assistant: hello");
  });

  it("answers 400 'Email Required' and 'Transcript Required', and 403 to non-admins", async () => {
    const noEmail = (await run(testEmailAction as Handler, configured, "/resources/test-email", {
      cookie: adminCookie,
      form: { kind: "checkout", email: "", plan: "core", interval: "monthly" },
    })) as Response;
    expect(noEmail.status).toBe(400);
    expect(await noEmail.json()).toMatchObject({
      ok: false,
      toast: { description: "Email Required" },
    });
    const noTranscript = (await run(
      testEmailAction as Handler,
      configured,
      "/resources/test-email",
      {
        cookie: adminCookie,
        form: { kind: "transcript", email: "visitor@example.com", transcript: " " },
      },
    )) as Response;
    expect(noTranscript.status).toBe(400);
    expect(await noTranscript.json()).toMatchObject({
      ok: false,
      toast: { description: "Transcript Required" },
    });
    const staff = (await run(testEmailAction as Handler, configured, "/resources/test-email", {
      cookie: staffCookie,
      form: { kind: "checkout", email: "a@example.com", plan: "core", interval: "monthly" },
    })) as Response;
    expect(staff.status).toBe(403);
  });
});
