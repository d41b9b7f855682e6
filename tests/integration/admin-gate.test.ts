import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { browserRequest, createAccount, settle, signIn } from "../support/admin";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";

interface GatedRoute {
  file: string;
  /** A URL that reaches the module (a layout is reached through its first child). */
  url: string;
}

/** Every module under /admin (except the login page) and every internal tool, from the route table. */
function gatedRoutes(entries: RouteConfigEntry[], parent = ""): GatedRoute[] {
  return entries.flatMap((entry) => {
    const url = entry.index ? parent || "/" : joinPath(parent, entry.path);
    const own: GatedRoute[] =
      (entry.file.startsWith("routes/admin/") && entry.file !== "routes/admin/auth.tsx") ||
      entry.file.startsWith("routes/tools/")
        ? [{ file: entry.file, url: url || "/" }]
        : [];
    return [...own, ...gatedRoutes(entry.children ?? [], url)];
  });
}

function joinPath(parent: string, segment?: string) {
  if (!segment) return parent;
  return `${parent.replace(/\/$/, "")}/${segment}`;
}

type RouteModule = {
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
};

const gated = gatedRoutes(routes as RouteConfigEntry[]);
// Spec §2: /shop-now's collections are public; only its API test tabs (and their action) are gated.
const PUBLIC_LOADERS = new Set(["routes/tools/shop-now.tsx"]);
const gatedHandlers = (file: string, module: RouteModule) =>
  [PUBLIC_LOADERS.has(file) ? undefined : module.loader, module.action].filter(Boolean);

let database: TestDatabase;
let context: AppLoadContext;
let adminCookie: string;
let staffCookie: string;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  context = createTestContext(database.db);
  await createAccount(context, "owner@example.com", "admin");
  await createAccount(context, "staff@example.com", "user");
  adminCookie = await signIn(context, "owner@example.com");
  // A session made before its role was taken away must not pass either: sign in as admin first.
  staffCookie = await signInAsFormerAdmin("staff@example.com");
});
afterAll(() => database.destroy());

async function signInAsFormerAdmin(email: string) {
  const { users } = await import("~/platform/db/schema/index");
  const { eq } = await import("drizzle-orm");
  await database.db.update(users).set({ role: "admin" }).where(eq(users.email, email));
  const cookie = await signIn({ ...context, clientIp: "192.0.2.9" }, email);
  await database.db.update(users).set({ role: "user" }).where(eq(users.email, email));
  return cookie;
}

const load = async (file: string) => (await import(path.resolve("app", file))) as RouteModule;

function call(
  handler: (args: unknown) => unknown,
  url: string,
  options: { cookie?: string; post?: boolean; origin?: string },
) {
  const request = browserRequest(context, url, {
    cookie: options.cookie,
    form: options.post ? { intent: "probe" } : undefined,
    origin: options.origin,
  });
  return settle(async () => handler({ request, context, params: {} }));
}

describe("the admin gate, walked over the route table", () => {
  it("finds every admin screen and tool", () => {
    const files = gated.map((r) => r.file);
    expect(files).toContain("routes/admin/layout.tsx");
    expect(files).toContain("routes/admin/users.tsx");
    expect(files).toContain("routes/admin/audit-log.tsx");
    expect(files).toContain("routes/tools/test-email.tsx");
    expect(files).toContain("routes/tools/shop-now.tsx");
    expect(files).toContain("routes/tools/sanmar-products.tsx");
    expect(files).toContain("routes/tools/product-data-sync.tsx");
    expect(files).not.toContain("routes/admin/auth.tsx");
  });

  describe.each(gated)("$url ($file)", ({ file, url }) => {
    it("has a loader, so the gate runs on every request", async () => {
      expect((await load(file)).loader).toBeTypeOf("function");
    });

    it("sends anonymous visitors to sign in and back", async () => {
      const module = await load(file);
      const { action } = module;
      const expected = `/admin/auth?redirectTo=${encodeURIComponent(url)}`;
      for (const handler of gatedHandlers(file, module)) {
        const result = (await call(handler!, url, { post: handler === action })) as Response;
        expect(result.status).toBe(302);
        expect(result.headers.get("location")).toBe(expected);
      }
    });

    it("answers 403 to a signed-in account without the admin role", async () => {
      const module = await load(file);
      const { action } = module;
      for (const handler of gatedHandlers(file, module)) {
        const result = (await call(handler!, url, {
          cookie: staffCookie,
          post: handler === action,
        })) as Response;
        expect(result.status).toBe(403);
      }
    });

    it("lets an admin read it, and refuses an admin's action posted from another site", async () => {
      const { loader, action } = await load(file);
      const read = await call(loader!, url, { cookie: adminCookie });
      // A screen of one record (/admin/quotes/:quoteId) walked with its placeholder finds none:
      // through the gate, and answered 404.
      const notFound = url.includes("/:") && read instanceof Response && read.status === 404;
      expect(read instanceof Response && read.status >= 300 && !notFound).toBe(false);
      if (action) {
        const forged = (await call(action, url, {
          cookie: adminCookie,
          post: true,
          origin: "https://evil.example.net",
        })) as Response;
        expect(forged.status).toBe(403);
      }
    });
  });
});
