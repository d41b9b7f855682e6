import { createHash } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { type AppLoadContext, data, redirect } from "react-router";
import type { Env } from "~/platform/config/env.server";
import type { Database } from "~/platform/db/client.server";
import { users } from "~/platform/db/schema/index";
import type { ListQuery } from "~/platform/admin-kit/list";
import { listPage } from "~/platform/admin-kit/records.server";
import { type Actor, recordAudit } from "~/platform/audit/audit.server";
import { attemptSucceeded, startAttempt } from "~/platform/rate-limit/attempts.server";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER } from "./auth.server";
import { ACCESS_DENIED_STATUS, ADMIN_ROLE, hasAdminRole, loginPath } from "./roles";

export interface AdminUser extends Actor {
  id: string;
}

type AuthContext = Pick<AppLoadContext, "db" | "env"> & {
  services: Pick<AppLoadContext["services"], "auth">;
};

/**
 * The gate of every admin and internal-tool loader and action. Anonymous visitors are sent to
 * sign in (and back here afterwards); signed-in people without the admin role get a 403; a
 * mutation from another site is refused whoever sends it.
 */
export async function requireAdmin(request: Request, context: AuthContext): Promise<AdminUser> {
  const session = await context.services.auth.api.getSession({
    headers: request.headers,
  });
  if (!session) {
    const url = new URL(request.url);
    throw redirect(loginPath(url.pathname + url.search));
  }
  if (!hasAdminRole(session.user.role)) {
    throw data({ reason: "not-admin" }, { status: ACCESS_DENIED_STATUS });
  }
  if (!isSafeMethod(request.method)) assertSameOrigin(request, context.env);
  return { id: session.user.id, email: session.user.email };
}

function isSafeMethod(method: string) {
  return method === "GET" || method === "HEAD";
}

/**
 * Cross-site request forgery guard: a form post must come from our own pages. Browsers send
 * Origin on every POST; Referer is the fallback for the few that strip it.
 */
export function assertSameOrigin(request: Request, env: Pick<Env, "PUBLIC_URL">) {
  const expected = new URL(env.PUBLIC_URL).origin;
  const origin = request.headers.get("origin") ?? originOf(request.headers.get("referer"));
  if (origin !== expected) {
    throw data({ reason: "cross-site" }, { status: ACCESS_DENIED_STATUS });
  }
}

