import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "~/platform/db/client.server";
import { applySeeds } from "../../server/seed/run";

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and removes the database. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * PostgreSQL database beside TEST_DATABASE_URL's, dropped again afterwards.
 */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (serverUrl) {
    const created = await createEmptyPostgresDatabase(serverUrl);
    handle = await openDatabase({ databaseUrl: created.url, dataDir: "" });
    drop = created.drop;
  } else {
    handle = await openDatabase({ dataDir: "memory://" });
  }
  if (options.seed) await applySeeds(handle.db);
  return {
    ...handle,
    async destroy() {
      await handle.close();
      await drop();
    },
  };
}

/** A new, empty database beside `serverUrl`'s (no tables), and how to drop it. */
export async function createEmptyPostgresDatabase(serverUrl: string) {
  const name = `ms_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
