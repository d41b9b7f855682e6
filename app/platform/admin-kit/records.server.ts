import { type SQL, and, asc, count, eq, ilike, or } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors";
import type { Queryable } from "~/platform/db/queryable";
import { type Actor, recordAudit } from "~/platform/audit/audit.server";
import type { ListQuery, Page } from "./list";

/**
 * The audited writes every admin screen makes: the change and its audit row in one
 * transaction, the row locked while it is read for the audit's "before".
 */

/** A table the kit can manage: any table whose primary key is a column named `id`. */
export type RecordTable = PgTable & { id: PgColumn };
export type RowOf<T extends RecordTable> = T["$inferSelect"];
export type NewRowOf<T extends RecordTable> = T["$inferInsert"];

/** What is edited and how the audit log names it (`coupon`, `page_seo`, `faq`…). */
export interface RecordKind<T extends RecordTable> {
  table: T;
  entityType: string;
  /**
   * The columns read, returned and audited; every column unless given. A table with a generated
   * search vector names its columns, so the vector never reaches a page or the audit log.
   */
  columns?: Record<string, PgColumn>;
}

export class RecordNotFoundError extends Error {}
/** A unique index refused the write (a code or path that is already taken). */
export class DuplicateRecordError extends Error {}

async function translatingUniqueViolation<R>(write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateRecordError();
    throw error;
  }
}

export async function createRecord<T extends RecordTable>(
  db: Database,
  actor: Actor,
  kind: RecordKind<T>,
  values: NewRowOf<T>,
): Promise<RowOf<T>> {
  return translatingUniqueViolation(() =>
    db.transaction(async (tx) => {
      const insert = tx.insert(kind.table).values(values as never);
      const [created] = (await (kind.columns
        ? insert.returning(kind.columns)
        : insert.returning())) as RowOf<T>[];
      await recordAudit(tx, actor, {
        action: "create",
        entityType: kind.entityType,
        entityId: (created as { id: string }).id,
        after: created,
      });
      return created!;
    }),
  );
}

/** Locks the row, updates it and returns it as it was and as it is (inside a transaction). */
export async function updateLocked<T extends RecordTable>(
  tx: Queryable,
  table: T,
  id: string,
  values: Partial<NewRowOf<T>>,
  columns?: Record<string, PgColumn>,
): Promise<{ before: RowOf<T>; after: RowOf<T> }> {
  const [before] = (await (columns ? tx.select(columns) : tx.select())
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for("update")) as RowOf<T>[];
  if (!before) throw new RecordNotFoundError();
  const update = tx
    .update(table)
    .set(values as never)
    .where(eq(table.id, id));
  const [after] = (await (columns ? update.returning(columns) : update.returning())) as RowOf<T>[];
  return { before, after: after! };
}

export interface UpdateOptions<T extends RecordTable> {
  /** The audit action; "update" unless the change has a name of its own ("set-active"). */
  action?: string;
  /** What of the row the audit keeps; the whole row unless given. */
  audited?: (row: RowOf<T>) => unknown;
}

export async function updateRecord<T extends RecordTable>(
  db: Database,
  actor: Actor,
  kind: RecordKind<T>,
  id: string,
  values: Partial<NewRowOf<T>>,
  options: UpdateOptions<T> = {},
): Promise<RowOf<T>> {
  const audited = options.audited ?? ((row: RowOf<T>) => row);
  return translatingUniqueViolation(() =>
    db.transaction(async (tx) => {
      const { before, after } = await updateLocked(tx, kind.table, id, values, kind.columns);
      await recordAudit(tx, actor, {
        action: options.action ?? "update",
        entityType: kind.entityType,
        entityId: id,
        before: audited(before),
        after: audited(after),
      });
      return after;
    }),
  );
}

