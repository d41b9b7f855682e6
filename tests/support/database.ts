import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/platform/db/client.server";
import { applySeeds } from "../../server/seed/run";

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and removes the database. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * PostgreSQL database beside TEST_DATABASE_URL's, dropped again afterwards. Both start as a
 * copy of the template the global set-up migrated (and seeded) once (support/database-template.ts).
 */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  // Undefined under another runner configuration (the browser tests'): migrate and seed here.
  // Outside vitest (npm run eval:retrieval) inject throws: no template, migrate and seed here too.
  const templates = insideVitest() ? inject("databaseTemplates") : undefined;
  const template = templates && (options.seed ? templates.seeded : templates.plain);
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (serverUrl) {
    const created = await createEmptyPostgresDatabase(serverUrl, template);
    handle = await openDatabase({ databaseUrl: created.url, dataDir: "" });
    drop = created.drop;
  } else {
    const loadDataDir = template ? await templateDump(template) : undefined;
    handle = await openDatabase({ dataDir: "memory://", loadDataDir });
  }
  if (options.seed && !template) await applySeeds(handle.db);
  return {
    ...handle,
    async destroy() {
      await handle.close();
      await drop();
    },
  };
}

/**
 * PGlite only: the migrated template's dump, for `openDatabase({ dataDir, loadDataDir })` to start
 * a database on disk without initdb and the migrations (undefined outside a vitest run).
 */
export async function migratedDataDir(): Promise<Blob | undefined> {
  const templates = insideVitest() ? inject("databaseTemplates") : undefined;
  return templates ? templateDump(templates.plain) : undefined;
}

/** PGlite only: initdb's database with no migration applied yet, for `new PGlite({ loadDataDir })`. */
export async function unmigratedDataDir(): Promise<Blob | undefined> {
  const templates = insideVitest() ? inject("databaseTemplates") : undefined;
  return templates?.bare ? templateDump(templates.bare) : undefined;
}

const dumps = new Map<string, Promise<ArrayBuffer>>();

/**
 * A template's dump (about 45 MB) as PGlite reads it: PGlite only calls `arrayBuffer()` on the
 * Blob it is given and copies the files out, so each worker reads the file once and every
 * database it opens gets the same bytes. A real Blob would copy them twice per database (into the
 * Blob, then out of it), which cost as much CPU as starting PostgreSQL itself.
 */
async function templateDump(file: string): Promise<Blob> {
  let bytes = dumps.get(file);
  if (!bytes) {
    bytes = fs.readFile(file).then((b) => b.buffer.slice(b.byteOffset, b.byteOffset + b.length));
    dumps.set(file, bytes);
  }
  const buffer = await bytes;
  return { type: "application/x-tar", arrayBuffer: async () => buffer } as Blob;
}

/**
 * A new database beside `serverUrl`'s, and how to drop it: empty (no tables), or a copy of the
 * `template` database.
 */
export async function createEmptyPostgresDatabase(serverUrl: string, template?: string | null) {
  const name = `ms_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const from = template ? ` template "${template}"` : "";
  await withAdminClient(serverUrl, (client) => client.query(`create database "${name}"${from}`));
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

export async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function insideVitest() {
  return Boolean(process.env.VITEST);
}
