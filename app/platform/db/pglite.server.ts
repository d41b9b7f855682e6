import type { PGlite } from "@electric-sql/pglite";

/**
 * The embedded database at `dataDir`, with the extensions and settings the app needs, once it is
 * ready. Used in the process itself (tests, scripts) and inside the database worker (the server).
 */
export async function startPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  const client = new PGlite({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm },
    // PostgreSQL's default 128 MB of shared buffers sit inside PGlite's WebAssembly memory, which
    // never shrinks; the catalogue search answers from its in-memory columns, so 16 MB is enough.
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
    // A new data directory's write-ahead log in 1 MB segments instead of 16: initdb zeroes the
    // first segment, and every copy of the directory (a backup, a test database) carries it.
    initDbStartParams: ["--wal-segsize=1"],
  });
  await client.waitReady;
  return client;
}