export async function deleteRecord<T extends RecordTable>(
  db: Database,
  actor: Actor,
  kind: RecordKind<T>,
  id: string,
): Promise<RowOf<T>> {
  return db.transaction(async (tx) => {
    const remove = tx.delete(kind.table).where(eq(kind.table.id, id));
    const [before] = (await (kind.columns
      ? remove.returning(kind.columns)
      : remove.returning())) as RowOf<T>[];
    if (!before) throw new RecordNotFoundError();
    await recordAudit(tx, actor, {
      action: "delete",
      entityType: kind.entityType,
      entityId: id,
      before,
    });
    return before;
  });
}

/**
 * Moves a row to `position` (1-based) in its list (FAQs, stories, logos…): the list is locked,
 * renumbered 1…n with the row in its new place (which also mends ties), and the move audited.
 * Up and down buttons send the neighbouring position; a drop sends the target's.
 */
export async function moveRecord<T extends RecordTable>(
  db: Database,
  actor: Actor,
  kind: RecordKind<T> & { orderColumn: PgColumn; scope?: SQL },
  id: string,
  position: number,
) {
  return db.transaction(async (tx) => {
    const rows = (await tx
      .select({ id: kind.table.id, position: kind.orderColumn })
      .from(kind.table as PgTable)
      .where(kind.scope)
      .orderBy(asc(kind.orderColumn), asc(kind.table.id))
      .for("update")) as { id: string; position: number }[];
    const from = rows.findIndex((row) => row.id === id);
    if (from === -1) throw new RecordNotFoundError();
    const to = Math.min(Math.max(position, 1), rows.length) - 1;
    if (to === from) return false;
    const order = rows.map((row) => row.id);
    order.splice(to, 0, ...order.splice(from, 1));
    const key = columnKey(kind.table, kind.orderColumn);
    for (const [index, rowId] of order.entries()) {
      if (rows.find((row) => row.id === rowId)!.position === index + 1) continue;
      await tx
        .update(kind.table)
        .set({ [key]: index + 1 } as never)
        .where(eq(kind.table.id, rowId));
    }
    await recordAudit(tx, actor, {
      action: "reorder",
      entityType: kind.entityType,
      entityId: id,
      before: { position: from + 1 },
      after: { position: to + 1 },
    });
    return true;
  });
}

/** The property name under which a table holds a column (`displayOrder` for display_order). */
function columnKey(table: PgTable, column: PgColumn) {
  const entry = Object.entries(table).find(([, value]) => value === column);
  if (!entry) throw new Error(`column ${column.name} is not on this table`);
  return entry[0];
}

export const DEFAULT_PAGE_SIZE = 25;

/** An ILIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Rows where any of `columns` contains `q`, case-insensitively; undefined for an empty search. */
export function matchingAny(q: string | undefined, columns: PgColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/**
 * One page of a table, searched in the database: `q` matches any of `searchIn`
 * case-insensitively (each searched column has a pg_trgm index, which ILIKE uses), or as
 * `search` says; a page past the end shows the last one.
 */
export async function listPage<T extends RecordTable, Row = RowOf<T>>(
  db: Queryable,
  options: {
    table: T;
    searchIn: PgColumn[];
    /** The search condition for `q`, when a substring match on `searchIn` is not the one. */
    search?: (q: string) => SQL | undefined;
    orderBy: SQL[];
    query: Partial<ListQuery>;
    /** A condition every row of this list meets, whatever the search (a status filter…). */
    where?: SQL;
    /** The columns a row carries (never a search vector); every column unless given. */
    columns?: Record<string, PgColumn>;
    pageSize?: number;
  },
): Promise<Page<Row>> {
  const { table } = options;
  const q = options.query.q ?? "";
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const search = q && options.search ? options.search(q) : matchingAny(q, options.searchIn);
  const where = and(options.where, search);
  const [{ total }] = (await db
    .select({ total: count() })
    .from(table as PgTable)
    .where(where)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(options.query.page ?? 1, pageCount);
  const rows = (await (options.columns ? db.select(options.columns) : db.select())
    .from(table as PgTable)
    .where(where)
    .orderBy(...options.orderBy)
    .limit(pageSize)
    .offset((page - 1) * pageSize)) as Row[];
  return { rows, total, pageCount, pageSize, page, q };
}
