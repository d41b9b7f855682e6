import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { pageSeoSettings } from "~/platform/db/schema/index";
import { loader as rootLoader } from "~/root";
import { loader as robotsLoader } from "~/routes/resources/robots";
import { loader as notFoundLoader } from "~/routes/site/not-found";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";

let database: TestDatabase;
let context: AppLoadContext;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  context = createTestContext(database.db);
});
afterAll(() => database.destroy());

const loadRoot = (pathname: string) =>
  rootLoader({ request: new Request(`http://localhost${pathname}`), context, params: {} } as never);

describe("head metadata from page_seo_settings", () => {
  it("reads the stored record for the current path", async () => {
    const data = await loadRoot("/webstores");
    expect(data.seo?.title).toMatch(/Webstores/);
    expect(data.pageUrl).toBe("https://www.example.com/webstores");
  });

  it("keeps the record in memory until the content version moves, then serves the change at once", async () => {
    const before = (await loadRoot("/")).seo?.title;
    const change = { title: "Branded stores in two weeks", ogTitle: "Your team store" };
    await database.db.update(pageSeoSettings).set(change).where(eq(pageSeoSettings.pagePath, "/"));
    // A write that does not bump the version (no admin save does this) is not read again.
    expect((await loadRoot("/")).seo?.title).toBe(before);

    // An admin save bumps it in its transaction; the very next request reads the new record.
    await database.db.transaction((tx) => bumpContentVersion(tx));
    const data = await loadRoot("/");
    expect(data.seo).toMatchObject({
      title: "Branded stores in two weeks",
      ogTitle: "Your team store",
    });
  });

  it("ignores a trailing slash and has no record for unknown paths", async () => {
    expect((await loadRoot("/about/")).seo?.title).toMatch(/About/);
    expect((await loadRoot("/no-such-page")).seo).toBeNull();
  });
});

describe("resource routes", () => {
  it("robots.txt keeps crawlers out of /admin and points at the sitemap", async () => {
    const response = robotsLoader({
      request: new Request("http://localhost/robots.txt"),
      context,
      params: {},
    } as never);
    const body = await response.text();
    expect(body).toContain("Disallow: /admin");
    expect(body).toContain("Sitemap: https://www.example.com/sitemap.xml");
  });

  it("an unknown path answers 404", () => {
    const result = notFoundLoader() as unknown as { init: { status: number } };
    expect(result.init.status).toBe(404);
  });
});
