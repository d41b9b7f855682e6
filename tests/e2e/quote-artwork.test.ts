import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, hydrated } from "../support/browser";
import type { RunningServer } from "../support/server";
import { type Site, closeSite, openSite } from "../support/site";

let server: RunningServer;
let page: Page;
let errors: string[];
let site: Site | undefined;
let logo: Buffer;
beforeAll(async () => {
  [site, logo] = await Promise.all([
    openSite({ viewport: { width: 1280, height: 900 } }),
    sharp({ create: { width: 400, height: 300, channels: 3, background: "#c30" } })
      .png()
      .toBuffer(),
  ]);
  ({ server, page, errors } = site);
}, 240_000);
afterAll(() => closeSite(site));

const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");
const svgNamedPng = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

/** The artwork file input of a location on line 1. */
const artworkInput = (location: string) =>
  page.getByLabel(new RegExp(`^${location} artwork, line 1`));

describe("artwork in the quote builder", () => {
  it("takes a PNG and a PDF on two locations, refuses an SVG named .png, keeps them over a reload and shows them on the quote's page", async () => {
    await page.goto(server.url + "/product-search?q=tee");
    await hydrated(page);
    const card = page.locator("article").first();
    const name = (await card.getByRole("heading").textContent())!;
    await card.getByRole("link", { name }).click();
    await page.waitForURL(/\/products\/[0-9a-f-]{36}$/);
    await page.getByRole("link", { name: "Add to quote" }).click();
    await page.waitForURL(/\/quote/);
    await hydrated(page);

    // A fractional quantity is pointed out, not taken as 0.
    const sizes = page.getByRole("textbox", { name: / pieces$/ });
    await sizes.first().fill("1.5");
    await page.getByText("Quantities must be whole numbers of pieces, such as 12.").waitFor();
    expect(await sizes.first().getAttribute("aria-invalid")).toBe("true");
    await sizes.first().fill("30");
    await page
      .getByTestId("quote-total")
      .getByText(/for 30 pieces/)
      .waitFor();

    // The front prints one colour (the new line's default); the back gets one too.
    await page.getByRole("combobox", { name: "Back" }).selectOption("screen_print:1");
    await artworkInput("Front").setInputFiles({
      name: "front logo.png",
      mimeType: "image/png",
      buffer: logo,
    });
    await artworkInput("Back").setInputFiles({
      name: "back.pdf",
      mimeType: "application/pdf",
      buffer: pdf,
    });
    await page.getByText(/^front logo\.png \(PNG, \d+ KB\)$/).waitFor();
    await page.getByText(/^back\.pdf \(PDF, 1 KB\)$/).waitFor();

    // An SVG named .png is refused with what is accepted; nothing is attached.
    await page.getByRole("combobox", { name: "Sleeve" }).selectOption("digital_print");
    await artworkInput("Sleeve").setInputFiles({
      name: "sleeve.png",
      mimeType: "image/png",
      buffer: svgNamedPng,
    });
    await page
      .getByRole("alert")
      .filter({ hasText: "Artwork must be a PNG, JPEG or PDF file." })
      .waitFor();
    await page.getByRole("combobox", { name: "Sleeve" }).selectOption("");
    expect(await axeViolations(page)).toEqual([]);

    // The draft (with its artwork ids) survives a reload.
    await page.reload();
    await hydrated(page);
    await page.getByText(/^front logo\.png \(PNG/).waitFor();
    await page.getByText(/^back\.pdf \(PDF/).waitFor();
    expect(
      await page
        .getByRole("textbox", { name: / pieces$/ })
        .first()
        .inputValue(),
    ).toBe("30");

    await page.getByRole("textbox", { name: "Name" }).fill("Dana Buyer");
    await page.getByRole("textbox", { name: "Email" }).fill("dana@example.org");
    await page.getByRole("button", { name: "Request quote" }).click();
    await page.waitForURL(/\/quotes\/Q-\d+\?t=/);
    const artwork = page.getByRole("list", { name: "Artwork" });
    await artwork.getByText(/^Front artwork: front logo\.png/).waitFor();
    await artwork.getByText(/^Back artwork: back\.pdf/).waitFor();
    // The PNG's thumbnail is the site's own and loads.
    const thumb = artwork.locator("img").first();
    expect(await thumb.getAttribute("src")).toMatch(
      /^\/media\/quote-artwork\/[0-9a-f-]{36}\/thumb\.webp$/,
    );
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(errors.filter((e) => !/Failed to load resource|ssactivewear/.test(e))).toEqual([]);
  });

  it("never serves an artwork original under /media", async () => {
    const src = (await page
      .getByRole("list", { name: "Artwork" })
      .locator("img")
      .first()
      .getAttribute("src"))!;
    const original = src.replace("thumb.webp", "original.png");
    const response = await page.request.get(server.url + original);
    expect(response.status()).toBe(404);
  });
});
