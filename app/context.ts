import type { Env } from "./config/env.server";
import type { Database } from "./db/client.server";

/** What the server entry hands every loader and action, once per request. */
declare module "react-router" {
  interface AppLoadContext {
    db: Database;
    env: Env;
    cspNonce: string;
  }
}

export {};
