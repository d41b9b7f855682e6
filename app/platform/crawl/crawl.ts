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
    /** Why, in the admin's words (see `fetchErrorReason`), when the crawler knows. */
    readonly reason?: string,
  ) {
    super(detail);
    this.name = "CrawlError";
  }
}

export type Crawler = (
  request: CrawlRequest,
  onProgress?: (progress: CrawlProgress) => void,
) => Promise<CrawlResult>;

/** Loopback names and addresses: a typed `localhost:3000` means the plain-HTTP dev server. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (/^127(?:\.\d{1,3}){3}$/.test(host)) return true;
  return host === "::1" || host === "0:0:0:0:0:0:0:1" || host === "::ffff:127.0.0.1";
}

/**
 * The typed address as a URL. Without a scheme, `http://` is assumed for localhost and loopback
 * addresses and `https://` for everything else (issues 12 and 21). Whether the crawler may then
 * fetch it is the safe fetcher's decision, not this one's.
 */
export function normalizeSiteUrl(input: string): URL | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed);
  try {
    let url = new URL(hasScheme ? trimmed : `https://${trimmed}`);
    if (!hasScheme && isLoopbackHost(url.hostname)) url = new URL(`http://${trimmed}`);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    url.hash = "";
    return url;
  } catch {
    return null;
  }
}

const CONNECT_WORDS: Record<string, string> = {
  ENOTFOUND: "no such host name",
  EAI_AGAIN: "its name could not be looked up",
  ECONNREFUSED: "the connection was refused",
  ECONNRESET: "the connection was closed",
  EHOSTUNREACH: "the host cannot be reached",
  ENETUNREACH: "the network cannot be reached",
  ETIMEDOUT: "it did not answer in time",
  ECONNABORTED: "it did not answer in time",
  UND_ERR_CONNECT_TIMEOUT: "it did not answer in time",
};

const TLS_WORDS: Record<string, string> = {
  CERT_HAS_EXPIRED: "its certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "its certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "its certificate is signed by an untrusted authority",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "its certificate is signed by an untrusted authority",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "its certificate could not be verified",
  ERR_TLS_CERT_ALTNAME_INVALID: "its certificate is for another name",
  ERR_SSL_WRONG_VERSION_NUMBER: "it did not answer with TLS (try http://)",
};

/**
 * Why a page could not be fetched, in the admin's words: could not connect, TLS error, or refused
 * by the safe fetcher. Errors are told apart by their Node codes and names, so this stays pure.
 */
export function fetchErrorReason(error: unknown, url: URL): string {
  const host = url.host;
  const err = (error ?? {}) as { name?: string; code?: string; message?: string; cause?: unknown };
  const code = typeof err.code === "string" ? err.code : "";
  const message = typeof err.message === "string" ? err.message : String(error);
  if (err.name === "BlockedAddressError") {
    return `Refused by the safe fetcher: ${host} is a private address, and only public addresses (or this site's own address) may be crawled.`;
  }
  if (err.name === "TimeoutError" || err.name === "AbortError") {
    return `Could not connect to ${host}: it did not answer in time.`;
  }
  if (CONNECT_WORDS[code]) return `Could not connect to ${host}: ${CONNECT_WORDS[code]}.`;
  if (
    TLS_WORDS[code] ||
    /CERT|TLS|SSL/.test(code) ||
    code === "EPROTO" ||
    /certificate|ssl|tls/i.test(message)
  ) {
    const words =
      TLS_WORDS[code] ??
      (/wrong version number/i.test(message)
        ? TLS_WORDS.ERR_SSL_WRONG_VERSION_NUMBER
        : "the secure connection failed");
    return `TLS error with ${host}: ${words}.`;
  }
  if (err.cause) return fetchErrorReason(err.cause, url);
  return `Could not connect to ${host}: ${message}.`;
}

/** Why the start page was refused by robots.txt, in the admin's words. */
export function robotsReason(url: URL): string {
  return `Refused by robots.txt: ${url.host}'s robots.txt does not allow crawling ${url.pathname}.`;
}

/** Why a page that redirects to another host was not read, in the admin's words. */
export function offSiteReason(url: URL, to: string): string {
  return `Outside the site: ${url.href} redirects to ${to}, another site. Type that address to crawl it.`;
}
