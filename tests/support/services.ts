import { type Logger, pino } from "pino";
import type { Env } from "~/platform/config/env.server";
import type { Database } from "~/platform/db/client.server";
import { type Services, createServices } from "../../server/services";

/**
 * A logger for tests: records at error level and above go to console.error, where
 * fail-on-console-error.ts fails the test unless it called expectConsoleErrors() first.
 */
export function createTestLogger(): Logger {
  return pino(
    { level: "error" },
    {
      write(line: string) {
        const record = JSON.parse(line) as { msg?: string; err?: { stack?: string } };
        console.error(record.msg ?? "", record.err?.stack ?? "");
      },
    },
  );
}

/**
 * The services the server builds, from a test's env, with fakes swapped in:
 * `createTestServices(db, env, { payments: fakePayments })`. Anything not overridden is the real
 * adapter that env selects (test-mode payments, the stored outbox, storage under DATA_DIR).
 */
export function createTestServices(
  db: Database,
  env: Env,
  overrides: Partial<Services> = {},
  logger: Logger = createTestLogger(),
): Services {
  return createServices({ env, db, logger }, overrides);
}
