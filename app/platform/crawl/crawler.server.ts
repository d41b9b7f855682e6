import { Readability } from "@mozilla/readability";
import { DOMParser, parseHTML } from "linkedom";
import robotsParser from "robots-parser";
import {
  type CrawlLimits,
  type CrawlProgress,
  type CrawlRequest,
  type CrawlResult,
  type CrawledPage,
  CrawlError,
  DEFAULT_CRAWL_LIMITS,
  fetchErrorReason,
  offSiteReason,
  robotsReason,
} from "./crawl";
import {
  BlockedAddressError,
  type Resolver,
  type SafeFetcher,
  createSafeFetcher,
} from "~/platform/security/safe-fetch.server";

export const CRAWLER_USER_AGENT = "MerchSimplifiedBot/1.0 (+knowledge base crawler)";
const ROBOTS_AGENT = "MerchSimplifiedBot";

/** Paths that are never pages worth reading. */
const NOT_A_PAGE =
  /\.(?:jpe?g|png|gif|webp|avif|svg|ico|pdf|zip|gz|mp4|webm|mp3|woff2?|ttf|css|js|json)$/i;

interface QueueItem {
  url: URL;
  depth: number;
}

/**
 * The built-in, polite crawler: one origin, robots.txt, sitemap.xml, page/depth/size/time limits,
 * redirects followed only within the origin, and no request to a private address unless the
 * address belongs to the site's own configured base URL.
 */
export async function crawlSite(
  request: CrawlRequest & { resolve?: Resolver },
  onProgress: (progress: CrawlProgress) => void = () => {},
): Promise<CrawlResult> {
  const limits: CrawlLimits = { ...DEFAULT_CRAWL_LIMITS, ...request.limits };
  const start = new URL(request.url);
  start.hash = "";
  const origin = start.origin;
  const deadline = Date.now() + limits.timeoutMs;
  const overall = AbortSignal.timeout(limits.timeoutMs);
  const fetcher = createSafeFetcher({
    privateHostsAllowed: new Set(request.allowPrivateBaseUrl ? [start.hostname.toLowerCase()] : []),
    resolve: request.resolve,
    userAgent: CRAWLER_USER_AGENT,
  });

  const pages: CrawledPage[] = [];
  const skipped: CrawlResult["skipped"] = [];
  const seen = new Set<string>();
  const kept = new Set<string>();
  const queue: QueueItem[] = [];
  let fetched = 0;
  const report = () => onProgress({ fetched, found: Math.min(seen.size, limits.maxPages) });
  const enqueue = (url: URL, depth: number) => {
    const key = pageKey(url);
    if (seen.has(key) || seen.size >= limits.maxPages * 4) return;
    seen.add(key);
    queue.push({ url, depth });
  };

  try {
    const get = (url: URL) =>
      fetcher.get(
        url,
        limits.maxPageBytes,
        AbortSignal.any([overall, AbortSignal.timeout(limits.requestTimeoutMs)]),
      );

    const robots = await loadRobots(get, origin);
    const crawlDelayMs = Math.min((robots.getCrawlDelay(ROBOTS_AGENT) ?? 0) * 1000, 2000);

    enqueue(start, 0);
    report();
    const sitemapUrls = await loadSitemaps(get, origin, robots.getSitemaps());
    for (const url of sitemapUrls) enqueue(url, 1);
    report();

    let reachedAny = false;
    let firstError: unknown;
    // Why the first page refused to give any text: the crawl's failure when no page is kept.
    let firstReason: string | undefined;
    while (queue.length && pages.length < limits.maxPages && Date.now() < deadline) {
      const item = queue.shift()!;
      if (!robots.isAllowed(item.url.href, ROBOTS_AGENT)) {
        skipped.push({ url: item.url.href, reason: "disallowed by robots.txt" });
        firstReason ??= robotsReason(item.url);
        continue;
      }
      if (crawlDelayMs && fetched) await sleep(crawlDelayMs);
      let outcome: Awaited<ReturnType<typeof fetchPage>>;
      try {
        outcome = await fetchPage(
          get,
          item.url,
          origin,
          limits,
          (url) => robots.isAllowed(url.href, ROBOTS_AGENT) ?? true,
        );
        reachedAny = true;
      } catch (error) {
        firstError ??= error;
        firstReason ??= fetchErrorReason(error, item.url);
        skipped.push({ url: item.url.href, reason: describe(error) });
        continue;
      } finally {
        fetched++;
        report();
      }
      if ("skip" in outcome) {
        skipped.push({ url: item.url.href, reason: outcome.skip });
        firstReason ??= outcome.reason ?? `${item.url.href} gave no page: ${outcome.skip}.`;
        continue;
      }
      const document = parseHTML(outcome.html).document;
      const robotsMeta = (
        document.querySelector('meta[name="robots" i]')?.getAttribute("content") ?? ""
      ).toLowerCase();
      if (item.depth < limits.maxDepth && !robotsMeta.includes("nofollow")) {
        for (const link of sameOriginLinks(document, outcome.finalUrl, origin)) {
          enqueue(link, item.depth + 1);
        }
        // The links just found count at once, so the screen's "found so far" grows as it reads.
        report();
      }
      if (robotsMeta.includes("noindex")) {
        skipped.push({ url: outcome.finalUrl.href, reason: "marked noindex" });
        firstReason ??= `${outcome.finalUrl.href} asks not to be indexed (robots meta tag).`;
        continue;
      }
      // Variants of one page (?interval=annual) and redirects name the same page: keep it once.
      const pageUrl = canonicalUrl(document, outcome.finalUrl, origin) ?? outcome.finalUrl;
      const key = pageKey(pageUrl);
      seen.add(pageKey(outcome.finalUrl));
      if (kept.has(key)) {
        skipped.push({ url: outcome.finalUrl.href, reason: `same page as ${pageUrl.href}` });
        continue;
      }
      const page = readablePage(outcome.html, pageUrl);
      if (page.text) {
        kept.add(key);
        pages.push(page);
      } else {
        skipped.push({ url: outcome.finalUrl.href, reason: "no readable text" });
        firstReason ??= `No readable text at ${outcome.finalUrl.href}.`;
      }
    }

    if (!reachedAny && firstError) {
      throw firstError instanceof BlockedAddressError
        ? new CrawlError("address-not-allowed", firstError.message, firstReason)
        : new CrawlError("website-unreachable", describe(firstError), firstReason);
    }
    if (!pages.length) {
      throw new CrawlError(
        "website-unreachable",
        `no readable page at ${start.href}`,
        firstReason ?? `No readable page at ${start.href}.`,
      );
    }
    return { pages, skipped };
  } finally {
    fetcher.close();
  }
}

