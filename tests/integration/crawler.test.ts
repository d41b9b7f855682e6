import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CrawlError, normalizeSiteUrl } from "~/platform/crawl/crawl";
import { crawlSite } from "~/platform/crawl/crawler.server";
import { isPublicAddress } from "~/platform/security/safe-fetch.server";
import { startFakeWebsite } from "../fakes/website";

let site: Awaited<ReturnType<typeof startFakeWebsite>>;
beforeAll(async () => {
  site = await startFakeWebsite();
});
afterAll(() => site.close());

describe("the built-in crawler", () => {
  it("reads the site's pages politely and reports progress", async () => {
    const progress: { fetched: number; found: number }[] = [];
    const result = await crawlSite(
      { url: site.url, allowPrivateBaseUrl: true, limits: { maxPageBytes: 500_000 } },
      (p) => progress.push(p),
    );
    const paths = result.pages.map((p) => new URL(p.url).pathname).sort();
    expect(paths).toEqual(
      ["/", "/about", "/deep/1", "/deep/2", "/from-sitemap", "/moved-here", "/pricing"].sort(),
    );

    const home = result.pages.find((p) => new URL(p.url).pathname === "/")!;
    expect(home.title).toBe("Welcome to Example Merch");
    expect(home.text).toContain("Home paragraph 1");
    for (const chrome of ["SCRIPT-TEXT", "FOOTER-TEXT", "NAV-TEXT"]) {
      expect(result.pages.every((p) => !p.text.includes(chrome))).toBe(true);
    }

    const reasons = Object.fromEntries(
      result.skipped.map((s) => [new URL(s.url).pathname, s.reason]),
    );
    expect(reasons["/private/staff"]).toMatch(/robots/);
    expect(reasons["/loop-a"]).toMatch(/redirect loop/);
    expect(reasons["/broken"]).toBe("status 500");
    expect(reasons["/huge"]).toMatch(/larger than/);
    expect(reasons["/to-private"]).toMatch(/off-site/);
    expect(reasons["/checkout"]).toBe("marked noindex");
    expect(result.skipped).toContainEqual({
      url: `${site.url}pricing?interval=annual`,
      reason: `same page as ${site.url}pricing`,
    });
    // Depth limit 3: links on /deep/2 (depth 3) are not followed.
    expect(site.requests).not.toContain("/deep/3");
    // Never asked: the disallowed page, the image, other hosts.
    expect(site.requests).not.toContain("/private/staff");
    expect(site.requests).not.toContain("/logo.png");
    // Links to private addresses are other origins: never fetched, never kept.
    const everyUrl = [...result.pages, ...result.skipped].map((p) => p.url).join(" ");
    expect(everyUrl).not.toMatch(/10\.0\.0\.1|169\.254\.169\.254|192\.168\.1\.1/);

    expect(progress.length).toBeGreaterThan(3);
    const last = progress.at(-1)!;
    expect(last.fetched).toBeGreaterThanOrEqual(result.pages.length);
    expect(last.found).toBeGreaterThanOrEqual(last.fetched - 1);
    expect(progress.every((p, i) => i === 0 || p.fetched >= progress[i - 1]!.fetched)).toBe(true);
  });

  it("stops at the page limit", async () => {
    const result = await crawlSite({
      url: site.url,
      allowPrivateBaseUrl: true,
      limits: { maxPages: 2 },
    });
    expect(result.pages).toHaveLength(2);
  });

  it("refuses a loopback address that is not the site's own base URL", async () => {
    const before = site.requests.length;
    await expect(crawlSite({ url: site.url })).rejects.toMatchObject({
      failure: "address-not-allowed",
    });
    expect(site.requests.length).toBe(before);
  });

  it("checks the address a name resolves to, not just the name", async () => {
    const resolve = async () => [{ address: "127.0.0.1", family: 4 }];
    const url = `http://innocent.example.com:${site.port}/`;
    const before = site.requests.length;
    const refused = await crawlSite({ url, resolve }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CrawlError);
    expect((refused as CrawlError).failure).toBe("address-not-allowed");
    expect(site.requests.length).toBe(before);

    // The same name is allowed when it is the site's own configured base URL.
    const allowed = await crawlSite({
      url,
      resolve,
      allowPrivateBaseUrl: true,
      limits: { maxPages: 1 },
    });
    expect(allowed.pages[0]!.url).toBe(url);
  });

  it("reports an unreachable website", async () => {
    await expect(
      crawlSite({ url: "http://127.0.0.1:9/", allowPrivateBaseUrl: true }),
    ).rejects.toMatchObject({ failure: "website-unreachable" });
  });

  it("knows which addresses are private", () => {
    for (const address of [
      "10.0.0.1",
      "192.168.1.1",
      "127.0.0.1",
      "169.254.169.254",
      "::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "100.64.0.1",
      "0.0.0.0",
      "fc00::1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["93.184.216.34", "2606:4700::1111"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it("counts pages found as it discovers them, ahead of pages fetched", async () => {
    const progress: { fetched: number; found: number }[] = [];
    await crawlSite({ url: site.url, allowPrivateBaseUrl: true }, (p) => progress.push(p));
    // Before anything is fetched the start page is known; the sitemap and links add to it.
    expect(progress[0]).toEqual({ fetched: 0, found: 1 });
    const founds = [...new Set(progress.map((p) => p.found))];
    expect(founds.length).toBeGreaterThanOrEqual(3);
    expect(founds).toEqual([...founds].sort((a, b) => a - b));
    expect(progress.some((p) => p.fetched > 0 && p.found > p.fetched)).toBe(true);
  });

  it("says why a crawl failed: could not connect, TLS error, private address", async () => {
    const reason = (request: Parameters<typeof crawlSite>[0]) =>
      crawlSite(request).then(
        () => "succeeded",
        (error: CrawlError) => error.reason,
      );
    expect(await reason({ url: "http://127.0.0.1:9/", allowPrivateBaseUrl: true })).toBe(
      "Could not connect to 127.0.0.1:9: the connection was refused.",
    );
    // An https:// address on a plain-HTTP server.
    expect(
      await reason({ url: `https://127.0.0.1:${site.port}/`, allowPrivateBaseUrl: true }),
    ).toBe(`TLS error with 127.0.0.1:${site.port}: it did not answer with TLS (try http://).`);
    expect(await reason({ url: site.url })).toBe(
      `Refused by the safe fetcher: 127.0.0.1:${site.port} is a private address, and only public addresses (or this site's own address) may be crawled.`,
    );
    const resolve = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.example"), {
        code: "ENOTFOUND",
      });
    };
    expect(await reason({ url: "https://nowhere.example/", resolve })).toBe(
      "Could not connect to nowhere.example: no such host name.",
    );
  });

  it("says why a crawl failed: refused by robots.txt, outside the site", async () => {
    const server = createServer((req, res) => {
      if (req.url === "/robots.txt") {
        res.writeHead(200, { "Content-Type": "text/plain" });
        res.end("User-agent: *\nDisallow: /members/\n");
      } else if (req.url?.startsWith("/members/")) {
        res.writeHead(200, { "Content-Type": "text/html" });
        res.end("<p>Members only</p>");
      } else {
        res.writeHead(301, { Location: "https://www.elsewhere.example/" });
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const robots = await crawlSite({
        url: `${origin}/members/`,
        allowPrivateBaseUrl: true,
      }).catch((error: CrawlError) => error);
      expect(robots).toMatchObject({
        failure: "website-unreachable",
        reason: `Refused by robots.txt: 127.0.0.1:${new URL(origin).port}'s robots.txt does not allow crawling /members/.`,
      });
      const moved = await crawlSite({ url: `${origin}/`, allowPrivateBaseUrl: true }).catch(
        (error: CrawlError) => error,
      );
      expect(moved).toMatchObject({
        failure: "website-unreachable",
        reason: `Outside the site: ${origin}/ redirects to https://www.elsewhere.example, another site. Type that address to crawl it.`,
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("adds https:// when the scheme is left out", () => {
    expect(normalizeSiteUrl("merchsimplified.com")?.href).toBe("https://merchsimplified.com/");
    expect(normalizeSiteUrl("http://localhost:3000")?.href).toBe("http://localhost:3000/");
    expect(normalizeSiteUrl("")).toBeNull();
    expect(normalizeSiteUrl("ftp://x.com")).toBeNull();
  });
});
