import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";

// Rewrite when more than this share of the rows were added or moved since the last rewrite.
const OUT_OF_ORDER_SHARE = 0.05;
// Copies made before the rewrite gives up, when a change comes during each of them.
const COPY_TRIES = 3;

/**
 * Rewrites catalog_search in catalogue order (category, brand, name) when enough of it is out of
 * order, and reports whether it did. The search reads a common word's matches from the table's
 * pages: in feed order (the order a sync writes) "performance" touches 3,641 of its 4,199 pages,
 * in catalogue order 765, and its time falls by half.
 *
 * The copy is built beside the live table, each step its own statement: searches go on reading
 * the old table meanwhile (CLUSTER would lock them out for the whole rewrite, 11 s at 100,000
 * rows), and on PGlite, whose one connection a transaction holds from start to end, they are
 * answered between the steps. The swap at the end is one short transaction that first takes a
 * SHARE lock on products (writes wait) and checks that the search version has not moved since the
 * copy began; a change in between (an admin's edit) means a copy without it, which is thrown away
 * and made again. The sync calls this after its last batch.
 */
export async function reorderCatalogSearch(db: Database, options: { force?: boolean } = {}) {
  for (let tries = 0; tries < COPY_TRIES; tries++) {
    const result = await db.execute(sql`
      select count(*)::int as total,
        count(*) filter (where n > (select ordered_n from catalog_search_state where id = 1))::int as unordered,
        (select version::text from catalog_search_state where id = 1) as version
      from catalog_search
    `);
    const { total, unordered, version } = (
      result as unknown as { rows: { total: number; unordered: number; version: string }[] }
    ).rows[0]!;
    if (!options.force && unordered <= total * OUT_OF_ORDER_SHARE) return false;
    await copyInCatalogueOrder(db);
    if (await swapIfUnchanged(db, version)) return true;
  }
  throw new Error("the catalogue changed during each of its rewrites");
}

async function copyInCatalogueOrder(db: Database) {
  // A copy left by a rewrite that was interrupted (a restart) is made again.
  await db.execute(sql`drop table if exists catalog_search_next`);
  // The same definition as in the schema (app/platform/db/schema/catalog.ts) and migration 0011.
  await db.execute(sql`create table catalog_search_next (like catalog_search including defaults)`);
  // Numbered afresh in name order: the search breaks ties in relevance by name, and `n` up to
  // ordered_n then does it without reading the products.
  await db.execute(sql`
    insert into catalog_search_next (n, product_id, style, search_vector)
    select row_number() over (order by p.name, p.id), s.product_id, s.style, s.search_vector
    from catalog_search s join products p on p.id = s.product_id
    order by p.category, p.brand, p.name, p.id
  `);
  // Indexes after the rows: one sorted build each instead of 100,000 inserts.
  await db.execute(
    sql`alter table catalog_search_next add constraint catalog_search_next_pkey primary key (n)`,
  );
  await db.execute(
    sql`create unique index catalog_search_next_product_idx on catalog_search_next (product_id)`,
  );
  await db.execute(sql`
    create index catalog_search_next_vector_idx on catalog_search_next
    using gin (search_vector) with (fastupdate = off)
  `);
  // Statistics before the swap: from the drop on, searches wait for the swap's transaction.
  await db.execute(sql`analyze catalog_search_next`);
}

/** Puts the copy in place of catalog_search if the catalogue is still at `version`. */
async function swapIfUnchanged(db: Database, version: string) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table products in share mode`);
    const now = await tx.execute(
      sql`select version::text as version from catalog_search_state where id = 1`,
    );
    if ((now as unknown as { rows: { version: string }[] }).rows[0]?.version !== version) {
      await tx.execute(sql`drop table catalog_search_next`);
      return false;
    }
    await tx.execute(sql`drop table catalog_search`);
    await tx.execute(sql`alter table catalog_search_next rename to catalog_search`);
    await tx.execute(sql`alter index catalog_search_next_pkey rename to catalog_search_pkey`);
    await tx.execute(
      sql`alter index catalog_search_next_product_idx rename to catalog_search_product_idx`,
    );
    await tx.execute(
      sql`alter index catalog_search_next_vector_idx rename to catalog_search_vector_idx`,
    );
    // A new version: every instance reloads its columns.
    await tx.execute(sql`
      update catalog_search_state
      set ordered_n = (select coalesce(max(n), 0) from catalog_search), version = version + 1
      where id = 1
    `);
    await tx.execute(
      sql`select setval('catalog_search_n_seq', (select ordered_n from catalog_search_state where id = 1) + 1, false)`,
    );
    return true;
  });
}