function originOf(url: string | null) {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The signed-in person, whatever their role; null for anonymous visitors. */
export async function currentUser(request: Request, context: AuthContext) {
  const session = await context.services.auth.api.getSession({
    headers: request.headers,
  });
  return session ? { ...session.user, isAdmin: hasAdminRole(session.user.role) } : null;
}

export type SignInResult =
  { ok: true; setCookies: string[] } | { ok: false; error: string; setCookies?: string[] };

export const UNKNOWN_ERROR = "An unknown error occurred";
export const NOT_ADMIN_ERROR = "You don't have admin privileges";

/**
 * Signs in through better-auth's own endpoint (called in-process, never exposed), so its
 * database-backed rate limiter and password checks apply. A correct password without the admin
 * role gets no session: it is revoked at once.
 */
export async function signInAdmin(
  request: Request,
  context: AuthContext & Pick<AppLoadContext, "clientIp">,
  credentials: { email: string; password: string },
): Promise<SignInResult> {
  assertSameOrigin(request, context.env);
  const account = accountKey(credentials.email);
  const attempt = await startAttempt(context.db, account, SIGN_IN_ACCOUNT_POLICY);
  if (!attempt.allowed) return { ok: false, error: tooManySignIns(attempt.retryAfterSeconds) };
  const result = await checkPassword(request, context, credentials);
  // Only a wrong password counts against the account.
  if (result.ok || !result.wrongPassword) await attemptSucceeded(context.db, account, attempt.at);
  return result;
}

/** Wrong passwords per account, from any address (ADR 019): 10 in 10 minutes, growing waits. */
export const SIGN_IN_ACCOUNT_POLICY = {
  windowMs: 10 * 60_000,
  maxFailures: 10,
  delaysMs: [0, 0, 0, 5_000, 15_000, 30_000, 60_000, 120_000, 240_000],
} as const;

export function tooManySignIns(seconds: number) {
  return `Too many sign-in attempts. Try again in ${seconds} seconds.`;
}

/** The account's key in the rate limits table: a hash, so the table holds no email address. */
function accountKey(email: string) {
  const digest = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
  return `sign-in-account:${digest}`;
}

async function checkPassword(
  request: Request,
  context: AuthContext & Pick<AppLoadContext, "clientIp">,
  credentials: { email: string; password: string },
): Promise<SignInResult & { wrongPassword?: boolean }> {
  const auth = context.services.auth;
  const response = await auth.handler(
    new Request(`${context.env.PUBLIC_URL}${AUTH_BASE_PATH}/sign-in/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: new URL(context.env.PUBLIC_URL).origin,
        [CLIENT_IP_HEADER]: context.clientIp,
      },
      body: JSON.stringify({ ...credentials, rememberMe: true }),
    }),
  );
  const body = (await response.json().catch(() => null)) as {
    token?: string;
    user?: { role?: string | null };
    message?: string;
  } | null;
  if (response.status === 429) {
    // The per-address limit (better-auth's, SIGN_IN_LIMIT), with its wait.
    const seconds = Math.max(1, Number(response.headers.get("x-retry-after")) || 60);
    return { ok: false, error: tooManySignIns(seconds) };
  }
  if (!response.ok || !body?.token) {
    // better-auth answers "Invalid email or password" for an unknown email and a wrong password alike.
    return {
      ok: false,
      error: body?.message || UNKNOWN_ERROR,
      wrongPassword: response.status === 401,
    };
  }
  if (!hasAdminRole(body.user?.role)) {
    const authContext = await auth.$context;
    await authContext.internalAdapter.deleteSession(body.token);
    return { ok: false, error: NOT_ADMIN_ERROR };
  }
  return { ok: true, setCookies: response.headers.getSetCookie() };
}

/** Ends the session (if any) and returns the Set-Cookie headers that clear it in the browser. */
export async function signOut(request: Request, context: AuthContext): Promise<string[]> {
  const response = await context.services.auth.api.signOut({
    headers: request.headers,
    asResponse: true,
  });
  return response.headers.getSetCookie();
}

/** Admins, oldest first, searched by email. */
export async function listAdminUsers(db: Database, query: ListQuery) {
  const page = await listPage(db, {
    table: users,
    where: eq(users.role, ADMIN_ROLE),
    searchIn: [users.email],
    orderBy: [asc(users.createdAt), asc(users.email)],
    query,
  });
  return {
    ...page,
    rows: page.rows.map((user) => ({ id: user.id, email: user.email, createdAt: user.createdAt })),
  };
}

export type AddAdminResult = { outcome: "created" | "granted" | "already-admin"; userId: string };

/**
 * Creates an admin account, or gives an existing account the admin role. An existing account
 * keeps its password and is not notified (spec §6).
 */
export async function addAdminUser(
  context: AuthContext,
  actor: Actor,
  input: { email: string; password: string },
): Promise<AddAdminResult> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await context.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (existing) {
    if (hasAdminRole(existing.role)) return { outcome: "already-admin", userId: existing.id };
    await context.db.transaction(async (tx) => {
      await tx.update(users).set({ role: ADMIN_ROLE }).where(eq(users.id, existing.id));
      await recordAudit(tx, actor, {
        action: "grant-admin",
        entityType: "user",
        entityId: existing.id,
        before: { email, role: existing.role },
        after: { email, role: ADMIN_ROLE },
      });
    });
    return { outcome: "granted", userId: existing.id };
  }
  const { user } = await context.services.auth.api.createUser({
    body: { email, password: input.password, name: email, role: ADMIN_ROLE },
  });
  await recordAudit(context.db, actor, {
    action: "create-admin",
    entityType: "user",
    entityId: user.id,
    after: { email, role: ADMIN_ROLE },
  });
  return { outcome: "created", userId: user.id };
}

export class AdminRuleError extends Error {}

/** Takes the admin role away. Nobody removes their own role, and the last admin always stays. */
export async function removeAdminRole(db: Database, actor: AdminUser, userId: string) {
  if (userId === actor.id) {
    throw new AdminRuleError("You cannot remove your own admin privileges.");
  }
  await db.transaction(async (tx) => {
    // Locking every admin row makes two simultaneous removals take turns on the count below.
    const admins = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.role, ADMIN_ROLE))
      .for("update");
    const target = admins.find((a) => a.id === userId);
    if (!target) throw new AdminRuleError("This user is not an admin.");
    if (admins.length <= 1) throw new AdminRuleError("The last admin cannot be removed.");
    await tx
      .update(users)
      .set({ role: "user" })
      .where(and(eq(users.id, userId), eq(users.role, ADMIN_ROLE)));
    await recordAudit(tx, actor, {
      action: "remove-admin",
      entityType: "user",
      entityId: userId,
      before: { email: target.email, role: ADMIN_ROLE },
      after: { email: target.email, role: "user" },
    });
  });
}

/**
 * The first admin (ADMIN_EMAIL/ADMIN_PASSWORD at start-up, or `npm run admin -- create`):
 * creates the account, or gives an existing one the role. Safe to run on every start.
 */
export async function ensureAdminAccount(
  context: AuthContext,
  input: { email: string; password: string },
  source: string,
) {
  return addAdminUser(context, { id: null, email: source }, input);
}
