import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/platform/db/client.server";
import { siteSettings } from "~/platform/db/schema/index";
import { formatUsd } from "~/platform/lib/money";
import { hydrated } from "../support/browser";
import { type RunningServer, seededDataDir } from "../support/server";
import { ADMIN_EMAIL, ADMIN_PASSWORD, closeSite, openSite } from "../support/site";
import { shooting, shot } from "../support/shots";

// Issue 21, items 4, 5, 6 and 17: what a visitor sees on /shop-now, /pricing, in the chat and on
// the AI Recommendations tab (no language model configured, the sample catalogue).
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  const dataDir = seededDataDir();
  const handle = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  await handle.db.update(siteSettings).set({ chatAssistantEnabled: true });
  await handle.close();
  ({ server, browser } = await openSite({ admin: true, dataDir }));
});
afterAll(() => closeSite({ server, browser }));

const phone = { width: 375, height: 740 };
const desktop = { width: 1280, height: 800 };

async function open(path: string, viewport = desktop) {
  const page = await browser.newPage({ viewport });
  await page.goto(server.url + path);
  await hydrated(page);
  return page;
}

const box = async (page: Page, selector: string) => {
  const rect = await page.locator(selector).first().boundingBox();
  if (!rect) throw new Error(`${selector} has no box`);
  return rect;
};

/** The gap between the bottom of the page's intro (the hero) and the top of `selector`. */
async function gapBelowHero(page: Page, selector: string) {
  const hero = await box(page, "main > section:first-of-type");
  return (await box(page, selector)).y - (hero.y + hero.height);
}

describe("/shop-now's collections", () => {
  it("lead to the catalogue's real categories, and an empty one says so and offers 'Contact Our Team'", async () => {
    for (const viewport of [phone, desktop]) {
      const page = await open("/shop-now", viewport);
      const cards = page.getByRole("region", { name: "Collections" }).getByRole("article");
      const card = (name: string) => cards.filter({ has: page.getByRole("heading", { name }) });
      // Item 6: the cards do not sit on the hero's bottom border.
      expect(await gapBelowHero(page, "section[aria-label='Collections']")).toBeGreaterThanOrEqual(
        32,
      );
      const drinkware = card("Drinkware");
      await drinkware.getByText("Nothing in this collection in our online catalogue yet").waitFor();
      expect(
        await drinkware.getByRole("link", { name: "Contact Our Team" }).getAttribute("href"),
      ).toBe("/#contact-section");
      expect(await drinkware.getByRole("link", { name: "View Collection" }).count()).toBe(0);
      await shot(page, "04-shop-now-collections", { fullPage: true });
      await page.close();
    }

    // Every search the page links to shows products.
    const page = await open("/shop-now");
    const hrefs = await page
      .locator("a[href^='/product-search']")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    expect(hrefs.length).toBe(2);
    for (const name of ["Apparel", "Promotional Items"]) {
      await page.goto(server.url + "/shop-now");
      await hydrated(page);
      await page
        .getByRole("article")
        .filter({ has: page.getByRole("heading", { name }) })
        .getByRole("link", { name: "View Collection" })
        .click();
      await page.waitForURL(/\/product-search\?/);
      await page.getByRole("heading", { level: 3 }).first().waitFor();
      expect(await page.getByText("No products found matching your search.").count()).toBe(0);
      if (name === "Promotional Items") await shot(page, "04-shop-now-promotional-items");
    }
    await page.close();
  });
});

