import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authRateLimits, sessions, users } from "~/platform/db/schema/index";
import { ensureAdminAccount } from "~/platform/auth/admin.server";
import { action, loader } from "~/routes/admin/auth";
import { TEST_PASSWORD, browserRequest, createAccount, settle, signIn } from "../support/admin";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";

let database: TestDatabase;
let context: AppLoadContext;
beforeAll(async () => {
  database = await createTestDatabase();
  context = createTestContext(database.db);
  await createAccount(context, "owner@example.com", "admin");
  await createAccount(context, "staff@example.com", "user");
});
afterAll(() => database.destroy());

function submit(form: Record<string, string>, options: { origin?: string; ip?: string } = {}) {
  return settle(() =>
    action({
      request: browserRequest(context, "/admin/auth", { form, origin: options.origin }),
      context: { ...context, clientIp: options.ip ?? context.clientIp },
      params: {},
    } as never),
  );
}

describe("/admin/auth", () => {
  it("signs an admin in with an httpOnly, SameSite=Lax, Secure session cookie and goes to the page asked for", async () => {
    const result = (await submit({
      email: "owner@example.com",
      password: TEST_PASSWORD,
      redirectTo: "/admin/coupons",
    })) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe("/admin/coupons");
    const cookie = result.headers.getSetCookie().find((c) => c.includes("session_token"))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Secure/i);
  });

  it("never sends anyone off the site after signing in", async () => {
    const result = (await submit({
      email: "owner@example.com",
      password: TEST_PASSWORD,
      redirectTo: "//evil.example.net",
    })) as Response;
    expect(result.headers.get("location")).toBe("/admin");
  });

  it("answers a wrong password and an unknown email with the same message", async () => {
    const wrong = await submit(
      { email: "owner@example.com", password: "not the password" },
      { ip: "198.51.100.1" },
    );
    const unknown = await submit(
      { email: "nobody@example.com", password: "not the password" },
      { ip: "198.51.100.1" },
    );
    expect(wrong).toMatchObject({ ok: false, toast: { description: "Invalid email or password" } });
    expect(unknown).toMatchObject({
      ok: false,
      toast: { description: "Invalid email or password" },
    });
  });

  it("requires both fields", async () => {
    expect(await submit({ email: "owner@example.com", password: "" })).toMatchObject({
      toast: { description: "Please provide both email and password" },
    });
  });

  it("refuses an account without the admin role and leaves it no session", async () => {
    const [staff] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "staff@example.com"));
    const result = await submit(
      { email: "staff@example.com", password: TEST_PASSWORD },
      { ip: "198.51.100.2" },
    );
    expect(result).toMatchObject({ toast: { description: "You don't have admin privileges" } });
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, staff!.id))).toEqual(
      [],
    );
  });

  it("refuses a sign-in posted from another site", async () => {
    const result = (await submit(
      { email: "owner@example.com", password: TEST_PASSWORD },
      { origin: "https://evil.example.net" },
    )) as Response;
    expect(result.status).toBe(403);
  });

  it("limits sign-in attempts per address, even with the right password, in the database", async () => {
    const ip = "192.0.2.50";
    // Five accounts, one guess each: the account limit is not what stops the sixth.
    for (let i = 0; i < 5; i++) {
      await submit({ email: `guess${i}@example.com`, password: "guess number " + i }, { ip });
    }
    const blocked = await submit({ email: "owner@example.com", password: TEST_PASSWORD }, { ip });
    expect(blocked).toMatchObject({
      toast: {
        description: expect.stringMatching(
          /^Too many sign-in attempts\. Try again in \d+ seconds\.$/,
        ),
      },
    });
    const rows = await database.db.select().from(authRateLimits);
    expect(rows.some((r) => r.key.startsWith(ip))).toBe(true);
    // Another address is not affected.
    expect(
      (
        (await submit(
          { email: "owner@example.com", password: TEST_PASSWORD },
          { ip: "192.0.2.51" },
        )) as Response
      ).status,
    ).toBe(302);
  });

  it("sends a signed-in admin straight to /admin", async () => {
    const cookie = await signIn({ ...context, clientIp: "192.0.2.60" }, "owner@example.com");
    const result = (await settle(() =>
      loader({
        request: browserRequest(context, "/admin/auth", { cookie }),
        context,
        params: {},
      } as never),
    )) as Response;
    expect(result.headers.get("location")).toBe("/admin");
  });

  it("logs out: the session stops working", async () => {
    const cookie = await signIn({ ...context, clientIp: "192.0.2.61" }, "owner@example.com");
    const out = (await settle(() =>
      action({
        request: browserRequest(context, "/admin/auth", { cookie, form: { intent: "logout" } }),
        context,
        params: {},
      } as never),
    )) as Response;
    expect(out.headers.get("location")).toBe("/admin/auth");
    const after = await loader({
      request: browserRequest(context, "/admin/auth", { cookie }),
      context,
      params: {},
    } as never);
    expect(after).toEqual({ error: null });
  });
});

