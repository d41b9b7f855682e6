import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, toastSaying } from "../support/browser";
import { type RunningServer, seededDataDir } from "../support/server";
import { ADMIN_EMAIL, ADMIN_PASSWORD, closeSite, openSite } from "../support/site";
import { shots } from "../support/shots";

/** Issue 21's administrator paths (items 8–13 and 15), each as an admin takes it. */

let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];
let conversationId: string;
let emailId: string;

/** What a visitor's chat and a contact email left behind, written while the server is stopped. */
async function seed(dataDir: string) {
  const db = new PGlite({ dataDir: path.join(dataDir, "pglite"), extensions: { pg_trgm } });
  const [conversation] = (
    await db.query<{ id: string }>(
      `insert into chat_conversations (session_id, started_at, updated_at)
       values ('session-links', '2026-11-20T14:02:00Z', '2026-11-20T14:09:00Z') returning id`,
    )
  ).rows;
  await db.query(
    `insert into chat_messages (conversation_id, message_text, is_user_message, timestamp) values
     ($1, 'What does a store cost? [me](/x)', true, '2026-11-20T14:02:10Z'),
     ($1, 'See [Pricing](/pricing) or [bad](javascript:void) <b>bold</b>.', false, '2026-11-20T14:02:15Z')`,
    [conversation!.id],
  );
  const [email] = (
    await db.query<{ id: string }>(
      `insert into email_outbox (kind, to_address, from_address, subject, text_body, html_body, status)
       values ('contact-notification', 'sales@merch.example.com', 'site@merch.example.com',
               'New lead from Dana', 'Open it at https://merch.example.com/admin/leads today.', '<p>x</p>',
               'stored') returning id`,
    )
  ).rows;
  await db.close();
  return { conversationId: conversation!.id, emailId: email!.id };
}

beforeAll(async () => {
  const dataDir = seededDataDir();
  ({ conversationId, emailId } = await seed(dataDir));
  ({ server, browser, page, errors } = await openSite({ admin: true, dataDir }));
  await page.goto(server.url + "/admin/auth");
  await hydrated(page);
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(server.url + "/admin");
}, 240_000);
afterAll(() => closeSite({ server, browser }));

const toast = (text: string | RegExp) => toastSaying(page, text).waitFor();

/** Issue 21's screenshots (SCREENSHOT_DIR set): the whole page at phone and desktop widths. */
const shoot = (name: string) => shots(page, name, { fullPage: true });