describe("layout", () => {
  it("prices line up across the pricing cards, at every width the cards show side by side", async () => {
    for (const width of [800, 1024, 1280]) {
      const page = await open("/pricing", { width, height: 900 });
      const tops = await page
        .locator("ul.md\\:grid > li")
        .evaluateAll((cards) =>
          cards.map((card) =>
            Math.round(card.querySelector("p.flex")!.getBoundingClientRect().top),
          ),
        );
      expect(tops).toHaveLength(3);
      expect({ width, aligned: new Set(tops).size === 1 }).toEqual({ width, aligned: true });
      if (width === 1280) await shot(page, "06-pricing-cards");
      await page.close();
    }
    const page = await open("/pricing", phone);
    await shot(page, "06-pricing-cards");
    await page.close();
  });

  it("a toast leaves the back-to-top button uncovered and clickable", async () => {
    for (const viewport of [phone, desktop]) {
      const page = await open("/", viewport);
      const form = page.getByRole("form", { name: "Contact form" });
      await form.getByRole("button", { name: "Send Message" }).click();
      const toast = page.locator("li").filter({ hasText: "Missing Information" }).last();
      await toast.waitFor();
      const button = page.getByRole("button", { name: "Back to top" });
      await button.waitFor();
      const [t, b] = [await toast.boundingBox(), await button.boundingBox()];
      const overlap =
        t!.x < b!.x + b!.width &&
        b!.x < t!.x + t!.width &&
        t!.y < b!.y + b!.height &&
        b!.y < t!.y + t!.height;
      expect(overlap).toBe(false);
      // Nothing of the toast's, not even its empty region, takes the click meant for the button.
      const onTop = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.ariaLabel ?? null,
        { x: b!.x + b!.width / 2, y: b!.y + b!.height / 2 },
      );
      expect(onTop).toBe("Back to top");
      await shot(page, "06-toast-and-back-to-top");
      await button.click();
      // A smooth scroll from the contact form to the top: over a second on a phone.
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(0);
      await page.close();
    }
  });

  it("the Refresh button on /products/sanmar sits below the hero", async () => {
    const page = await browser.newPage({ viewport: desktop });
    await page.goto(server.url + "/admin/auth?redirectTo=/products/sanmar");
    await hydrated(page);
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(server.url + "/products/sanmar");
    await hydrated(page);
    expect(await gapBelowHero(page, "main form button")).toBeGreaterThanOrEqual(32);
    await shot(page, "06-sanmar-refresh-button");
    await page.setViewportSize(phone);
    expect(await gapBelowHero(page, "main form button")).toBeGreaterThanOrEqual(32);
    await shot(page, "06-sanmar-refresh-button");
    await page.close();
  });
});

describe("the chat assistant", () => {
  async function ask(page: Page, question: string) {
    const messages = page.getByRole("list", { name: "Messages" }).getByRole("listitem");
    const before = await messages.count();
    await page.getByLabel("Your message").fill(question);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect.poll(() => messages.count(), { timeout: 15_000 }).toBe(before + 2);
    return messages.last();
  }

  it("opens as a chat panel, answers from the FAQs and the live prices, links to the contact section and says it matches keywords", async () => {
    for (const viewport of [desktop, phone]) {
      const page = await open("/", viewport);
      await page.getByRole("button", { name: "Start Chat" }).click();
      const panel = page.getByRole("dialog", { name: "Chat with our assistant" });
      await panel.getByLabel("Your message").waitFor();
      await expect.poll(() => panel.getByLabel("Your message").isEnabled()).toBe(true);
      const width = (await panel.boundingBox())!.width;
      expect(width).toBeGreaterThanOrEqual(viewport === desktop ? 400 : viewport.width - 2);
      await panel
        .getByText(
          "No AI model is set up on this site: answers are passages from our website found by keyword matching.",
        )
        .waitFor();

      const turnaround = await ask(page, "How long does it take to get our order?");
      // The first passage (after "Here's what I found…") carries the fact (issue 21 item 5).
      const firstPassage = async (answer: Locator) =>
        ((await answer.textContent()) ?? "").split("\n\n")[1] ?? "";
      expect(await firstPassage(turnaround)).toContain("5–8 business day");
      const pro = await ask(page, "How much is the Pro plan?");
      expect(await firstPassage(pro)).toContain(formatUsd(4_900));
      const contact = pro.getByRole("link", { name: "contact form" });
      expect(await contact.getAttribute("href")).toBe("/#contact-section");
      // The list scrolled to the newest exchange: the answer starts inside its visible box.
      const list = panel.getByRole("list", { name: "Messages" });
      const [shown, answer] = [(await list.boundingBox())!, (await pro.boundingBox())!];
      expect(answer.y).toBeGreaterThanOrEqual(shown.y - 1);
      expect(answer.y).toBeLessThan(shown.y + shown.height);
      // For the picture: the list scrolled on to the answer's 'contact form' link.
      if (shooting()) await contact.scrollIntoViewIfNeeded();
      await shot(page, "05-chat-contact-link");
      await page.close();
    }
  });
});

describe("the AI Recommendations tab", () => {
  it("says plainly that it runs on keyword matching when no model is configured", async () => {
    for (const viewport of [phone, desktop]) {
      const page = await open("/product-search?tab=ai&prompt=navy%20hoodies", viewport);
      await page
        .getByText(
          "No AI model is set up on this site: recommendations are picked by keyword matching on your words.",
        )
        .waitFor();
      await shot(page, "17-ai-recommendations-keyword-matching");
      await page.close();
    }
  });
});
