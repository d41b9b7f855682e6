import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated } from "../support/browser";
import type { RunningServer } from "../support/server";
import { closeSite, openSite } from "../support/site";
import { shot } from "../support/shots";

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSite());
});
afterAll(() => closeSite({ server, browser }));

// Issue 21, item 2: every link to a section of the same page the site has.
const links = [
  { path: "/bulk-orders", name: "Get Consultation", target: "contact-section" },
  { path: "/bulk-orders", name: "Choose your path", target: "paths" },
  { path: "/", name: "See what", target: "services" },
  { path: "/", name: "Contact", exact: true, target: "contact-section" },
  { path: "/version-one", name: "Contact Us To Get Started", target: "contact-section" },
  { path: "/about", name: "Skip to content", target: "main", focus: true },
];

/** Whether the section's top sits just under the sticky header (64 px, plus 1rem of air). */
function underHeader(page: Page, id: string) {
  return page.evaluate((id) => {
    const top = document.getElementById(id)?.getBoundingClientRect().top ?? NaN;
    return top >= -1 && top <= 100;
  }, id);
}

async function followEach(context: BrowserContext, javaScript: boolean) {
  for (const link of links) {
    const page = await context.newPage();
    await page.goto(server.url + link.path);
    if (javaScript) await hydrated(page);
    const anchor = page.getByRole("link", { name: link.name, exact: link.exact }).first();
    if (link.focus) await page.keyboard.press("Tab");
    else await anchor.scrollIntoViewIfNeeded();
    await anchor.click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#${link.target}`);
    await expect
      .poll(() => underHeader(page, link.target), {
        message: `${link.name} (JS: ${javaScript})`,
        timeout: 15_000,
      })
      .toBe(true);
    if (link.focus) {
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(link.target);
    }
    await page.close();
  }
}

describe("links to a section of the same page", () => {
  it("scroll there with JavaScript", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await followEach(context, true);
    await context.close();
  });

  it("scroll there without JavaScript", async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      javaScriptEnabled: false,
    });
    await followEach(context, false);
    await context.close();
  });

  it("'Get Consultation' scrolls to the contact section on a phone too, the moment it is clicked", async () => {
    for (const viewport of [
      { width: 375, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      // No waiting for the page's code: the link works from the moment it is shown.
      await page.goto(server.url + "/bulk-orders", { waitUntil: "commit" });
      const link = page.getByRole("link", { name: "Get Consultation" });
      await link.scrollIntoViewIfNeeded();
      await link.click();
      // What the visitor sees: the section under the header.
      await expect.poll(() => underHeader(page, "contact-section"), { timeout: 15_000 }).toBe(true);
      // The address's #part is written once the page's code has hydrated (checked every 100 ms,
      // app/platform/ui/island-input.ts); on a busy machine that is seconds after the click,
      // longer than a poll's default second (CI25).
      await hydrated(page);
      await expect.poll(() => page.evaluate(() => location.hash)).toBe("#contact-section");
      await shot(page, "01-02-bulk-orders-contact-section");
      await context.close();
    }
  });
});
