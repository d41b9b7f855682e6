import type { Logger } from "pino";
import type { Env } from "~/platform/config/env.server";
import type { Database } from "~/platform/db/client.server";
import type { Services } from "../server/services";

/** What the server entry hands every loader and action, once per request. */
declare module "react-router" {
  interface AppLoadContext {
    db: Database;
    env: Env;
    /** Adapters to the outside world (email, payments, storage, ...), built once per process. */
    services: Services;
    /** This request's logger (pino, tagged with the request id), for every error an app module logs. */
    logger: Logger;
    cspNonce: string;
    /** The visitor's address: the socket's, or what the nearest trusted proxy saw (TRUST_PROXY). */
    clientIp: string;
  }
}

export {};
