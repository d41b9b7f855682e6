import {
  type CrawlLimits,
  type CrawlProgress,
  type CrawlRequest,
  type CrawlResult,
  type CrawledPage,
  CrawlError,
  DEFAULT_CRAWL_LIMITS,
  type Crawler,
  fetchErrorReason,
} from "./crawl";

export const FIRECRAWL_API_BASE = "https://api.firecrawl.dev";

interface FirecrawlStatus {
  status?: string;
  completed?: number;
  total?: number;
  next?: string | null;
  data?: { markdown?: string; metadata?: { sourceURL?: string; url?: string; title?: string } }[];
  error?: string;
}

/**
 * Firecrawl's crawl API (v1) behind the crawler interface: start a crawl, poll its status for
 * progress, then read every page of results. Firecrawl fetches the site from its own network, so
 * the address checks of the built-in crawler are Firecrawl's to make; only the origin is kept here.
 */
export function createFirecrawlCrawler(options: {
  apiKey: string;
  apiBase?: string;
  pollIntervalMs?: number;
}): Crawler {
  const apiBase = (options.apiBase ?? FIRECRAWL_API_BASE).replace(/\/+$/, "");
  const pollIntervalMs = options.pollIntervalMs ?? 2000;

  async function call(url: string, init: RequestInit & { signal: AbortSignal }) {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          "content-type": "application/json",
          accept: "application/json",
        },
      });
    } catch (error) {
      throw new CrawlError(
        "service-unreachable",
        `Firecrawl: ${(error as Error).message}`,
        `The crawling service (Firecrawl): ${fetchErrorReason(error, new URL(url))}`,
      );
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.status === 401 || response.status === 403 || response.status >= 500) {
      throw new CrawlError(
        "service-unreachable",
        `Firecrawl answered ${response.status}`,
        response.status >= 500
          ? `The crawling service (Firecrawl) had an error of its own (status ${response.status}).`
          : `The crawling service (Firecrawl) refused the API key (status ${response.status}).`,
      );
    }
    if (!response.ok) {
      throw new CrawlError(
        "service-failed",
        `Firecrawl answered ${response.status}: ${String(body.error ?? "")}`,
      );
    }
    return body;
  }

  return async function crawlWithFirecrawl(
    request: CrawlRequest,
    onProgress: (progress: CrawlProgress) => void = () => {},
  ): Promise<CrawlResult> {
    const limits: CrawlLimits = { ...DEFAULT_CRAWL_LIMITS, ...request.limits };
    const signal = AbortSignal.timeout(limits.timeoutMs);
    const origin = new URL(request.url).origin;

    const started = await call(`${apiBase}/v1/crawl`, {
      method: "POST",
      signal,
      body: JSON.stringify({
        url: request.url,
        limit: limits.maxPages,
        maxDepth: limits.maxDepth,
        scrapeOptions: { formats: ["markdown"], onlyMainContent: true },
      }),
    });
    const id = typeof started.id === "string" ? started.id : "";
    if (!/^[A-Za-z0-9-]+$/.test(id))
      throw new CrawlError("service-failed", "Firecrawl gave no crawl id");

    let status: FirecrawlStatus;
    for (;;) {
      status = (await call(`${apiBase}/v1/crawl/${id}`, {
        method: "GET",
        signal,
      })) as FirecrawlStatus;
      onProgress({
        fetched: status.completed ?? 0,
        found: Math.max(status.total ?? 0, status.completed ?? 0),
      });
      if (status.status === "completed") break;
      if (status.status === "failed" || status.status === "cancelled") {
        throw new CrawlError("service-failed", `Firecrawl crawl ${status.status}`);
      }
      await sleep(pollIntervalMs, signal);
    }

    const pages: CrawledPage[] = [];
    const skipped: CrawlResult["skipped"] = [];
    let batch: FirecrawlStatus | null = status;
    for (let round = 0; batch && round < 100; round++) {
      for (const item of batch.data ?? []) {
        const url = item.metadata?.sourceURL ?? item.metadata?.url ?? "";
        const text = (item.markdown ?? "").trim();
        if (!url) continue;
        if (safeOrigin(url) !== origin) {
          skipped.push({ url, reason: "off-site" });
          continue;
        }
        if (!text) {
          skipped.push({ url, reason: "no readable text" });
          continue;
        }
        if (pages.length < limits.maxPages) {
          pages.push({ url, title: item.metadata?.title?.trim() || new URL(url).pathname, text });
        }
      }
      // Results come in pages; `next` must stay on the API's own host.
      const next: string | null =
        batch.next && safeOrigin(batch.next) === safeOrigin(apiBase) ? batch.next : null;
      batch = next ? ((await call(next, { method: "GET", signal })) as FirecrawlStatus) : null;
    }
    if (!pages.length) throw new CrawlError("service-failed", "Firecrawl returned no pages");
    return { pages, skipped };
  };
}

function safeOrigin(url: string) {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted)
      return reject(new CrawlError("service-failed", "Firecrawl crawl timed out"));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new CrawlError("service-failed", "Firecrawl crawl timed out"));
      },
      { once: true },
    );
  });
}
