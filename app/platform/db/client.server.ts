import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import { ConfigError } from "~/platform/config/env.server";
import { PgliteInWorker } from "./pglite-in-worker.server";
import { startPglite } from "./pglite.server";
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
  /**
   * PGlite only: run it on a worker thread (the server does; decision 021), so its queries do
   * not hold up this thread. Tests and scripts keep it in the process.
   */
  inWorker?: boolean;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.dataDir, options.loadDataDir, options.inWorker ?? false);
}

// Each driver is loaded only by the process that uses it (docs/performance.md, memory).
async function openPglite(
  dataDir: string,
  loadDataDir: Blob | undefined,
  inWorker: boolean,
): Promise<DatabaseHandle> {
  let client: PGlite | PgliteInWorker;
  try {
    client = inWorker
      ? await PgliteInWorker.start(dataDir, loadDataDir)
      : await startPglite(dataDir, loadDataDir);
  } catch (error) {
    throw new ConfigError(
      `DATA_DIR: cannot open the embedded database at ${dataDir} (${describe(error)})`,
    );
  }
  // The worker's client offers what drizzle-orm/pglite calls of a PGlite (pglite-in-worker.server.ts).
  const [handle, { migrate }] = await Promise.all([
    pgliteHandle(client as PGlite),
    import("drizzle-orm/pglite/migrator"),
  ]);
  await migrate(handle.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder });
  return handle;
}

/** A handle on an embedded database that is already migrated. */
export async function pgliteHandle(client: PGlite): Promise<DatabaseHandle> {
  const { drizzle: drizzlePglite } = await import("drizzle-orm/pglite");
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    driver: "pglite",
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir("none"),
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
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
