import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/platform/db/client.server";
import { faqs, pageSeoSettings } from "~/platform/db/schema/index";
import { recordAudit } from "~/platform/audit/audit.server";
import { type RunningServer, startServer } from "../support/server";

// Issue 13: cached public pages never outlive an admin change, on this instance or another.
const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ADMIN_EMAIL = "cache-owner@merch.example.com";
const ADMIN_PASSWORD = "correct horse battery staple";
const databaseName = `ms_cache_${Date.now()}_${randomBytes(4).toString("hex")}`;

async function admin<T>(run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let one: RunningServer;
let two: RunningServer;
let database: DatabaseHandle;
beforeAll(async () => {
  await admin((client) => client.query(`create database "${databaseName}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const env = { DATABASE_URL: url.toString(), ADMIN_EMAIL, ADMIN_PASSWORD, WEB_CONCURRENCY: "1" };
  one = await startServer({ env });
  two = await startServer({ env });
  database = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
});
afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await database?.close();
  await admin((client) => client.query(`drop database if exists "${databaseName}" with (force)`));
});

const get = (server: RunningServer, path: string, headers: Record<string, string> = {}) =>
  fetch(server.url + path, { headers, redirect: "manual" });

async function warm(server: RunningServer, path: string) {
  await get(server, path);
  const second = await get(server, path);
  expect(second.headers.get("x-page-cache")).toBe("hit");
  return second.text();
}

/** Polls until the page shows the text; the other instance checks the version every 500 ms. */
async function eventually(server: RunningServer, path: string, text: string) {
  const started = Date.now();
  for (;;) {
    if ((await (await get(server, path)).text()).includes(text)) return Date.now() - started;
    if (Date.now() - started > 3_000) throw new Error(`${path} never showed ${text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function signIn(server: RunningServer) {
  const response = await fetch(server.url + "/admin/auth", {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe("the page cache", () => {
  it("serves the next request after an admin's SEO change with the new title, on both instances", async () => {
    await Promise.all([warm(one, "/pricing"), warm(two, "/pricing")]);
    const [row] = await database.db
      .select()
      .from(pageSeoSettings)
      .where(eq(pageSeoSettings.pagePath, "/pricing"));
    const cookie = await signIn(one);
    const title = `Plans and prices ${randomBytes(3).toString("hex")}`;
    const saved = await fetch(one.url + "/admin/seo", {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: one.url,
        cookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "save", id: row!.id, pageName: "Pricing", title }),
    });
    expect(saved.status).toBeLessThan(400);

    // The very next anonymous request to the instance that made the change.
    const next = await get(one, "/pricing");
    expect(await next.text()).toContain(`<title>${title}</title>`);
    // The other instance, within its version check.
    expect(await eventually(two, "/pricing", `<title>${title}</title>`)).toBeLessThan(2_000);
  });

  it("shows a FAQ changed through the audit write path on both instances", async () => {
    await Promise.all([warm(one, "/webstores"), warm(two, "/webstores")]);
    const [faq] = await database.db
      .select()
      .from(faqs)
      .where(and(eq(faqs.page, "webstores"), eq(faqs.isActive, true)))
      .limit(1);
    const question = `Can we change this question? ${randomBytes(3).toString("hex")}`;
    await database.db.transaction(async (tx) => {
      await tx.update(faqs).set({ question }).where(eq(faqs.id, faq!.id));
      await recordAudit(tx, { id: null, email: "test" }, { action: "update", entityType: "faq" });
    });
    expect(await eventually(one, "/webstores", question)).toBeLessThan(2_000);
    expect(await eventually(two, "/webstores", question)).toBeLessThan(2_000);
    expect(await eventually(two, "/webstores.data", question)).toBeLessThan(2_000);
  });

  it("answers a repeat visit with 304 and keeps a fresh nonce on every full answer", async () => {
    const first = await get(one, "/about");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const again = await get(one, "/about", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBeNull();

    const a = await get(one, "/about");
    const b = await get(one, "/about");
    const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
    const [nonceA, nonceB] = [
      nonceOf(a.headers.get("content-security-policy")),
      nonceOf(b.headers.get("content-security-policy")),
    ];
    expect(nonceA).toBeTruthy();
    expect(nonceA).not.toBe(nonceB);
    const [bodyA, bodyB] = [await a.text(), await b.text()];
    expect(bodyA).toContain(`nonce="${nonceA}"`);
    expect(bodyB).toContain(`nonce="${nonceB}"`);
    expect(bodyA).not.toContain(nonceB);
    // Prepared for the first paint: the stylesheet inline, the scripts after the content.
    expect(bodyA).toContain(`<style nonce="${nonceA}">`);
    expect(bodyA).toMatch(
      /<link rel="modulepreload" fetchpriority="low" href="\/assets\/entry\.client-/,
    );
    expect(bodyA).not.toMatch(/<link rel="modulepreload" href=/);

    const head = await fetch(one.url + "/about", {
      method: "HEAD",
      headers: { "accept-encoding": "identity" },
    });
    expect(head.headers.get("x-page-cache")).toBe("hit");
    expect(Number(head.headers.get("content-length"))).toBe(Buffer.byteLength(bodyA));
    expect(await head.text()).toBe("");
    const scriptSrc = /script-src ([^;]*)/.exec(a.headers.get("content-security-policy")!)![1];
    expect(scriptSrc).not.toContain("unsafe-inline");
  });

  it("sends a cached page gzipped, with the security headers of any other page", async () => {
    await warm(one, "/pricing");
    const cached = await get(one, "/pricing");
    // A page rendered on each request that carries no buyer's data (a buyer's pages add
    // no-store and no-referrer: issue 22).
    const rendered = await get(one, "/product-search?q=polo");
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    expect(rendered.headers.get("x-page-cache")).toBeNull();
    // fetch asks for gzip and checks the checksum and length of what it decompresses.
    expect(cached.headers.get("content-encoding")).toBe("gzip");
    const page = await cached.text();
    expect(page).toContain("</html>");
    const withoutNonce = (value: string | null) => value?.replace(/'nonce-[^']+'/g, "'nonce'");
    for (const name of [
      "content-security-policy",
      "x-content-type-options",
      "x-frame-options",
      "referrer-policy",
      "cross-origin-opener-policy",
      "cross-origin-resource-policy",
    ]) {
      expect(withoutNonce(cached.headers.get(name)), name).toBe(
        withoutNonce(rendered.headers.get(name)),
      );
    }

    // The whole stylesheet inline (the first paint waits for no other request), its link off.
    const href =
      /<link rel="stylesheet" href="(\/assets\/[\w.-]+\.css)" data-precedence="default" media="not all"\/>/.exec(
        page,
      )?.[1];
    expect(href).toBeTruthy();
    const sheet = await (await get(one, href!)).text();
    expect(page).toContain(sheet.replaceAll("</style", "<\\/style"));
  });

  it("never serves visitor-specific answers from the cache", async () => {
    const cookie = await signIn(one);
    for (const [path, headers] of [
      ["/pricing", { cookie }],
      ["/checkout?plan=pro", {}],
      ["/checkout-success?session_id=x", {}],
      ["/admin", {}],
      ["/a-page-that-does-not-exist", {}],
    ] as [string, Record<string, string>][]) {
      await get(one, path, headers);
      const response = await get(one, path, headers);
      expect(response.headers.get("x-page-cache"), path).toBeNull();
    }
  });
});
