import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, hydrated, toastSaying } from "../support/browser";
import type { RunningServer } from "../support/server";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Site, closeSite, openSite } from "../support/site";
import { shot } from "../support/shots";

let server: RunningServer;
let page: Page;
let errors: string[];
let site: Site | undefined;
beforeAll(async () => {
  site = await openSite({ admin: true, viewport: { width: 1280, height: 900 } });
  ({ server, page, errors } = site);
}, 240_000);
afterAll(() => closeSite(site));

const dollars = (text: string | null) =>
  Number(/\$([\d,]+\.\d{2})/.exec(text ?? "")![1]!.replace(/,/g, ""));

/** The page scrolls only up and down: nothing sticks out sideways. */
const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

/** Screenshots at a phone's and a laptop's width (SHOTS_DIR set), then back to 1280. */
async function shoot(name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: the sticky header is drawn where the page is scrolled to.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, name, { fullPage: true });
    expect(await pageWidth()).toBeLessThanOrEqual(width);
  }
}

describe("the Price Matrix screen in a browser", () => {
  let productUrl: string;
  let fromBefore: number;
  let totalBefore: number;

  it("prices 48 printed pieces in the builder with the seeded matrix", async () => {
    await page.goto(server.url + "/product-search?q=tee");
    await hydrated(page);
    const card = page.locator("article").first();
    const name = (await card.getByRole("heading").textContent())!;
    await card.getByRole("link", { name }).click();
    await page.waitForURL(/\/products\/[0-9a-f-]{36}$/);
    productUrl = page.url();
    fromBefore = dollars(await page.getByTestId("from-price").textContent());
    await page.getByRole("link", { name: "Add to quote" }).click();
    await page.waitForURL(/\/quote/);
    await hydrated(page);
    // The new line prints one colour on the front; 48 pieces of its first size.
    await page
      .getByRole("textbox", { name: / pieces$/ })
      .first()
      .fill("48");
    await page
      .getByTestId("quote-total")
      .getByText(/for 48 pieces/)
      .waitFor();
    totalBefore = dollars(await page.getByTestId("quote-total").textContent());
  });

  it("signs in, refuses a wrong price beside its field, and saves a new one", async () => {
    await page.goto(server.url + "/admin/price-matrix");
    await hydrated(page);
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(server.url + "/admin/price-matrix");
    await hydrated(page);
    await page.getByRole("heading", { name: "Price Matrix", level: 1 }).waitFor();
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Price Matrix" })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot("price-matrix");

    // By keyboard, along a row of the grid.
    await page.getByLabel("Screen print tier 1: from how many pieces").focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect
      .poll(() =>
        page.evaluate(
          () => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent,
        ),
      )
      .toBe("Screen print tier 1, 2 colours, dollars a piece");

    const cell = page.getByLabel("Screen print tier 2, 1 colour, dollars a piece");
    expect(await cell.inputValue()).toBe("2.25");
    await cell.fill("two");
    await page.getByRole("button", { name: "Save Price Matrix" }).click();
    await toastSaying(page, "The price matrix was not saved: 1 field needs attention.").waitFor();
    await page.getByText("Enter an amount in dollars, such as 3.75.").waitFor();
    expect(await cell.getAttribute("aria-invalid")).toBe("true");

    // Dearer than 24+ ($3.00): warned as it is typed, and saved all the same.
    await cell.fill("3.25");
    await page.getByText("Screen print, 1 colour: 48+ pieces cost more than 24+ pieces.").waitFor();
    await page.getByRole("button", { name: "Save Price Matrix" }).click();
    await toastSaying(page, "Price matrix saved, but 1 price").waitFor();
    await page.getByText("Dearer than the tier above").waitFor();
    expect(await cell.getAttribute("aria-invalid")).toBeNull();
    await page.setViewportSize({ width: 375, height: 900 });
    await cell.scrollIntoViewIfNeeded();
    await shot(page, "price-matrix-warning");
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("the builder and the product page use the new price at once", async () => {
    await page.goto(server.url + "/quote");
    await hydrated(page);
    await page
      .getByTestId("quote-total")
      .getByText(/for 48 pieces/)
      .waitFor();
    // $1.00 more a piece for 48 pieces.
    await expect
      .poll(async () => dollars(await page.getByTestId("quote-total").textContent()))
      .toBe(Math.round((totalBefore + 48) * 100) / 100);
    await page.goto(productUrl);
    expect(dollars(await page.getByTestId("from-price").textContent())).toBe(
      Math.round((fromBefore + 1) * 100) / 100,
    );
    expect(errors.filter((e) => !/Failed to load resource|ssactivewear/.test(e))).toEqual([]);
  });
});

describe("the dashboard in a browser", () => {
  it("shows the quote figures and the twelve weeks as a chart with its figures in a table", async () => {
    // One contact message this week, so a bar has a height.
    await page.goto(server.url + "/");
    await hydrated(page);
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name").fill("Marisol Ortega");
    await form.getByLabel("Email").fill("marisol@ortega-landscaping.example");
    await form.getByLabel("Message").fill("30 polos with our logo, please.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Message Sent", { exact: true }).waitFor();

    await page.goto(server.url + "/admin");
    await hydrated(page);
    await page.getByText("Open quotes", { exact: true }).waitFor();
    const chart = page.getByRole("figure", { name: "The last 12 weeks" });
    await chart.waitFor();
    const messages = chart.getByRole("img", { name: /^Contact messages by week, oldest first: / });
    expect(await messages.getAttribute("aria-label")).toMatch(/ 1\.$/);
    for (const title of ["Quotes requested", "Paid orders", "Monthly recurring revenue"]) {
      await chart.getByRole("img", { name: new RegExp(`^${title} by week`) }).waitFor();
    }
    await chart.getByText("Show the figures as a table").click();
    const table = chart.getByRole("table", { name: "The last 12 weeks, week by week" });
    await table.waitFor();
    expect(await table.getByRole("row").count()).toBe(13);
    expect(await table.getByRole("row").last().getByRole("cell").first().textContent()).toBe("1");
    expect(await axeViolations(page)).toEqual([]);
    await shoot("dashboard");
    expect(errors.filter((e) => !/Failed to load resource|ssactivewear/.test(e))).toEqual([]);
  });
});
