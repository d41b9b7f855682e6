import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase } from "../support/database";

/**
 * The suite's own databases: a file that is done with one hands it to the next file as the
 * template was, and a file that changed its schema or closed it does not hand it on.
 */
const counts = sql`select (select count(*)::int from seed_runs) as seeds,
  (select count(*)::int from catalog_search_state) as state,
  (select count(*)::int from contact_messages) as contacts,
  (select string_agg(sequencename || '=' || coalesce(last_value, 0), ',' order by sequencename)
     from pg_sequences) as sequences`;

/** The first row `query` answers (`execute` answers `{ rows }` on both drivers). */
async function firstRow(db: TestDatabase["db"], query: SQL) {
  return ((await db.execute(query)) as unknown as { rows: unknown[] }).rows[0];
}

async function rowsOf(seed: boolean) {
  const database = await createTestDatabase({ seed });
  try {
    return await firstRow(database.db, counts);
  } finally {
    await database.destroy();
  }
}

describe.skipIf(process.env.TEST_DATABASE_URL)("test databases", () => {
  it("hands the next file the template's rows and sequences, whatever the last one did", async () => {
    for (const seed of [false, true]) {
      const template = await rowsOf(seed);
      const used = await createTestDatabase({ seed });
      await used.db.execute(sql`delete from catalog_search_state`);
      await used.db.execute(sql`delete from seed_runs`);
      await used.db.execute(
        sql`insert into contact_messages (name, email, message) values ('A', 'a@example.com', 'Hi')`,
      );
      await used.db.execute(sql`select nextval(format('%I.%I', schemaname, sequencename))
        from pg_sequences where schemaname = 'public'`);
      await used.destroy();

      const next = await createTestDatabase({ seed });
      expect(await firstRow(next.db, counts)).toEqual(template);
      await next.destroy();
    }
  });

  it("refuses every statement once the file is done with it", async () => {
    const database = await createTestDatabase();
    await database.destroy();
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
  });

  it("does not hand on a database whose schema a file changed", async () => {
    const changed = await createTestDatabase();
    await changed.db.execute(sql`create table left_behind (id int)`);
    await changed.destroy();
    const next = await createTestDatabase();
    const found = await firstRow(next.db, sql`select to_regclass('left_behind') as found`);
    expect(found).toEqual({ found: null });
    await next.destroy();
  });
});
