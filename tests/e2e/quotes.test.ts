import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, hydrated, launchBrowser, watchErrors } from "../support/browser";
import { type RunningServer, startServer } from "../support/server";

let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  page = await browser.newPage({ viewport: { width: 375, height: 800 } });
  errors = watchErrors(page);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("from a search to a product's page", () => {
  it("opens a product from its card: the decorated 'from' price, swatches that switch the picture, stock by size", async () => {
    await page.goto(server.url + "/product-search?q=hoodie");
    await hydrated(page);
    const card = page.locator("article").first();
    const name = (await card.getByRole("heading").textContent())!;
    await card.getByRole("link", { name }).click();
    await page.waitForURL(/\/products\/[0-9a-f-]{36}$/);
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    expect(await page.title()).toBe(`${name} | Merch Simplified`);
    expect(await page.getByTestId("from-price").textContent()).toMatch(
      /^from \$\d+\.\d{2} a piece, decorated, at 48 pieces$/,
    );
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent())!,
    );
    expect(ld).toMatchObject({ "@type": "Product", name });

    const swatches = page.getByRole("radio");
    const colours = await swatches.count();
    const picture = page.getByRole("img", { name: new RegExp(`^${name} in `) });
    if (colours > 1) {
      const second = (await swatches.nth(1).getAttribute("value"))!;
      await swatches.nth(0).focus();
      await page.keyboard.press("ArrowRight");
      await page
        .getByRole("img", { name: `${name} in ${second}` })
        .or(page.getByText("No image"))
        .first()
        .waitFor();
      await page.getByRole("table", { name: `Sizes in ${second}` }).waitFor();
    } else {
      await picture.or(page.getByText("No image")).first().waitFor();
    }
    const stock = await page.getByRole("table").getByRole("cell").allTextContents();
    expect(stock.length).toBeGreaterThan(0);
    for (const level of stock) expect(["In stock", "Low stock", "Out of stock"]).toContain(level);

    expect(await axeViolations(page)).toEqual([]);
    expect(errors.filter((e) => !/Failed to load resource|ssactivewear/.test(e))).toEqual([]);
  });

  it("answers 404 for a product that does not exist", async () => {
    const response = await page.goto(server.url + "/products/00000000-0000-4000-8000-000000000000");
    expect(response!.status()).toBe(404);
  });
});
