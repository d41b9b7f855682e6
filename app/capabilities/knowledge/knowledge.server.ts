import { and, count, eq, isNotNull, max, or, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { knowledgeBase, type knowledgeCategory } from "~/platform/db/schema/index";
import type { CrawledPage } from "~/platform/crawl/crawl";
import { type ChunkOptions, DEFAULT_CHUNKING, chunkText } from "./chunking";

type KnowledgeCategory = (typeof knowledgeCategory.enumValues)[number];

export interface PageChunkCount {
  sourceUrl: string;
  chunks: number;
  updatedAt: Date;
}

/** Crawled chunks of one site: the origin itself or any URL under it. */
function ofSite(siteOrigin: string) {
  const origin = new URL(siteOrigin).origin;
  return and(
    isNotNull(knowledgeBase.sourceUrl),
    or(
      eq(knowledgeBase.sourceUrl, origin),
      sql`starts_with(${knowledgeBase.sourceUrl}, ${`${origin}/`})`,
    ),
  );
}

/**
 * Replaces every crawled chunk of one site with the chunks of `pages`, in one transaction: a
 * reader sees the old knowledge or the new, never a half-written mix. Entries written by hand
 * (no source URL) and other sites' chunks are never touched.
 */
export async function replaceSiteKnowledge(
  db: Database,
  siteOrigin: string,
  pages: CrawledPage[],
  options: ChunkOptions = DEFAULT_CHUNKING,
): Promise<PageChunkCount[]> {
  const origin = new URL(siteOrigin).origin;
  const rows: (typeof knowledgeBase.$inferInsert)[] = [];
  for (const page of pages) {
    if (safeOrigin(page.url) !== origin) continue;
    const chunks = chunkText(page.text, options);
    const title = page.title.trim().slice(0, 200) || new URL(page.url).pathname;
    chunks.forEach((content, i) =>
      rows.push({
        title: chunks.length > 1 ? `${title} (part ${i + 1} of ${chunks.length})` : title,
        content,
        category: categoryOf(page.url),
        importance: 1,
        sourceUrl: page.url,
      }),
    );
  }
  await db.transaction(async (tx) => {
    await tx.delete(knowledgeBase).where(ofSite(origin));
    for (let i = 0; i < rows.length; i += 200) {
      await tx.insert(knowledgeBase).values(rows.slice(i, i + 200));
    }
  });
  return siteKnowledgeSummary(db, origin);
}

/** Chunk count per crawled page and when it was written, newest page first. */
export async function siteKnowledgeSummary(
  db: Database,
  siteOrigin?: string,
): Promise<PageChunkCount[]> {
  const rows = await db
    .select({
      sourceUrl: knowledgeBase.sourceUrl,
      chunks: count(),
      updatedAt: max(knowledgeBase.updatedAt),
    })
    .from(knowledgeBase)
    .where(siteOrigin ? ofSite(siteOrigin) : isNotNull(knowledgeBase.sourceUrl))
    .groupBy(knowledgeBase.sourceUrl)
    .orderBy(knowledgeBase.sourceUrl);
  return rows.map((row) => ({
    sourceUrl: row.sourceUrl!,
    chunks: Number(row.chunks),
    updatedAt: new Date(row.updatedAt!),
  }));
}

/** When the knowledge of a site was last crawled; null before the first crawl ('Never'). */
export async function lastCrawledAt(db: Database, siteOrigin?: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(knowledgeBase.updatedAt) })
    .from(knowledgeBase)
    .where(siteOrigin ? ofSite(siteOrigin) : isNotNull(knowledgeBase.sourceUrl));
  return row?.at ? new Date(row.at) : null;
}

const CATEGORY_BY_PATH: [RegExp, KnowledgeCategory][] = [
  [/^\/pricing|^\/checkout/, "pricing"],
  [/^\/webstores/, "webstores"],
  [/^\/bulk-orders/, "bulk-orders"],
  [/^\/about|^\/signco/, "company"],
  [/^\/privacy|^\/terms/, "policies"],
  [/^\/product/, "products"],
];

function categoryOf(url: string): KnowledgeCategory {
  const path = new URL(url).pathname;
  return CATEGORY_BY_PATH.find(([pattern]) => pattern.test(path))?.[1] ?? "services";
}

function safeOrigin(url: string) {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
