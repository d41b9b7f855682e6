import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, hydrated, toastSaying, watchErrors } from "../support/browser";
import type { RunningServer } from "../support/server";
import { ADMIN_EMAIL, ADMIN_PASSWORD, closeSite, openSite } from "../support/site";

let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];
beforeAll(async () => {
  ({ server, browser, page, errors } = await openSite({ admin: true }));
});
afterAll(() => closeSite({ server, browser }));

/** Waits for a toast with this text (a new toast replaces the one before it). */
async function toast(text: string) {
  await toastSaying(page, text).waitFor();
}

describe("the admin back office in a browser", () => {
  it("sends an anonymous visitor to sign in, refuses a wrong password, then returns to the page asked for", async () => {
    await page.goto(server.url + "/admin/pricing-tiers");
    await hydrated(page);
    expect(new URL(page.url()).pathname).toBe("/admin/auth");
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByText("Invalid email or password").waitFor();

    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(server.url + "/admin/pricing-tiers");
    await page.getByRole("heading", { name: "Pricing Tiers" }).waitFor();
  });

  it("shows every navigation entry and passes axe on the dashboard", async () => {
    await page.goto(server.url + "/admin");
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Admin" });
    for (const label of [
      "Dashboard",
      "Users",
      "Chat Conversations",
      "Success Stories",
      "Client Examples",
      "Knowledge Base",
      "FAQs",
      "Pricing Tiers",
      "Coupons",
      "Brand Logos",
      "SEO Settings",
      "Audit Log",
    ]) {
      await nav.getByRole("link", { name: label, exact: true }).waitFor();
    }
    expect(await page.getByRole("link", { name: "View Site" }).getAttribute("href")).toBe("/");
    expect(await page.getByText("Last updated:").innerText()).toContain("Never");
    expect(await axeViolations(page)).toEqual([]);
  });

  it("shows the spec's own messages, not the browser's, for an empty admin user and a coupon without a code", async () => {
    await page.goto(server.url + "/admin/users");
    await hydrated(page);
    await page.getByRole("button", { name: "Add Admin User" }).click();
    const addAdmin = page.getByRole("dialog", { name: "Add Admin User" });
    await addAdmin.getByRole("button", { name: "Add Admin" }).click();
    await addAdmin.getByText("Please provide both email and password").waitFor();
    expect(await addAdmin.getByLabel("Email").getAttribute("required")).not.toBeNull();
    await addAdmin.getByRole("button", { name: "Cancel" }).click();

    await page.goto(server.url + "/admin/coupons");
    await hydrated(page);
    await page.getByRole("button", { name: "Add Coupon" }).click();
    const addCoupon = page.getByRole("dialog", { name: "Add Coupon" });
    await addCoupon.getByRole("button", { name: "Create Coupon" }).click();
    await addCoupon.getByText("Coupon code is required.").waitFor();
    expect(await addCoupon.getByLabel("Code").getAttribute("aria-invalid")).toBe("true");
    await addCoupon.getByRole("button", { name: "Cancel" }).click();
    await addCoupon.waitFor({ state: "hidden" });
  });

  it("changes the pro annual price and reads it back after a reload", async () => {
    await page.goto(server.url + "/admin/pricing-tiers");
    await hydrated(page);
    const proAnnual = page.getByLabel("pro annual price in dollars");
    expect(await proAnnual.inputValue()).toBe("420.00");
    await proAnnual.fill("399.50");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast("Pricing tiers updated");
    await page.reload();
    await hydrated(page);
    expect(await page.getByLabel("pro annual price in dollars").inputValue()).toBe("399.50");
    expect(await axeViolations(page)).toEqual([]);
  });

  it("shows the new pro annual price on /pricing on the next request", async () => {
    const html = await (await fetch(server.url + "/pricing")).text();
    expect(html).toContain("$399.50 billed annually");
  });

  it("creates a coupon and sees it in the list; a duplicate code is refused", async () => {
    await page.goto(server.url + "/admin/coupons");
    await hydrated(page);
    await page.getByRole("button", { name: "Add Coupon" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Coupon" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Discount percentage").inputValue()).toBe("10");
    await dialog.getByLabel("Code").fill("LAUNCH20");
    await dialog.getByLabel("Discount percentage").fill("20");
    await dialog.getByRole("button", { name: "Create Coupon" }).click();
    await dialog.waitFor({ state: "hidden" });
    const row = page.getByRole("row").filter({ hasText: "LAUNCH20" });
    await row.waitFor();
    expect(await row.innerText()).toContain("20%");
    expect(await row.innerText()).toContain("Never");

    await page.getByRole("button", { name: "Add Coupon" }).click();
    await dialog.getByLabel("Code").fill("launch20");
    await dialog.getByRole("button", { name: "Create Coupon" }).click();
    await toast("This coupon code already exists.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await axeViolations(page)).toEqual([]);
  });

  it("the new coupon applies at checkout, against the new price", async () => {
    await page.goto(server.url + "/checkout?plan=pro&interval=annual");
    await hydrated(page);
    await page.getByLabel("Coupon code").fill("launch20");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByText("Coupon LAUNCH20 applied").waitFor();
    // $399.50 + $500 setup − 20 % of $399.50.
    await page.getByRole("region", { name: "Order summary" }).getByText("$819.60").waitFor();
    await page.goto(server.url + "/admin/coupons");
    await hydrated(page);
  });

  it("deletes a coupon only after confirming", async () => {
    await page.getByRole("button", { name: "Delete LAUNCH20" }).click();
    const confirm = page.getByRole("alertdialog", {
      name: "Are you sure you want to delete this coupon?",
    });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("row").filter({ hasText: "LAUNCH20" }).waitFor({ state: "detached" });
  });

  it("opens the navigation as a drawer on a phone", async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const phoneErrors = watchErrors(phone);
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(server.url + "/admin");
    await hydrated(phone);
    await phone.getByRole("button", { name: "Open admin menu" }).click();
    const drawer = phone.getByRole("dialog", { name: "Admin menu" });
    await drawer.getByRole("link", { name: "Coupons" }).click();
    await phone.waitForURL(server.url + "/admin/coupons");
    await drawer.waitFor({ state: "hidden" });
    expect(phoneErrors).toEqual([]);
    await phone.close();
  });

  it("logs out, after which admin pages ask to sign in again", async () => {
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(server.url + "/admin/auth");
    await page.goto(server.url + "/test-email");
    expect(new URL(page.url()).pathname).toBe("/admin/auth");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/test-email");
    expect(errors).toEqual([]);
  });
});
