import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, toastSaying } from "../support/browser";
import type { RunningServer } from "../support/server";
import { ADMIN_EMAIL, ADMIN_PASSWORD, closeSite, openSite } from "../support/site";

let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];
let png: string;
beforeAll(async () => {
  ({ server, browser, page, errors } = await openSite({ admin: true }));
  png = path.join(mkdtempSync(path.join(tmpdir(), "e2e-png-")), "team.png");
  writeFileSync(
    png,
    await sharp({ create: { width: 800, height: 450, channels: 3, background: "#1d4ed8" } })
      .png()
      .toBuffer(),
  );
});
afterAll(() => closeSite({ server, browser }));

async function toast(text: string) {
  await toastSaying(page, text).waitFor();
}

describe("content screens in a browser", () => {
  it("signs in", async () => {
    await page.goto(server.url + "/admin/auth");
    await hydrated(page);
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(server.url + "/admin");
  });

  it("adds a success story with an uploaded image, and the home page shows it with srcset", async () => {
    await page.goto(server.url + "/admin/success-stories");
    await hydrated(page);
    await page.getByRole("button", { name: "Add Success Story" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create Story" }).click();
    await toast("Title, company name and description are required.");

    await dialog.getByLabel("Title").fill("A store in a week");
    await dialog.getByLabel("Company name").fill("E2E Rowing Club");
    await dialog.getByLabel("Description").fill("They opened a team store in a week.");
    await dialog.getByLabel("Alt text").fill("The rowing team in blue");
    await dialog.getByLabel("Upload an image").setInputFiles(png);
    await expect
      .poll(() => dialog.getByLabel("Or image URL").inputValue(), { timeout: 15_000 })
      .toMatch(/\.webp$/);
    await dialog.getByRole("button", { name: "Create Story" }).click();
    await toast("Success story created.");
    await page.getByRole("cell", { name: /E2E Rowing Club/ }).waitFor();
    // The carousel shows the first stories: bring the new one to the top with the keyboard.
    await page.getByLabel(/^Reorder A store in a week: position/).press("Home");
    await page.getByLabel(/^Reorder A store in a week: position 1 of/).waitFor();

    await page.goto(server.url + "/");
    const image = page.locator('img[alt="The rowing team in blue"]');
    await image.first().waitFor({ state: "attached" });
    expect(await image.first().getAttribute("srcset")).toMatch(/640w/);
    expect(await image.first().getAttribute("width")).toBe("800");
    expect(await image.first().getAttribute("height")).toBe("450");
  });

  it("adds a brand logo and the public carousel shows it", async () => {
    await page.goto(server.url + "/admin/brand-logos");
    await hydrated(page);
    await page.getByRole("heading", { name: "Brand Logos" }).waitFor();
    await page.getByRole("button", { name: "Add Brand Logo" }).click();
    const dialog = page.getByRole("dialog", { name: "Add or Edit Brand Logo" });
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await toast("Brand name is required.");
    await dialog.getByLabel("Brand Name").fill("E2E Outfitters");
    await dialog.getByLabel("Upload an image").setInputFiles(png);
    await expect
      .poll(() => dialog.getByLabel("Or image URL").inputValue(), { timeout: 15_000 })
      .toMatch(/\.webp$/);
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await toast("Brand logo added successfully.");
    await page.getByRole("heading", { name: "E2E Outfitters" }).waitFor();

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/screens1-brand-logos-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(server.url + "/bulk-orders");
    const logo = page
      .getByRole("region", { name: "Brands we source" })
      .locator('img[alt="E2E Outfitters"]');
    await logo.first().waitFor({ state: "attached" });
    expect(await logo.first().getAttribute("srcset")).toMatch(/w$/);
    expect(errors).toEqual([]);
  });
});