type Get = (url: URL) => ReturnType<SafeFetcher["get"]>;

async function fetchPage(
  get: Get,
  url: URL,
  origin: string,
  limits: CrawlLimits,
  allowedByRobots: (url: URL) => boolean,
): Promise<{ finalUrl: URL; html: string } | { skip: string; reason?: string }> {
  const chain = new Set<string>([url.href]);
  let current = url;
  for (let hop = 0; ; hop++) {
    const response = await get(current);
    if (response.status >= 300 && response.status < 400 && response.headers.location) {
      if (hop >= limits.maxRedirects) return { skip: "too many redirects" };
      let next: URL;
      try {
        next = new URL(response.headers.location, current);
      } catch {
        return { skip: "bad redirect" };
      }
      next.hash = "";
      if (next.origin !== origin) {
        return {
          skip: `redirects off-site to ${next.origin}`,
          reason: offSiteReason(url, next.origin),
        };
      }
      if (chain.has(next.href)) return { skip: "redirect loop" };
      if (!allowedByRobots(next)) {
        return { skip: "redirects to a page disallowed by robots.txt", reason: robotsReason(next) };
      }
      chain.add(next.href);
      current = next;
      continue;
    }
    if (response.body === null) return { skip: `larger than ${limits.maxPageBytes} bytes` };
    if (response.status !== 200) {
      return {
        skip: `status ${response.status}`,
        reason: `${current.href} answered with status ${response.status} instead of a page.`,
      };
    }
    const type = String(response.headers["content-type"] ?? "");
    if (!/text\/html|application\/xhtml\+xml/i.test(type)) return { skip: `not a page (${type})` };
    return { finalUrl: current, html: response.body.toString("utf8") };
  }
}

