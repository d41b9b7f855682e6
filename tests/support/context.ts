import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { loadEnv } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { type EmailTransport, createEmailService } from "~/features/email/outbox.server";

/** What the server entry gives loaders and actions, built around a test database. */
export function createTestContext(
  db: Database,
  options: { env?: Record<string, string>; emailTransport?: EmailTransport } = {},
): AppLoadContext {
  const env = loadEnv({
    NODE_ENV: "test",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ms-ctx-")),
    PUBLIC_URL: "https://www.example.com",
    ...options.env,
  });
  const email = createEmailService({
    db,
    from: "Merch Simplified <hello@example.com>",
    transport: options.emailTransport,
  });
  return { db, env, email, cspNonce: "test-nonce", clientIp: "203.0.113.7" };
}
