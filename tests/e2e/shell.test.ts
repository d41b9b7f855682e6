import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, hydrated, watchErrors } from "../support/browser";
import type { RunningServer } from "../support/server";
import { closeSite, openSite } from "../support/site";

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSite());
});
afterAll(() => closeSite({ server, browser }));

async function openPage(pathname: string, viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage({ viewport });
  const errors = watchErrors(page);
  await page.goto(server.url + pathname);
  // Interactive only once React has hydrated.
  await hydrated(page);
  return { page, errors };
}

describe("the site shell in a browser", () => {
  it.each(["/", "/about", "/webstores", "/no-such-page"])(
    "%s loads without console errors or serious accessibility violations",
    async (pathname) => {
      const { page, errors } = await openPage(pathname);
      expect(await axeViolations(page)).toEqual([]);
      // The browser reports the not-found document's own 404 status; nothing else may appear.
      expect(errors.filter((e) => !e.includes("status of 404"))).toEqual([]);
      await page.close();
    },
  );

  it("Contact in the navigation goes home and scrolls to the contact section", async () => {
    const { page, errors } = await openPage("/about");
    await page.getByRole("navigation").getByRole("link", { name: "Contact" }).first().click();
    await page.waitForURL(server.url + "/#contact-section");
    await page.waitForFunction(() => {
      const section = document.getElementById("contact-section");
      return section && Math.abs(section.getBoundingClientRect().top) < 200;
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the Webstores dropdown leads to the pricing page and the page starts at the top", async () => {
    const { page } = await openPage("/");
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.getByRole("button", { name: "Webstores" }).click();
    await page.getByRole("menuitem", { name: "Pricing" }).click();
    await page.waitForURL(server.url + "/pricing");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // The URL changes before React commits the new head; wait for it rather than race it.
    await expect.poll(() => page.title()).toBe("Webstore Pricing | Merch Simplified");
    await page.close();
  });

  it("the Shop dropdown opens its external shops in a new tab", async () => {
    const { page } = await openPage("/");
    await page.getByRole("button", { name: "Shop" }).click();
    const apparel = page.getByRole("menuitem", { name: "Shop Apparel" });
    expect(await apparel.getAttribute("target")).toBe("_blank");
    expect(await apparel.getAttribute("rel")).toContain("noopener");
    await page.close();
  });

  it("on a phone the menu opens from the left and closes again", async () => {
    const { page, errors } = await openPage("/", { width: 390, height: 844 });
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor();
    // It slides in from the left edge.
    await expect.poll(async () => (await menu.boundingBox())?.x).toBe(0);
    await page.getByRole("button", { name: "Close menu" }).click();
    await menu.waitFor({ state: "hidden" });
    // Focus goes back to the button that opened it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Open menu",
    );

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "About" }).click();
    await page.waitForURL(server.url + "/about");
    await menu.waitFor({ state: "hidden" });
    // The scroll lock's style element passes the Content-Security-Policy.
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the footer links to the legal pages and Admin Access", async () => {
    const { page } = await openPage("/");
    const footer = page.getByRole("contentinfo");
    expect(await footer.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe(
      "/privacy-policy",
    );
    expect(await footer.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe(
      "/terms-of-service",
    );
    await footer.getByRole("link", { name: "Admin Access" }).click();
    await page.waitForURL(server.url + "/admin/auth");
    await page.close();
  });

  it("Return to Home on the not-found page goes home", async () => {
    const { page } = await openPage("/missing");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(server.url + "/");
    await page.close();
  });
});