describe("issue 21: what an administrator sees", () => {
  it("13. Chat Conversations shows the assistant's links as the visitor saw them, and nothing unsafe", async () => {
    await page.goto(server.url + `/admin/chat-conversations?id=${conversationId}`);
    await hydrated(page);
    const pane = page.getByRole("region", { name: "Messages" });
    const pricing = pane.getByRole("link", { name: "Pricing", exact: true });
    await pricing.waitFor();
    expect(await pricing.getAttribute("href")).toBe("/pricing");
    await pane.getByText(/See Pricing or bad <b>bold<\/b>\./).waitFor();
    expect(await pane.getByRole("link", { name: "bad" }).count()).toBe(0);
    expect(await pane.locator("b").count()).toBe(0);
    // The visitor's own words stay as typed.
    await pane.getByText("What does a store cost? [me](/x)").waitFor();
    await shoot("13-chat-conversations");
  });

  it("12. Email Outbox: a kept email says why it was not sent, and its links open", async () => {
    await page.goto(server.url + "/admin/email-outbox");
    await hydrated(page);
    const row = page.getByRole("row").filter({ hasText: "New lead from Dana" });
    await row.getByText("stored, not sent: no SMTP server configured").waitFor();
    expect(await row.getByText("Next try").count()).toBe(0);
    await shoot("12-email-outbox");
    await row.getByRole("link", { name: "New lead from Dana" }).click();
    await page.waitForURL(new RegExp(`id=${emailId}`));
    const dialog = page.getByRole("dialog", { name: "New lead from Dana" });
    const link = dialog.getByRole("link", { name: "https://merch.example.com/admin/leads" });
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe("https://merch.example.com/admin/leads");
    await dialog.getByText("stored, not sent: no SMTP server configured").waitFor();
    await shoot("12-email-outbox-opened");
  });

  it("8. FAQs: filtered by page, reordered within the page, and a new FAQ is shown where it landed", async () => {
    await page.goto(server.url + "/admin/faqs");
    await hydrated(page);
    await page.getByLabel("Shown on page").selectOption("index");
    await page.waitForURL(/shownOn=index/);
    const table = page.getByRole("table", { name: /the Home page/ });
    await table.waitFor();
    const pages = await table.locator("tbody tr td:nth-child(3)").allInnerTexts();
    expect(new Set(pages)).toEqual(new Set(["Home"]));
    const minimum = "Is there a minimum order?";
    await page.getByLabel(`Reorder ${minimum}: position 2 of 5`, { exact: false }).waitFor();
    await page.getByRole("button", { name: `Move ${minimum} up` }).click();
    await page.getByLabel(`Reorder ${minimum}: position 1 of 5`, { exact: false }).waitFor();

    // The home page shows the new order; the other pages' lists are untouched.
    await page.goto(server.url + "/");
    const body = await page.locator("body").innerText();
    expect(body.indexOf(minimum)).toBeGreaterThan(-1);
    expect(body.indexOf(minimum)).toBeLessThan(body.indexOf("What does Merch Simplified do?"));

    await page.goto(server.url + "/admin/faqs");
    await hydrated(page);
    await page.getByRole("button", { name: "Add FAQ" }).click();
    const dialog = page.getByRole("dialog", { name: "Add FAQ" });
    await dialog.getByLabel("Question").fill("Can staff pay with payroll deduction?");
    await dialog.getByLabel("Page").selectOption("webstores");
    await dialog.getByRole("button", { name: "Create FAQ" }).click();
    await toast("FAQ created.");
    await page.waitForURL(/shownOn=webstores.*highlight=/);
    const created = page
      .getByRole("row")
      .filter({ hasText: "Can staff pay with payroll deduction?" });
    await expect.poll(() => created.getAttribute("aria-current")).toBe("true");
    expect(await page.getByLabel("Shown on page").inputValue()).toBe("webstores");
    await shoot("08-faqs-created");
  });

  it("9. Product Data Sync without S&S credentials says 'not configured', names the variables and runs nothing", async () => {
    await page.goto(server.url + "/product-data-sync");
    await hydrated(page);
    const notice = page.getByRole("status").filter({ hasText: "Not configured" });
    await notice
      .getByText(
        /Set SS_ACTIVEWEAR_ACCOUNT_NUMBER, SS_ACTIVEWEAR_API_KEY in the server environment/,
      )
      .waitFor();
    expect(await page.getByRole("button", { name: "Test Connection" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Start Sync" }).isDisabled()).toBe(true);
    expect(await page.getByText("Failed to connect").count()).toBe(0);
    await shoot("09-sync-not-configured");
  });

  it("15. Pricing Tiers and SEO: a save refused on one field says why beside the field, with the spec's toast", async () => {
    /** The control's own message: the element its aria-describedby names, containing `text`. */
    const describedBy = async (control: Locator, text: string) => {
      const ids = (await control.getAttribute("aria-describedby"))?.split(" ") ?? [];
      const messages = await Promise.all(
        ids.map((id) => page.locator(`[id="${id}"]`).textContent()),
      );
      expect(messages).toContain(text);
    };
    const focused = (control: Locator) =>
      expect.poll(() => control.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.goto(server.url + "/admin/pricing-tiers");
    await hydrated(page);
    // Two bad amounts, neither in the first column: the browser's own checks (min=0) do not
    // stop the post, the spec's toast says what the save did, each field says why, and focus
    // lands on the first refused field.
    const proAnnual = page.getByLabel("pro annual price in dollars");
    const eliteMonthly = page.getByLabel("elite monthly price in dollars");
    await proAnnual.fill("-5");
    await eliteMonthly.fill("1.234");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toastSaying(page, "Failed to update pricing tiers.").waitFor();
    const amount = "Enter an amount of 0 or more, with at most two decimals.";
    for (const control of [proAnnual, eliteMonthly]) {
      expect(await control.getAttribute("aria-invalid")).toBe("true");
      await describedBy(control, amount);
    }
    expect(
      await page.getByLabel("core monthly price in dollars").getAttribute("aria-invalid"),
    ).toBe(null);
    await focused(proAnnual);
    await shots(page, "15-pricing-tiers-field-error", {
      before: () =>
        proAnnual.evaluate((el) => el.scrollIntoView({ block: "center", behavior: "instant" })),
    });

    await page.goto(server.url + "/admin/seo");
    await hydrated(page);
    // A page path already used: the create toast, the message beside Page Path, focus there.
    await page.getByRole("button", { name: "Add New Page" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Page SEO" });
    await dialog.getByLabel("Page Path").fill("/pricing");
    await dialog.getByLabel("Page Name").fill("Pricing again");
    await dialog.getByLabel("Title Tag").fill("Plans and prices");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await toast("Failed to create SEO settings");
    const path = dialog.getByLabel("Page Path");
    await expect.poll(() => path.getAttribute("aria-invalid")).toBe("true");
    await describedBy(path, "This page already has SEO settings: edit them instead.");
    await focused(path);
    await shots(page, "15-seo-path-taken");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    // An edit whose title tag is too long: the update toast, the message beside Title Tag.
    await page.getByRole("button", { name: "Edit SEO settings for /about" }).click();
    const edit = page.getByRole("dialog", { name: "Edit SEO Settings" });
    const title = edit.getByLabel("Title Tag");
    await title.fill("x".repeat(61));
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await toast("Failed to update SEO settings");
    await expect.poll(() => title.getAttribute("aria-invalid")).toBe("true");
    await describedBy(title, "Keep the title tag to 60 characters or fewer.");
    await focused(title);
    await shots(page, "15-seo-title-too-long");
    await edit.getByRole("button", { name: "Cancel" }).click();
  });

  it("the top bar reads on one line on a phone, and names the site from 640 px", async () => {
    await page.goto(server.url + "/admin");
    await hydrated(page);
    const bar = page.getByRole("banner");
    // The brand: the word 'Admin' and the site's name before it.
    const brand = bar.getByText("Admin", { exact: true }).locator("xpath=..");
    /** How many lines each of the bar's texts takes: the distinct rows its text boxes sit on. */
    const lines = () =>
      Promise.all(
        [
          brand,
          bar.getByRole("link", { name: "View Site" }),
          bar.getByRole("button", { name: "Log out" }),
        ].map((control) =>
          control.evaluate((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            const rects = [...range.getClientRects()].filter((r) => r.width > 0);
            return new Set(rects.map((r) => Math.round(r.top))).size;
          }),
        ),
      );
    try {
      await page.setViewportSize({ width: 375, height: 812 });
      await expect.poll(lines).toEqual([1, 1, 1]);
      expect(await brand.innerText()).toBe("Admin");
      expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(65);
      await shots(page, "admin-top-bar");
      await page.setViewportSize({ width: 640, height: 900 });
      await expect.poll(() => brand.innerText()).toBe("Merch Simplified Admin");
      expect(await lines()).toEqual([1, 1, 1]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it("shows no console errors", () => {
    expect(errors).toEqual([]);
  });
});
