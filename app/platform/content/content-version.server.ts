import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import type { Queryable } from "~/platform/db/queryable";
import { contentVersion } from "~/platform/db/schema/index";
import { processWide } from "~/platform/lib/process-wide";

/**
 * The content version: a number in one database row that every admin write bumps in its own
 * transaction (see recordAudit). What is kept in memory from the content (rendered public pages,
 * and through keptPerContentVersion the SEO rows, the site settings and the prices the checkout
 * shows) is kept per version, so a change made on any instance retires everything read before it
 * (decision 011).
 */
export async function bumpContentVersion(db: Queryable) {
  await db
    .insert(contentVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({
      target: contentVersion.id,
      set: { version: sql`${contentVersion.version} + 1`, updatedAt: new Date() },
    });
  readVersionEagerly();
}

export async function readContentVersion(db: Database) {
  const rows = await db.select({ version: contentVersion.version }).from(contentVersion);
  return rows[0]?.version ?? 0;
}

/** How stale this process's idea of the version may be: a change on another instance shows after this. */
const CHECK_EVERY_MS = 500;
/** After a write in this process, the version is read on every call for this long. */
const EAGER_MS = 2_000;

interface Watch {
  version: number;
  checkedAt: number;
  reading: Promise<number> | null;
}

/** One for the process: the page cache and the pages it renders must agree on the version. */
const state = processWide("content-version", () => ({
  eagerUntil: 0,
  watches: new WeakMap<Database, Watch>(),
}));

/**
 * This process may just have changed content (a bump, or a request that may have written): read
 * the version on every call for a moment, so its own next pages show the change at once rather
 * than after the next check. The bump runs inside its transaction, before the commit; reading
 * again for two seconds covers the commit.
 */
export function readVersionEagerly() {
  state.eagerUntil = Date.now() + EAGER_MS;
}

/**
 * The content version, read from the database at most every CHECK_EVERY_MS (one statement shared by
 * every request that asks meanwhile), and on every call for a moment after a write.
 */
export function currentContentVersion(db: Database): Promise<number> {
  let watch = state.watches.get(db);
  if (!watch) state.watches.set(db, (watch = { version: -1, checkedAt: 0, reading: null }));
  const now = Date.now();
  if (now - watch.checkedAt < CHECK_EVERY_MS && now > state.eagerUntil) {
    return Promise.resolve(watch.version);
  }
  const current = watch;
  current.reading ??= readContentVersion(db)
    .then((read) => {
      current.checkedAt = Date.now();
      current.version = read;
      return read;
    })
    .finally(() => (current.reading = null));
  return current.reading;
}

interface Kept<K, T> {
  version: number;
  values: Map<K, Promise<T>>;
}

/**
 * `read` for rows that many pages read and only admins change (the pages' SEO records, the site
 * settings, the plans' prices): each answer is kept until the content version moves, which every
 * admin save does in its own transaction, so a page never shows what was read before a change
 * it could see. One store per process (`name`), shared by every copy of the calling module; at
 * most `maxKeys` answers, the oldest dropped first. A failed read is not kept.
 */
export function keptPerContentVersion<K, T>(
  name: string,
  read: (db: Database, key: K) => Promise<T>,
  maxKeys: number,
) {
  const stores = processWide(`kept:${name}`, () => new WeakMap<Database, Kept<K, T>>());
  return async (db: Database, key: K): Promise<T> => {
    const version = await currentContentVersion(db);
    let kept = stores.get(db);
    if (kept?.version !== version) stores.set(db, (kept = { version, values: new Map() }));
    const values = kept.values;
    let value = values.get(key);
    if (!value) {
      value = read(db, key);
      values.set(key, value);
      if (values.size > maxKeys) values.delete(values.keys().next().value!);
      value.catch(() => values.get(key) === value && values.delete(key));
    }
    return value;
  };
}