async function loadRobots(get: Get, origin: string) {
  const robotsUrl = `${origin}/robots.txt`;
  let text = "";
  try {
    const response = await get(new URL(robotsUrl));
    // A server error on robots.txt means "stay out" to polite crawlers; a missing file means "welcome".
    if (response.status >= 500) text = "User-agent: *\nDisallow: /";
    else if (response.status === 200 && response.body) text = response.body.toString("utf8");
  } catch {
    // Unreachable: the first page fetch reports the real problem.
  }
  return robotsParser(robotsUrl, text);
}

async function loadSitemaps(get: Get, origin: string, declared: string[]): Promise<URL[]> {
  const pending = [...new Set([...declared, `${origin}/sitemap.xml`])];
  const found: URL[] = [];
  const visited = new Set<string>();
  while (pending.length && visited.size < 5) {
    const href = pending.shift()!;
    if (visited.has(href)) continue;
    visited.add(href);
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    try {
      const response = await get(url);
      if (response.status !== 200 || !response.body) continue;
      const xml = new DOMParser().parseFromString(response.body.toString("utf8"), "text/xml");
      for (const loc of xml.querySelectorAll("sitemap > loc")) pending.push(text(loc));
      for (const loc of xml.querySelectorAll("url > loc")) {
        try {
          const page = new URL(text(loc));
          page.hash = "";
          if (page.origin === origin) found.push(page);
        } catch {
          // A malformed entry is skipped; the rest of the sitemap still counts.
        }
      }
    } catch {
      // No sitemap is fine: links are followed from the start page.
    }
  }
  return found;
}

function sameOriginLinks(document: Document, base: URL, origin: string): URL[] {
  const links: URL[] = [];
  for (const anchor of document.querySelectorAll("a[href]")) {
    const href = anchor.getAttribute("href") ?? "";
    if (!href || href.startsWith("#") || /^(?:mailto|tel|javascript|data):/i.test(href)) continue;
    try {
      const url = new URL(href, base);
      url.hash = "";
      if (url.origin !== origin || NOT_A_PAGE.test(url.pathname)) continue;
      links.push(url);
    } catch {
      // Not a URL.
    }
  }
  return links;
}

const BLOCKS = "h1, h2, h3, h4, h5, h6, p, li, dt, dd, blockquote, pre, td, th, figcaption";

/** The main text of a page, one paragraph per block, without navigation, footers or scripts. */
export function readablePage(html: string, url: URL): CrawledPage {
  const document = withoutChrome(html);
  let title = document.querySelector("title")?.textContent?.trim() ?? "";
  let contentRoot: ParentNode | null = null;
  try {
    const article = new Readability(document, { charThreshold: 100 }).parse();
    if (article?.content) {
      contentRoot = parseHTML(`<!doctype html><html><body>${article.content}</body></html>`)
        .document.body;
      title ||= article.title ?? "";
    }
  } catch {
    // Readability gave up: the whole body (without the chrome) is read instead.
  }
  contentRoot ??= withoutChrome(html).body;
  const paragraphs: string[] = [];
  for (const block of contentRoot.querySelectorAll(BLOCKS)) {
    // Nested blocks (a <p> in an <li>) are read once, at the innermost level.
    if (block.querySelector(BLOCKS)) continue;
    const line = (block.textContent ?? "").replace(/\s+/g, " ").trim();
    if (line) paragraphs.push(line);
  }
  if (!paragraphs.length) {
    const all = (contentRoot.textContent ?? "").replace(/\s+/g, " ").trim();
    if (all) paragraphs.push(all);
  }
  return { url: url.href, title: title || url.pathname, text: paragraphs.join("\n\n") };
}

function withoutChrome(html: string): Document {
  const { document } = parseHTML(html);
  for (const node of document.querySelectorAll(
    "script, style, noscript, template, nav, footer, header, aside, form, iframe, svg, [hidden], [aria-hidden=true]",
  )) {
    node.remove();
  }
  return document as unknown as Document;
}

function canonicalUrl(document: Document, base: URL, origin: string): URL | null {
  const href = document.querySelector('link[rel="canonical" i]')?.getAttribute("href");
  if (!href) return null;
  try {
    const url = new URL(href, base);
    url.hash = "";
    return url.origin === origin ? url : null;
  } catch {
    return null;
  }
}

function pageKey(url: URL) {
  const copy = new URL(url);
  copy.hash = "";
  if (copy.pathname.length > 1) copy.pathname = copy.pathname.replace(/\/+$/, "");
  return copy.href;
}

function text(node: Element) {
  return (node.textContent ?? "").trim();
}

function describe(error: unknown) {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
