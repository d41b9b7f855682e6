import { writeFileSync } from "node:fs";
import { type IncomingHttpHeaders, get } from "node:http";
import { buffer } from "node:stream/consumers";
import { gunzipSync, gzipSync } from "node:zlib";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, runFailingStart, startServer, tempDataDir } from "../support/server";

/** Every page of both specifications and the heading it shows. */
const pages: [string, string][] = [
  ["/", "We Simplify Merch"],
  ["/about", "We're Family"],
  ["/webstores", "Company Webstores"],
  ["/bulk-orders", "Custom Bulk Orders"],
  ["/pricing", "Webstore Pricing"],
  ["/checkout?plan=pro&interval=annual", "Checkout"],
  ["/checkout-success?session_id=cs_unknown", "Payment not confirmed"],
  ["/product-search", "Search Products"],
  ["/version-one", "We Simplify Merch"],
  ["/privacy-policy", "Privacy Policy"],
  ["/terms-of-service", "Terms of Service"],
  ["/signco-transition", "SignCo Is Now Merch Simplified"],
  ["/admin/auth", "Admin Login"],
  // Public since issue 10: the product collections; its API test tabs are for admins only.
  ["/shop-now", "Shop Our Products"],
];

/** Admin screens and internal tools: anonymous visitors are sent to sign in and back. */
const gatedPages = [
  "/products/sanmar",
  "/product-data-sync",
  "/test-email",
  "/admin",
  "/admin/users",
  "/admin/chat-conversations",
  "/admin/success-stories",
  "/admin/client-webstore-examples",
  "/admin/knowledge-base",
  "/admin/faqs",
  "/admin/pricing-tiers",
  "/admin/coupons",
  "/admin/brand-logos",
  "/admin/seo",
  "/admin/audit-log",
];

const unescape = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
const h1 = (html: string) =>
  unescape(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? "");
const metaContent = (html: string, attr: string, name: string) =>
  unescape(new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1] ?? "");
const titleOf = (html: string) => unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");

