import type { Crawler } from "./crawl";
import { crawlSite } from "./crawler.server";
import { createFirecrawlCrawler } from "./firecrawl.server";

/** Firecrawl when a key is configured, the built-in crawler otherwise. */
export function createCrawler(env: {
  FIRECRAWL_API_KEY?: string;
  FIRECRAWL_API_BASE?: string;
}): Crawler {
  if (env.FIRECRAWL_API_KEY) {
    return createFirecrawlCrawler({
      apiKey: env.FIRECRAWL_API_KEY,
      apiBase: env.FIRECRAWL_API_BASE,
    });
  }
  return (request, onProgress) => crawlSite(request, onProgress);
}
