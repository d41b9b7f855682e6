import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins/admin";
import type { Logger } from "pino";
import type { Env } from "~/platform/config/env.server";
import type { Database } from "~/platform/db/client.server";
import {
  accounts,
  authRateLimits,
  sessions,
  users,
  verifications,
} from "~/platform/db/schema/index";
import { MIN_PASSWORD_LENGTH } from "./roles";

/** Where better-auth thinks it is mounted; its handler is only ever called in-process. */
export const AUTH_BASE_PATH = "/api/auth";
/** Set by us on in-process calls, so the handler's rate limiter keys on the visitor's address. */
export const CLIENT_IP_HEADER = "x-merch-client-ip";
/** Sign-in attempts per address per window: strict, since it guards the whole back office. */
export const SIGN_IN_LIMIT = { window: 60, max: 5 };

/** Built once per process by createServices; reached as `context.services.auth`. */
export function createAuth(
  db: Database,
  env: Pick<Env, "AUTH_SECRET" | "PUBLIC_URL">,
  logger: Logger,
) {
  const secure = env.PUBLIC_URL.startsWith("https://");
  return betterAuth({
    appName: "Merch Simplified",
    secret: env.AUTH_SECRET,
    baseURL: env.PUBLIC_URL,
    basePath: AUTH_BASE_PATH,
    trustedOrigins: [env.PUBLIC_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: authRateLimits,
      },
    }),
    // Accounts are made by admins (the Users screen, ADMIN_EMAIL, `npm run admin`), never by visitors.
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      customRules: { "/sign-in/email": SIGN_IN_LIMIT },
    },
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    // Into the process log, as JSON like every other line, instead of coloured text on stdout.
    logger: {
      log: (level, message, ...args) =>
        logger[level]({ auth: args.length ? args : undefined }, `better-auth: ${message}`),
    },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
