import { eq } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { pageSeoSettings } from "~/platform/db/schema/index";
import { keptPerContentVersion } from "~/platform/content/content-version.server";
import type { PageSeoRecord } from "./head";

/**
 * The stored SEO record of a page, kept per content version: every page asks for its record, and
 * a search page's only other statement is the search. Product pages alone could be a million
 * paths: the records (or absences) of 2,000 are kept.
 */
export const findPageSeo = keptPerContentVersion("page-seo", readPageSeo, 2_000);

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
