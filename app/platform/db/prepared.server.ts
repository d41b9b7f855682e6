import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { Queryable } from "./queryable";

interface Internals {
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: false,
    ): { execute(): Promise<{ rows: never[] }>; rawQueryConfig?: { name?: string } };
  };
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
}

/**
 * `db.execute(query)` as a named prepared statement. On PostgreSQL, node-postgres parses the
 * statement once per connection and the server plans it once (then reuses a generic plan), where
 * an unnamed statement is parsed and planned on every call: for the catalogue page's statement
 * that was 0.75–0.9 ms of PostgreSQL's CPU a call against 0.13 ms (docs/performance.md). The
 * embedded database's worker does the same (pglite.worker.ts); a PGlite used directly (tests)
 * ignores the name.
 *
 * The name is `label` and a hash of the statement's text, so a text that varies (one parameter
 * per list item) is another statement, never a clash. Each text stays prepared on each connection
 * for the connection's life: use this only where the texts are few.
 */
export function executePrepared<Row = Record<string, unknown>>(
  db: Queryable,
  label: string,
  query: SQL,
): Promise<{ rows: Row[] }> {
  const { session, dialect } = db as unknown as Internals;
  const compiled = dialect.sqlToQuery(query);
  const name = `${label}-${createHash("sha1").update(compiled.sql).digest("base64url").slice(0, 16)}`;
  const prepared = session.prepareQuery(compiled, undefined, name, false);
  // drizzle-orm/pglite leaves the name out of the options it hands the client: put it there for
  // the worker's client (node-postgres's options have it already).
  if (prepared.rawQueryConfig) prepared.rawQueryConfig.name = name;
  return prepared.execute();
}
