import type { Env } from "./config/env.server";
import type { Database } from "./db/client.server";
import type { EmailService } from "./features/email/outbox.server";

/** What the server entry hands every loader and action, once per request. */
declare module "react-router" {
  interface AppLoadContext {
    db: Database;
    env: Env;
    email: EmailService;
    cspNonce: string;
    /** The visitor's address (from X-Forwarded-For only when TRUST_PROXY is on). */
    clientIp: string;
  }
}

export {};
