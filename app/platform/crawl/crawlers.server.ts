import type { Crawler } from "./crawl";
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
  // Loaded with the first crawl: its HTML parser and Readability are about 25 MB of a server
  // process's memory that nothing else needs.
  return async (request, onProgress) =>
    (await import("./crawler.server")).crawlSite(request, onProgress);
}
