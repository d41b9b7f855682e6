import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { ConfigError } from "~/platform/config/env.server";
import * as schema from "./schema/index";

/** The one database type every feature sees, whichever driver serves it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, which `openDatabase({ loadDataDir })` starts from. */
  dumpDataDir?(): Promise<Blob>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
// Any constant works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK_ID = 4_150_513;

/**
 * Opens the database and brings its schema up to date: PostgreSQL when a URL is given,
 * otherwise the embedded PGlite at `dataDir` (`memory://` keeps it in memory, for tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite only: start from this dump (`dumpDataDir`) instead of an empty database. */
  loadDataDir?: Blob;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const client = new PGlite({ dataDir, loadDataDir, extensions: { pg_trgm } });
  try {
    await client.waitReady;
  } catch (error) {
    throw new ConfigError(
      `DATA_DIR: cannot open the embedded database at ${dataDir} (${describe(error)})`,
    );
  }
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    driver: "pglite",
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir("none"),
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not crash the process.
  pool.on("error", () => {});
  let lockClient: pg.PoolClient;
  try {
    lockClient = await pool.connect();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new ConfigError(`DATABASE_URL: cannot connect to ${redact(url)} (${describe(error)})`);
  }
  // Several instances may start at once: one migrates, the others wait for it.
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema });
  return { db: db as unknown as Database, driver: "postgres", close: () => pool.end() };
}

function describe(error: unknown) {
  const e = error as { code?: string; message?: string };
  return e.code ?? e.message ?? String(error);
}

function redact(url: string) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "the configured address";
  }
}
