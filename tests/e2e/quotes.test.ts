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
  site = await openSite({ admin: true, viewport: { width: 375, height: 800 } });
  ({ server, page, errors } = site);
}, 240_000);
afterAll(() => closeSite(site));

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

describe("a quote's life: request, price, send, accept, pay, order", () => {
  let label: string;
  let link: string;

  it("requests a quote for 48 printed pieces from a product page", async () => {
    await page.goto(server.url + "/product-search?q=tee");
    await hydrated(page);
    const card = page.locator("article").first();
    const name = (await card.getByRole("heading").textContent())!;
    await card.getByRole("link", { name }).click();
    await page.waitForURL(/\/products\/[0-9a-f-]{36}$/);
    await hydrated(page);
    await page.getByRole("link", { name: "Add to quote" }).click();
    await page.waitForURL(/\/quote/);
    await hydrated(page);
    await page
      .getByRole("textbox", { name: / pieces$/ })
      .first()
      .fill("48");
    await page
      .getByTestId("quote-total")
      .getByText(/for 48 pieces/)
      .waitFor();
    // The builder with a line, at this page's 375 px: nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.getByRole("textbox", { name: "Name" }).fill("Dana Whitfield");
    await page.getByRole("textbox", { name: "Email" }).fill("dana@harbor-rowing.example");
    await page.getByRole("textbox", { name: "Company" }).fill("Harbor Rowing Club");
    await page.getByRole("button", { name: "Request quote" }).click();
    await page.waitForURL(/\/quotes\/Q-\d+\?t=/);
    label = /Q-\d+/.exec(page.url())![0];
    await page.getByRole("heading", { level: 1, name: `Quote ${label}` }).waitFor();
  });

  it("finds the buyer's signed link in the Email Outbox", async () => {
    await page.goto(server.url + "/admin/email-outbox");
    await hydrated(page);
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(server.url + "/admin/email-outbox");
    await hydrated(page);
    const subject = `We received your quote request ${label}`;
    await page.getByRole("row").filter({ hasText: subject }).getByRole("link").first().click();
    const dialog = page.getByRole("dialog", { name: subject });
    const quoteLink = dialog.getByRole("link", { name: new RegExp(`/quotes/${label}\\?t=`) });
    link = (await quoteLink.first().getAttribute("href"))!;
    expect(link).toMatch(new RegExp(`^${server.url}/quotes/${label}\\?t=[A-Za-z0-9_-]{43}$`));
  });

  it("prices the quote on the admin's Quotes screen (axe-clean), adds a rush fee and sends it", async () => {
    await page.goto(server.url + "/admin/quotes");
    await hydrated(page);
    await page.getByRole("link", { name: label, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: `Quote ${label}` }).waitFor();
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
    // At a phone's width (this page's 375 px) nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    await page.getByLabel("Line 1 price ($)").fill("600.00");
    await page.getByLabel("Added line 1", { exact: true }).fill("Rush fee");
    await page.getByLabel("Added line 1 amount ($)").fill("80");
    await page.getByTestId("final-total").getByText("$680.00").waitFor();
    await page.getByLabel("Note to the buyer").fill("Proofs within two working days.");
    await page.getByRole("button", { name: "Send quote" }).click();
    await toastSaying(page, "Quote sent to the buyer with the link to accept it.").waitFor();
    await page.getByText("Sent", { exact: true }).first().waitFor();
    await shot(page, "admin-quote-sent", { fullPage: true });
  });

  it("lets the buyer accept and pay the deposit in test mode", async () => {
    await page.goto(link);
    await hydrated(page);
    await page.getByRole("heading", { name: "Our final price" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(await page.getByTestId("final-total").textContent()).toBe("$680.00");
    await shot(page, "buyer-final-price", { fullPage: true });
    await page.getByText("Proofs within two working days.").waitFor();
    await page.getByRole("button", { name: "Accept and pay the $340.00 deposit" }).click();
    await page.waitForURL(/\/checkout\/test-payment\//);
    await hydrated(page);
    await page.getByText(`Deposit for quote ${label}, for dana@harbor-rowing.example.`).waitFor();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $340" }).click();
    await page.waitForURL(new RegExp(`/quotes/${label}\\?t=`));
    await page.getByText("Paid: your order is in production.").waitFor();
  });

  it("shows the paid quote under bulk orders on the Orders screen", async () => {
    await page.goto(server.url + "/admin/orders");
    await hydrated(page);
    await page.getByRole("link", { name: "Bulk orders (quotes)" }).click();
    await page.waitForURL(/type=bulk/);
    const row = page.getByRole("row").filter({ hasText: label });
    await row.getByText("Dana Whitfield").waitFor();
    await row.getByText("$680.00").waitFor();
    await row.getByText("$340.00").first().waitFor();
    expect(errors.filter((e) => !/Failed to load resource|ssactivewear/.test(e))).toEqual([]);
  });
});