describe("the production server", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it.each(pages)("serves %s with its heading", async (pathname, heading) => {
    const response = await fetch(server.url + pathname);
    expect(response.status).toBe(200);
    expect(h1(await response.text())).toBe(heading);
  });

  it.each(gatedPages)("sends an anonymous visitor of %s to sign in", async (pathname) => {
    const response = await fetch(server.url + pathname, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `/admin/auth?redirectTo=${encodeURIComponent(pathname)}`,
    );
  });

  it("renders the home page's head from page_seo_settings on the server", async () => {
    const html = await (await fetch(server.url + "/")).text();
    expect(titleOf(html)).toBe("Merch Simplified | Company Webstores & Custom Bulk Merch");
    expect(metaContent(html, "property", "og:type")).toBe("website");
    expect(metaContent(html, "property", "og:url")).toBe(server.url + "/");
    expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "name", "description").length).toBeGreaterThan(50);
    expect(html).toContain(`<link rel="canonical" href="${server.url}/"/>`);
  });

  it.each(["/no-such-page", "/admin/nope", "/products/unknown/deeper"])(
    "answers the unknown path %s with the not-found page and status 404",
    async (pathname) => {
      const response = await fetch(server.url + pathname);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("Oops! Page not found");
      expect(html).toContain("Return to Home");
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    },
  );

  it.each([
    "/%E0%A4%A",
    "/about?q=%zz&x=%",
    "/%",
    "/assets/%E0%A4%A.js",
    "/webstores?plan[]=1&plan[x]=2",
  ])("never answers the malformed address %s with a server error", async (pathname) => {
    const response = await fetch(server.url + pathname);
    expect(response.status).toBeLessThan(500);
  });

  it("reports its health and the database's", async () => {
    const response = await fetch(server.url + "/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("keeps crawlers out of /admin and lists the public pages in the sitemap", async () => {
    const robots = await (await fetch(server.url + "/robots.txt")).text();
    expect(robots).toContain("Disallow: /admin");
    const sitemap = await fetch(server.url + "/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${server.url}/webstores</loc>`);
    expect(xml).not.toContain("/admin");
  });

  it("sends security headers with a nonce that matches the page's scripts", async () => {
    const response = await fetch(server.url + "/", { headers: { "Accept-Encoding": "gzip" } });
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const html = await response.text();
    const inlineScripts = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("serves the hero video from file storage, in ranges as video players ask", async () => {
    const whole = await fetch(server.url + "/media/hero.webm");
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/webm");
    const part = await fetch(server.url + "/media/hero.mp4", { headers: { Range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    // The storage folder sits beside the auth secret; nothing outside it is reachable.
    expect((await fetch(server.url + "/media/..%2Fauth-secret")).status).not.toBe(200);
    expect((await fetch(server.url + "/media/%2e%2e/auth-secret")).status).not.toBe(200);
  });

  it("caches fingerprinted assets for a year", async () => {
    const html = await (await fetch(server.url + "/")).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await fetch(server.url + asset);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  it("compresses a page of search results in one go, as small as the page compressed whole", async () => {
    // Compressed piece by piece (a flush after each of React's 2 KB pieces), it came to 1.8
    // times that size, and cost a fifth more CPU.
    const { headers, body } = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) =>
        get(
          `${server.url}/product-search?q=tee`,
          { headers: { "accept-encoding": "gzip" } },
          (response) =>
            buffer(response).then((body) => resolve({ headers: response.headers, body }), reject),
        ).once("error", reject),
    );
    expect(headers["content-encoding"]).toBe("gzip");
    const page = gunzipSync(body);
    expect(page.toString()).toContain('data-testid="result-count"');
    expect(body.length).toBeLessThan(gzipSync(page).length * 1.1);
  });

  it("serves the public files for an hour, and no other file", async () => {
    for (const file of ["/favicon.svg", "/brands/gildan.svg"]) {
      const response = await fetch(server.url + file);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("content-type"), file).toBe("image/svg+xml");
      expect(response.headers.get("cache-control"), file).toBe("public, max-age=3600");
    }
    expect((await fetch(server.url + "/brands/no-such-brand.svg")).status).toBe(404);
    expect((await fetch(server.url + "/favicon.svg/..%2f..%2fpackage.json")).status).toBe(404);
  });
});

describe("data across restarts", () => {
  it("keeps its data, and a changed SEO row changes the next response", async () => {
    const first = await startServer();
    const dataDir = first.dataDir;
    expect(titleOf(await (await fetch(first.url + "/")).text())).toMatch(/^Merch Simplified/);
    expect(await first.stop()).toBe(0);

    const db = new PGlite({ dataDir: path.join(dataDir, "pglite"), extensions: { pg_trgm } });
    await db.query("update page_seo_settings set title = $1, og_title = $2 where page_path = '/'", [
      "Merch that runs itself",
      "Your branded store in two weeks",
    ]);
    await db.close();

    const second = await startServer({ dataDir });
    try {
      const html = await (await fetch(second.url + "/")).text();
      expect(titleOf(html)).toBe("Merch that runs itself");
      expect(metaContent(html, "property", "og:title")).toBe("Your branded store in two weeks");
      expect(metaContent(html, "name", "twitter:title")).toBe("Your branded store in two weeks");
    } finally {
      await second.stop();
    }
  });
});

describe("start-up with bad configuration", () => {
  it("names a bad variable in one line and exits", async () => {
    const { code, output } = await runFailingStart({ PORT: "abc", DATA_DIR: tempDataDir() });
    expect(code).toBe(1);
    expect(output).toMatch(/^PORT: /);
    expect(output.split("\n")).toHaveLength(1);
  });

  it("names an unknown log level in one line, and a bad worker count with PostgreSQL", async () => {
    const level = await runFailingStart({ LOG_LEVEL: "loud", DATA_DIR: tempDataDir() });
    expect(level.code).toBe(1);
    expect(level.output).toMatch(/^LOG_LEVEL: /);
    expect(level.output.split("\n")).toHaveLength(1);
    // The primary forks the start-up process without checking the configuration itself; the
    // refusal there ends it before any worker starts.
    const workers = await runFailingStart({
      DATA_DIR: tempDataDir(),
      DATABASE_URL: "postgres://merch:secret@127.0.0.1:1/merch",
      WEB_CONCURRENCY: "many",
    });
    expect(workers.code).toBe(1);
    expect(workers.output).toMatch(/^WEB_CONCURRENCY: /);
    expect(workers.output.split("\n")).toHaveLength(1);
  });

  it("says so in one line when DATA_DIR cannot be written", async () => {
    // A path beneath a regular file cannot be created, even by root.
    const file = path.join(tempDataDir(), "a-file");
    writeFileSync(file, "");
    const target = path.join(file, "data");
    const { code, output } = await runFailingStart({ DATA_DIR: target });
    expect(code).toBe(1);
    expect(output).toMatch(/^DATA_DIR: cannot write to /);
    expect(output.split("\n")).toHaveLength(1);
  });

  it("says so in one line when the database cannot be reached", async () => {
    const { code, output } = await runFailingStart({
      DATA_DIR: tempDataDir(),
      DATABASE_URL: "postgres://merch:secret@127.0.0.1:1/merch",
    });
    expect(code).toBe(1);
    expect(output).toBe(
      "DATABASE_URL: cannot connect to postgres://merch:***@127.0.0.1:1/merch (ECONNREFUSED)",
    );
  });
});
