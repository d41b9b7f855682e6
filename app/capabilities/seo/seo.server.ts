import { eq } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { pageSeoSettings } from "~/platform/db/schema/index";
import type { PageSeoRecord } from "./head";

export async function findPageSeo(db: Database, pagePath: string): Promise<PageSeoRecord | null> {
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
