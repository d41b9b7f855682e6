import { afterEach, describe, expect, it } from "vitest";
import { CRAWL_FAILURE_MESSAGES, type CrawlError } from "~/platform/crawl/crawl";
import { createCrawler } from "~/platform/crawl/crawlers.server";
import { createFirecrawlCrawler } from "~/platform/crawl/firecrawl.server";
import { startFakeFirecrawl } from "../fakes/firecrawl";

const pages = [
  { url: "https://shop.example.com/", title: "Home", markdown: "# Home\n\nWe print merch." },
  {
    url: "https://shop.example.com/pricing",
    title: "Pricing",
    markdown: "Plans from $180 per year.",
  },
  { url: "https://shop.example.com/about", title: "About", markdown: "A family team." },
  { url: "https://other.example.net/", title: "Elsewhere", markdown: "Not ours." },
];

let fake: Awaited<ReturnType<typeof startFakeFirecrawl>> | undefined;
afterEach(() => fake?.close());

describe("the Firecrawl adapter", () => {
  it("starts a crawl, polls its progress and reads every batch of results", async () => {
    fake = await startFakeFirecrawl({ apiKey: "fc-test", pages, batchSize: 2 });
    const crawl = createFirecrawlCrawler({
      apiKey: "fc-test",
      apiBase: fake.url,
      pollIntervalMs: 5,
    });
    const progress: { fetched: number; found: number }[] = [];
    const result = await crawl(
      { url: "https://shop.example.com/", limits: { maxPages: 10, maxDepth: 2 } },
      (p) => progress.push(p),
    );
    expect(result.pages.map((p) => p.url)).toEqual(pages.slice(0, 3).map((p) => p.url));
    expect(result.pages[1]).toMatchObject({ title: "Pricing", text: "Plans from $180 per year." });
    expect(result.skipped).toEqual([{ url: "https://other.example.net/", reason: "off-site" }]);
    expect(progress.map((p) => p.fetched)).toEqual([1, 2, 3, 4]);
    expect(progress.every((p) => p.found === 4)).toBe(true);

    const start = fake.requests[0]!;
    expect(start).toMatchObject({
      method: "POST",
      path: "/v1/crawl",
      authorization: "Bearer fc-test",
    });
    expect(start.body).toMatchObject({ url: "https://shop.example.com/", limit: 10, maxDepth: 2 });
  });

  it("is the crawler chosen when FIRECRAWL_API_KEY is set", async () => {
    fake = await startFakeFirecrawl({ apiKey: "fc-test", pages: pages.slice(0, 1) });
    const crawl = createCrawler({ FIRECRAWL_API_KEY: "fc-test", FIRECRAWL_API_BASE: fake.url });
    const result = await crawl({ url: "https://shop.example.com/" });
    expect(result.pages).toHaveLength(1);
    expect(fake.requests[0]!.path).toBe("/v1/crawl");
  });

  it("tells a refused key or a broken service from a failed crawl", async () => {
    fake = await startFakeFirecrawl({ apiKey: "fc-test", pages });
    const wrongKey = createFirecrawlCrawler({
      apiKey: "fc-wrong",
      apiBase: fake.url,
      pollIntervalMs: 5,
    });
    const refused = (await wrongKey({ url: "https://shop.example.com/" }).catch(
      (e: unknown) => e,
    )) as CrawlError;
    expect(CRAWL_FAILURE_MESSAGES[refused.failure]).toBe("Failed to connect to crawling service");
    expect(refused.reason).toMatch(
      /^The crawling service \(Firecrawl\) refused the API key \(status 40[13]\)\.$/,
    );
    await fake.close();

    fake = await startFakeFirecrawl({ apiKey: "fc-test", pages, failWith: "failed" });
    const crawl = createFirecrawlCrawler({
      apiKey: "fc-test",
      apiBase: fake.url,
      pollIntervalMs: 5,
    });
    const failed = (await crawl({ url: "https://shop.example.com/" }).catch(
      (e: unknown) => e,
    )) as CrawlError;
    expect(CRAWL_FAILURE_MESSAGES[failed.failure]).toBe("Website crawling failed");
    await fake.close();
    fake = undefined;

    const nowhere = createFirecrawlCrawler({
      apiKey: "fc-test",
      apiBase: "http://127.0.0.1:9",
      pollIntervalMs: 5,
    });
    const down = (await nowhere({ url: "https://shop.example.com/" }).catch(
      (e: unknown) => e,
    )) as CrawlError;
    expect(down.failure).toBe("service-unreachable");
    expect(down.reason).toMatch(
      /^The crawling service \(Firecrawl\): Could not connect to 127\.0\.0\.1:9/,
    );
  });
});
