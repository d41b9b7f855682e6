import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "~/platform/db/queryable";

/** `execute` answers `{ rows }` on both drivers, on the database and in a transaction. */

async function rows<T>(db: Queryable, query: SQL) {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface SequenceValue {
  name: string;
  /** null: the sequence was never used. */
  lastValue: string | null;
}

/**
 * The app's tables (schema public), parents before children so that rows can be inserted in
 * this order without breaking a foreign key. The schema has no cycles; a table on one would
 * come last and fail loudly on restore.
 */
export async function listTables(db: Queryable): Promise<string[]> {
  const tables = (
    await rows<{ name: string }>(
      db,
      sql.raw(`select tablename as name from pg_tables where schemaname = 'public' order by 1`),
    )
  ).map((t) => t.name);
  const edges = await rows<{ child: string; parent: string }>(
    db,
    sql.raw(`
      select child.relname as child, parent.relname as parent
      from pg_constraint c
      join pg_class child on child.oid = c.conrelid
      join pg_class parent on parent.oid = c.confrelid
      join pg_namespace n on n.oid = child.relnamespace
      where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`),
  );
  const ordered: string[] = [];
  const pending = new Set(tables);
  while (pending.size) {
    const ready = [...pending].filter(
      (t) => !edges.some((e) => e.child === t && pending.has(e.parent)),
    );
    const next = ready.length ? ready : [...pending];
    for (const t of next) {
      ordered.push(t);
      pending.delete(t);
    }
  }
  return ordered;
}

/** Which migrations built the schema: a backup restores only into the same schema. */
export async function schemaVersion(db: Queryable): Promise<string> {
  const applied = await rows<{ hash: string }>(
    db,
    sql.raw(`select hash from drizzle.__drizzle_migrations order by id`),
  );
  return `${applied.length}:${applied.at(-1)?.hash ?? "none"}`;
}

export async function readSequences(db: Queryable): Promise<SequenceValue[]> {
  return rows<SequenceValue>(
    db,
    sql.raw(`
      select sequencename as name, last_value::text as "lastValue"
      from pg_sequences where schemaname = 'public' order by 1`),
  );
}

/**
 * Each row of the table as one JSON text (row_to_json), in batches through a cursor, so a large
 * table never sits in memory whole. Must run inside a transaction.
 */
export async function* exportTable(db: Queryable, table: string, batchSize = 2_000) {
  const cursor = quote(`backup_${table}`);
  await db.execute(
    sql.raw(
      `declare ${cursor} no scroll cursor for select row_to_json(t)::text as r from ${quote(table)} t`,
    ),
  );
  try {
    for (;;) {
      const batch = await rows<{ r: string }>(
        db,
        sql.raw(`fetch forward ${batchSize} from ${cursor}`),
      );
      if (batch.length === 0) return;
      yield batch.map((b) => b.r);
    }
  } finally {
    await db.execute(sql.raw(`close ${cursor}`));
  }
}

/** The columns a row can be given: generated columns are computed again by the database. */
async function writableColumns(db: Queryable, table: string) {
  const columns = await rows<{ name: string }>(
    db,
    sql`
      select a.attname as name from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname = ${table}
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`,
  );
  return columns.map((c) => quote(c.name));
}

export interface TableWriter {
  insert(table: string, jsonRows: string[]): Promise<void>;
}

/**
 * Prepares a transaction to take a backup's rows: every table emptied, the app's own triggers off
 * (the rows they would derive, such as the search tables, are in the backup as they were).
 * Foreign keys stay checked. Call `finish` with the sequences before committing.
 */
export async function prepareRestore(db: Queryable, tables: string[]) {
  if (tables.length) {
    await db.execute(
      sql.raw(`truncate table ${tables.map(quote).join(", ")} restart identity cascade`),
    );
  }
  for (const table of tables) {
    await db.execute(sql.raw(`alter table ${quote(table)} disable trigger user`));
  }
  const columnsByTable = new Map<string, string>();
  const writer: TableWriter = {
    async insert(table, jsonRows) {
      if (jsonRows.length === 0) return;
      let columns = columnsByTable.get(table);
      if (!columns) {
        columns = (await writableColumns(db, table)).join(", ");
        columnsByTable.set(table, columns);
      }
      await db.execute(
        sql`${sql.raw(`insert into ${quote(table)} (${columns}) select ${columns} from json_populate_recordset(null::${quote(table)}, `)}${`[${jsonRows.join(",")}]`}::json)`,
      );
    },
  };
  async function finish(sequences: SequenceValue[]) {
    for (const table of tables) {
      await db.execute(sql.raw(`alter table ${quote(table)} enable trigger user`));
    }
    for (const s of sequences) {
      const name = quote(s.name);
      if (s.lastValue === null) {
        await db.execute(sql.raw(`alter sequence ${name} restart`));
      } else {
        await db.execute(sql`select setval(${name}, ${s.lastValue}::bigint, true)`);
      }
    }
  }
  return { writer, finish };
}
