import { eq } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { pageSeoSettings } from "~/platform/db/schema/index";
import { currentContentVersion } from "~/platform/content/content-version.server";
import type { PageSeoRecord } from "./head";

/** Paths whose record (or its absence) is kept; product pages alone could be a million paths. */
const KEPT_PATHS = 2_000;
const kept = new WeakMap<
  Database,
  { version: number; records: Map<string, Promise<PageSeoRecord | null>> }
>();

/**
 * The stored SEO record of a page, kept in memory per content version (every admin save bumps
 * it): every page asks for its record, and a search page's only other statement is the search.
 */
export async function findPageSeo(db: Database, pagePath: string): Promise<PageSeoRecord | null> {
  const version = await currentContentVersion(db);
  let cache = kept.get(db);
  if (cache?.version !== version) kept.set(db, (cache = { version, records: new Map() }));
  const records = cache.records;
  let record = records.get(pagePath);
  if (!record) {
    record = readPageSeo(db, pagePath);
    records.set(pagePath, record);
    if (records.size > KEPT_PATHS) records.delete(records.keys().next().value!);
    record.catch(() => records.delete(pagePath));
  }
  return record;
}

async function readPageSeo(db: Database, pagePath: string): Promise<PageSeoRecord | null> {
  const [row] = await db
    .select({
      title: pageSeoSettings.title,
      metaDescription: pageSeoSettings.metaDescription,
      metaKeywords: pageSeoSettings.metaKeywords,
      ogTitle: pageSeoSettings.ogTitle,
      ogDescription: pageSeoSettings.ogDescription,
      ogImageUrl: pageSeoSettings.ogImageUrl,
      twitterTitle: pageSeoSettings.twitterTitle,
      twitterDescription: pageSeoSettings.twitterDescription,
      twitterImageUrl: pageSeoSettings.twitterImageUrl,
      canonicalUrl: pageSeoSettings.canonicalUrl,
    })
    .from(pageSeoSettings)
    .where(eq(pageSeoSettings.pagePath, pagePath))
    .limit(1);
  return row ?? null;
}