describe("the first admin", () => {
  it("ADMIN_EMAIL creates the account once and can then sign in; running again changes nothing", async () => {
    const input = { email: "First@Example.com", password: "a long enough secret" };
    expect((await ensureAdminAccount(context, input, "system")).outcome).toBe("created");
    expect((await ensureAdminAccount(context, input, "system")).outcome).toBe("already-admin");
    await signIn({ ...context, clientIp: "192.0.2.70" }, "first@example.com", input.password);
  });

  it("gives an existing account the role without changing its password", async () => {
    await createAccount(context, "promoted@example.com", "user");
    const result = await ensureAdminAccount(
      context,
      { email: "promoted@example.com", password: "some other password" },
      "system",
    );
    expect(result.outcome).toBe("granted");
    await signIn({ ...context, clientIp: "192.0.2.71" }, "promoted@example.com", TEST_PASSWORD);
  });
});

describe("the sign-in limit per account (ADR 019)", () => {
  const email = "target@example.com";
  let ipCounter = 0;
  // Every guess from a new address: the per-address limit never applies.
  const guess = (password: string) =>
    submit({ email, password }, { ip: `203.0.113.${++ipCounter}` }) as Promise<
      { toast?: { description?: string } } | Response
    >;
  const errorOf = (result: { toast?: { description?: string } } | Response) =>
    result instanceof Response ? result.status : result.toast?.description;

  beforeAll(async () => {
    await createAccount(context, email, "admin");
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("takes no more than 10 wrong passwords in 10 minutes from any number of addresses, with growing waits", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    let wrong = 0;
    const waits: number[] = [];
    // A guesser who comes back the moment each wait ends, for ten minutes.
    while (Date.now() - start < 10 * 60_000) {
      const answer = errorOf(await guess(`guess ${wrong}`));
      const wait = /Try again in (\d+) seconds\.$/.exec(String(answer));
      if (wait) {
        waits.push(Number(wait[1]));
        vi.setSystemTime(Date.now() + Number(wait[1]) * 1000);
      } else {
        expect(answer).toBe("Invalid email or password");
        wrong += 1;
      }
    }
    expect(wrong).toBe(10);
    // The waits grow: none for the first three mistakes, then 5 s, 15 s, 30 s...
    expect(waits.slice(0, 4)).toEqual([5, 15, 30, 60]);

    // Locked, even the right password is refused (it would tell the guesser it was right)...
    vi.setSystemTime(start + 10 * 60_000 - 1_000);
    expect(errorOf(await guess(TEST_PASSWORD))).toMatch(/^Too many sign-in attempts\./);
    // ...and the real admin is back in once the oldest mistake is ten minutes old.
    vi.setSystemTime(start + 10 * 60_000 + 1_000);
    expect(errorOf(await guess(TEST_PASSWORD))).toBe(302);
  });

  it("lets a few typing mistakes pass without any wait", async () => {
    const other = "typo@example.com";
    await createAccount(context, other, "admin");
    for (let i = 0; i < 3; i++) {
      const result = await submit({ email: other, password: "typo" }, { ip: `198.18.0.${i}` });
      expect(errorOf(result as never)).toBe("Invalid email or password");
    }
    const right = await submit({ email: other, password: TEST_PASSWORD }, { ip: "198.18.0.9" });
    expect(errorOf(right as never)).toBe(302);
  });
});
