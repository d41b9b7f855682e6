import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSsActivewear } from "../fakes/ss-activewear";
import { hydrated, toastSaying } from "../support/browser";
import type { RunningServer } from "../support/server";
import { ADMIN_EMAIL, ADMIN_PASSWORD, closeSite, openSite } from "../support/site";

let fake: Awaited<ReturnType<typeof startFakeSsActivewear>>;
let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];
beforeAll(async () => {
  // 75 styles: their ids, then three batches of a styles and a products request, each request
  // held 1.5 s by the fake so the progress shows.
  fake = await startFakeSsActivewear({ styles: 75 });
  ({ server, browser, page, errors } = await openSite({
    admin: true,
    env: {
      SS_ACTIVEWEAR_BASE_URL: fake.url,
      SS_ACTIVEWEAR_ACCOUNT_NUMBER: fake.accountNumber,
      SS_ACTIVEWEAR_API_KEY: fake.apiKey,
    },
  }));
}, 200_000);
afterAll(async () => {
  await closeSite({ server, browser });
  await fake?.close();
});

describe("/product-data-sync against the S&S fake", () => {
  it("starts a sync, shows its progress, then lists the run", async () => {
    await page.goto(server.url + "/product-data-sync");
    await hydrated(page);
    if (new URL(page.url()).pathname === "/admin/auth") {
      await page.getByLabel("Email").fill(ADMIN_EMAIL);
      await page.getByLabel("Password").fill(ADMIN_PASSWORD);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL(server.url + "/product-data-sync");
      await hydrated(page);
    }
    await page.getByRole("tab", { name: "S&S Activewear" }).waitFor();
    fake.set({ delayMs: 1_500 });
    await page.getByRole("button", { name: "Start Sync" }).click();
    const bar = page.getByRole("progressbar", { name: "Sync progress" });
    await bar.waitFor({ timeout: 30_000 });
    await page.waitForFunction(
      () => {
        const el = document.querySelector('[role="progressbar"]');
        return Number(el?.getAttribute("aria-valuenow")) > 0;
      },
      undefined,
      { timeout: 60_000 },
    );
    expect(Number(await bar.getAttribute("aria-valuemax"))).toBe(75);

    const row = page.getByRole("row").filter({ hasText: "succeeded" });
    await row.waitFor({ timeout: 90_000 });
    const cells = await row.getByRole("cell").allInnerTexts();
    // Started, Status, Processed, Added, Updated, Removed, Errors, Duration.
    expect(cells.slice(1, 7)).toEqual(["succeeded", "75", "75", "0", "0", "0"]);
    // The admin's one date format and time zone (platform/lib/dates), never the browser's own.
    expect(cells[0]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
    // The end is said, with its figures, as a toast and on the page.
    const figures = /75 products: 75 added, 0 updated, 0 removed, in \d+\.\d s\./;
    await toastSaying(page, "Sync complete", figures).waitFor();
    const shots = process.env.SCREENSHOT_DIR;
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      // The history's eight columns scroll in their own box on a phone; the page never sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      if (shots)
        await page.screenshot({ path: `${shots}/09-sync-complete-${width}.png`, fullPage: true });
    }
    expect(errors.filter((e) => !/image|Failed to load resource/i.test(e))).toEqual([]);
  }, 180_000);
});
