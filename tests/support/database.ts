import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import type { PGlite } from "@electric-sql/pglite";
import { type DatabaseHandle, openDatabase, pgliteHandle } from "~/platform/db/client.server";
import { startPglite } from "~/platform/db/pglite.server";
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
  if (!serverUrl && template) return leasePglite(template);
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (serverUrl) {
    const created = await createEmptyPostgresDatabase(serverUrl, template);
    handle = await openDatabase({ databaseUrl: created.url, dataDir: "" });
    drop = created.drop;
  } else {
    handle = await openDatabase({ dataDir: "memory://" });
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
 * PGlite databases a worker has finished with, put back to their template's rows for the next
 * file. Starting one from a template cost 320–590 ms of CPU, and the suite started about 80: a
 * third of its CPU.
 */
const idle = new Map<string, PGlite[]>();
/** Each template's contents, read from the first database started from it. */
const snapshots = new Map<string, Promise<Snapshot>>();

async function leasePglite(template: string): Promise<TestDatabase> {
  let client = idle.get(template)?.pop();
  if (!client) {
    client = await startPglite("memory://", await templateDump(template));
    // Read before the file's first statement: the snapshot is of the template, not of a test's rows.
    if (!snapshots.has(template)) snapshots.set(template, snapshot(client));
  }
  const snapshotOfTemplate = await snapshots.get(template)!;
  const lease = leaseOf(client);
  const handle = await pgliteHandle(lease.client);
  return {
    ...handle,
    close: async () => {
      lease.end();
      await client.close();
    },
    async destroy() {
      if (!lease.end()) return;
      if (await restore(client, snapshotOfTemplate)) {
        idle.set(template, [...(idle.get(template) ?? []), client]);
      } else if (!client.closed) {
        await client.close();
      }
    },
  };
}

/**
 * The client as one file sees it: once the file is done with it, it refuses every call as a
 * closed database would, so nothing a file left running reaches the next file's rows.
 */
function leaseOf(client: PGlite) {
  let ended = false;
  const proxy = new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        // As a closed PGlite answers.
        if (ended) return Promise.reject(new Error("PGlite is closed"));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    client: proxy,
    /** Ends the lease; false when it had already ended. */
    end() {
      const was = ended;
      ended = true;
      return !was;
    },
  };
}

interface Snapshot {
  schema: string;
  tables: string[];
  /** Each table that has rows (the migrations' and the seeds'), as `COPY` wrote them. */
  rows: { table: string; blob: Blob }[];
  sequences: { name: string; value: string; called: boolean }[];
}

async function snapshot(client: PGlite): Promise<Snapshot> {
  const tables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
    )
  ).rows.map((row) => row.name);
  const rows: Snapshot["rows"] = [];
  for (const table of tables) {
    const { rows: count } = await client.query<{ any: boolean }>(
      `select exists (select from ${table}) as any`,
    );
    if (!count[0]!.any) continue;
    const { blob } = await client.query(`copy ${table} to '/dev/blob'`);
    rows.push({ table, blob: blob! });
  }
  const { rows: sequences } = await client.query<Snapshot["sequences"][number]>(
    `select format('%I.%I', schemaname, sequencename) as name,
            coalesce(last_value, start_value)::text as value, last_value is not null as called
       from pg_sequences where schemaname = 'public'`,
  );
  return { schema: await schemaFingerprint(client), tables, rows, sequences };
}

/**
 * Puts `client` back to its template's rows and sequences. False when it cannot be reused: closed,
 * its schema changed, or a statement failed.
 */
async function restore(client: PGlite, snapshot: Snapshot) {
  if (client.closed) return false;
  try {
    await client.exec("discard all");
    if ((await schemaFingerprint(client)) !== snapshot.schema) return false;
    // As a replica applies rows: no trigger fires and no foreign key is checked while they load.
    await client.exec(
      `set session_replication_role = replica; truncate ${snapshot.tables.join(", ")} cascade`,
    );
    for (const { table, blob } of snapshot.rows) {
      await client.query(`copy ${table} from '/dev/blob'`, [], { blob });
    }
    for (const { name, value, called } of snapshot.sequences) {
      await client.query(`select setval($1, $2, $3)`, [name, value, called]);
    }
    await client.exec("reset session_replication_role");
    return true;
  } catch {
    return false;
  }
}

/**
 * What a file could change of a database's schema: its relations, columns, constraints, triggers,
 * functions and extensions.
 */
async function schemaFingerprint(client: PGlite) {
  const { rows } = await client.query<{ fingerprint: string }>(`
    select md5(
      (select string_agg(entry, ',' order by entry) from (
         select format('%s.%s:%s', n.nspname, c.relname, c.relkind) from pg_class c
           join pg_namespace n on n.oid = c.relnamespace
          where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
         union all
         select format('%s.%s.%s:%s', a.attrelid::regclass, a.attname, a.atttypid, a.attnotnull)
           from pg_attribute a join pg_class c on c.oid = a.attrelid
           join pg_namespace n on n.oid = c.relnamespace
          where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
            and a.attnum > 0 and not a.attisdropped
         union all
         select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname not in ('pg_catalog', 'information_schema')
         union all
         select format('%s.%s', conrelid::regclass, conname) from pg_constraint
          where connamespace = 'public'::regnamespace
         union all
         select format('%s.%s', tgrelid::regclass, tgname) from pg_trigger where not tgisinternal
         union all
         select extname || ' ' || extversion from pg_extension
       ) as schema (entry))
    ) as fingerprint`);
  return rows[0]!.fingerprint;
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
