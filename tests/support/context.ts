import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { loadEnv } from "~/platform/config/env.server";
import type { Database } from "~/platform/db/client.server";
import type { Services } from "../../server/services";
import { createTestLogger, createTestServices } from "./services";

/**
 * What the server entry gives loaders and actions, built around a test database. `env` picks
 * adapters as in production (SMTP_URL, STRIPE_SECRET_KEY, ...); `services` swaps in fakes.
 */
export function createTestContext(
  db: Database,
  options: { env?: Record<string, string>; services?: Partial<Services> } = {},
): AppLoadContext {
  const env = loadEnv({
    NODE_ENV: "test",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ms-ctx-")),
    PUBLIC_URL: "https://www.example.com",
    EMAIL_FROM: "Merch Simplified <hello@example.com>",
    ...options.env,
  });
  const logger = createTestLogger();
  return {
    db,
    env,
    services: createTestServices(db, env, options.services, logger),
    logger,
    cspNonce: "test-nonce",
    clientIp: "203.0.113.7",
  };
}
