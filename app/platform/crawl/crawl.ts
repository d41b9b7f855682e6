/** One page of readable text, whichever crawler fetched it. */
export interface CrawledPage {
  url: string;
  title: string;
  text: string;
}

export interface CrawlLimits {
  maxPages: number;
  maxDepth: number;
  /** Largest page body read, in bytes; a bigger page is skipped. */
  maxPageBytes: number;
  /** The whole crawl stops (keeping what it has) after this long. */
  timeoutMs: number;
  /** One request gives up after this long. */
  requestTimeoutMs: number;
  maxRedirects: number;
}

export const DEFAULT_CRAWL_LIMITS: CrawlLimits = {
  maxPages: 50,
  maxDepth: 3,
  maxPageBytes: 2_000_000,
  timeoutMs: 120_000,
  requestTimeoutMs: 15_000,
  maxRedirects: 5,
};

export interface CrawlProgress {
  fetched: number;
  found: number;
}

export interface CrawlRequest {
  url: string;
  limits?: Partial<CrawlLimits>;
  /** True only when `url` is the site's own configured base URL, which may be on a private network. */
  allowPrivateBaseUrl?: boolean;
}

export interface CrawlResult {
  pages: CrawledPage[];
  /** Pages found but not kept, and why (robots.txt, error status, too large, off-site redirect…). */
  skipped: { url: string; reason: string }[];
}

export type CrawlFailure =
  /** The site could not be reached at all, or refused every page. */
  | "website-unreachable"
  /** The address is private, loopback or link-local and not the site's own base URL. */
  | "address-not-allowed"
  /** The crawling service (Firecrawl) could not be reached or refused the key. */
  | "service-unreachable"
  /** The crawling service reported the crawl failed. */
  | "service-failed";

/** The admin's words for each failure (issue 12). */
export const CRAWL_FAILURE_MESSAGES: Record<CrawlFailure, string> = {
  "website-unreachable": "Failed to crawl website",
  "address-not-allowed": "Failed to crawl website",
  "service-unreachable": "Failed to connect to crawling service",
  "service-failed": "Website crawling failed",
};

export class CrawlError extends Error {
  constructor(
    readonly failure: CrawlFailure,
    detail: string,
  ) {
    super(detail);
    this.name = "CrawlError";
  }
}

export type Crawler = (
  request: CrawlRequest,
  onProgress?: (progress: CrawlProgress) => void,
) => Promise<CrawlResult>;

/** `https://` is assumed when the admin leaves the scheme out (issue 12). */
export function normalizeSiteUrl(input: string): URL | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    url.hash = "";
    return url;
  } catch {
    return null;
  }
}
