import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPages } from "~/capabilities/seo/pages";
import { hydrated } from "../support/browser";
import type { RunningServer } from "../support/server";
import { closeSite, openSite } from "../support/site";

// Issue 13: no public page scrolls sideways on a phone or a tablet.
const widths = [320, 375, 768];
const paths = [...publicPages.map((p) => p.path), "/a-page-that-does-not-exist"];

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSite());
});
afterAll(() => closeSite({ server, browser }));

/** The document's width, and the elements that stick out past the right edge, unclipped. */
function measure(page: Page) {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const culprits: string[] = [];
    for (const element of document.querySelectorAll("body *")) {
      if (element.getBoundingClientRect().right <= viewport + 0.5) continue;
      let clipped = false;
      for (let a = element.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== "visible") clipped = true;
      }
      if (!clipped) culprits.push(`${element.tagName.toLowerCase()}.${element.className}`);
    }
    return { width: document.documentElement.scrollWidth, viewport, culprits };
  });
}

describe.each(widths)("at %i px wide", (width) => {
  it.each(paths)("%s is no wider than the viewport, before and after scrolling", async (path) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    try {
      await page.goto(server.url + path);
      await hydrated(page);
      const first = await measure(page);
      expect(first.width, `${path}: ${first.culprits.slice(0, 5).join(", ")}`).toBe(first.viewport);
      // Cards that slide in with scrolling must not push the page wider on the way.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((r) => requestAnimationFrame(() => r(null)));
        }
      });
      const scrolled = await measure(page);
      expect(scrolled.width, `${path}: ${scrolled.culprits.slice(0, 5).join(", ")}`).toBe(
        scrolled.viewport,
      );
    } finally {
      await page.close();
    }
  });
});
