import type { Database } from "~/platform/db/client.server";
import {
  CRAWL_FAILURE_MESSAGES,
  CrawlError,
  type CrawlLimits,
  type CrawlProgress,
  type Crawler,
  normalizeSiteUrl,
} from "~/platform/crawl/crawl";
import { type PageChunkCount, replaceSiteKnowledge } from "./knowledge.server";

export type KnowledgeUpdateState = "crawling" | "processing";

export type KnowledgeUpdateOutcome =
  | { ok: true; pages: PageChunkCount[]; skipped: { url: string; reason: string }[] }
  /** `reason`: why, in the admin's words (could not connect, TLS error, robots.txt…), when known. */
  | { ok: false; error: string; detail: string; reason?: string };

export const URL_REQUIRED = { title: "URL Required", description: "Please enter your website URL" };
export const UPDATE_FAILED = "Failed to update AI knowledge base";

/** Whether `url` is the site's own configured base URL, the one address allowed to be private. */
export function isOwnBaseUrl(url: URL, baseUrl: string | undefined): boolean {
  const base = baseUrl ? normalizeSiteUrl(baseUrl) : null;
  return base !== null && base.origin === url.origin;
}

/**
 * The whole "Update AI Knowledge Base" run, for a job to call: crawl the site (reporting pages
 * fetched of pages found), then chunk and store what was read in place of that site's old chunks.
 */
export async function updateKnowledgeFromSite(options: {
  db: Database;
  crawler: Crawler;
  url: URL;
  baseUrl?: string;
  limits?: Partial<CrawlLimits>;
  onState?: (state: KnowledgeUpdateState, progress?: CrawlProgress) => void;
}): Promise<KnowledgeUpdateOutcome> {
  const { db, crawler, url } = options;
  const onState = options.onState ?? (() => {});
  onState("crawling", { fetched: 0, found: 1 });
  let crawled;
  try {
    crawled = await crawler(
      {
        url: url.href,
        limits: options.limits,
        allowPrivateBaseUrl: isOwnBaseUrl(url, options.baseUrl),
      },
      (progress) => onState("crawling", progress),
    );
  } catch (error) {
    if (error instanceof CrawlError) {
      return {
        ok: false,
        error: CRAWL_FAILURE_MESSAGES[error.failure],
        detail: error.message,
        reason: error.reason,
      };
    }
    return { ok: false, error: "Failed to crawl website", detail: (error as Error).message };
  }
  onState("processing");
  try {
    const pages = await replaceSiteKnowledge(db, url.origin, crawled.pages);
    return { ok: true, pages, skipped: crawled.skipped };
  } catch (error) {
    return { ok: false, error: UPDATE_FAILED, detail: (error as Error).message };
  }
}
