import { readFile } from "node:fs/promises";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, hydrated, toastSaying } from "../support/browser";
import { type RunningServer, seededDataDir } from "../support/server";
import { ADMIN_EMAIL, ADMIN_PASSWORD, closeSite, openSite } from "../support/site";

const SHOTS = process.env.SCREENSHOT_DIR;

let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];

/** Conversations come from the chat assistant of a later issue: the test writes two. */
async function seedConversations(dataDir: string) {
  const db = new PGlite({ dataDir: path.join(dataDir, "pglite"), extensions: { pg_trgm } });
  const [first] = (
    await db.query<{ id: string }>(
      `insert into chat_conversations (session_id, contact_email, contact_name, started_at, updated_at)
       values ('session-7f3a9c', 'dana@harbor-bakery.example', 'Dana Whitfield',
               '2026-11-20T14:02:00Z', '2026-11-20T14:09:00Z'),
              ('session-b81e20', null, null, '2026-11-21T09:30:00Z', '2026-11-21T09:31:00Z')
       returning id`,
    )
  ).rows;
  await db.query(
    `insert into chat_messages (conversation_id, message_text, is_user_message, timestamp) values
     ($1, 'Hi! Can you set up a webstore for our staff uniforms?', true, '2026-11-20T14:02:10Z'),
     ($1, 'Yes. A webstore lets your team order approved items with your logo. How many people?', false, '2026-11-20T14:02:15Z'),
     ($1, 'About 40 across two shops.', true, '2026-11-20T14:08:50Z')`,
    [first!.id],
  );
  await db.close();
  return first!.id;
}

let conversationId: string;
beforeAll(async () => {
  // The conversations are written before the server opens the database.
  const dataDir = seededDataDir();
  conversationId = await seedConversations(dataDir);
  ({ server, browser, page, errors } = await openSite({
    admin: true,
    dataDir,
    acceptDownloads: true,
  }));
}, 240_000);
afterAll(() => closeSite({ server, browser }));

async function shoot(name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("the sales team's admin screens in a browser", () => {
  it("sends a message through the public contact form", async () => {
    await page.goto(server.url + "/");
    await hydrated(page);
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name").fill("Marisol Ortega");
    await form.getByLabel("Email").fill("marisol@ortega-landscaping.example");
    await form.getByLabel("Message").fill('=cmd|" /C calc"!A0 and 30 polos with our logo, please.');
    await form.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Message Sent", { exact: true }).waitFor();
  });

  it("finds the lead in Leads, marks it handled with a note, and exports it as CSV", async () => {
    await page.goto(server.url + "/admin/leads");
    await hydrated(page);
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(server.url + "/admin/leads");
    await hydrated(page);
    const row = page.getByRole("row").filter({ hasText: "Marisol Ortega" });
    await row.getByText("New", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot("leads");

    await row.getByRole("button", { name: "Update lead from Marisol Ortega" }).click();
    const dialog = page.getByRole("dialog", { name: "Update Lead" });
    expect(await dialog.getByLabel("Status").inputValue()).toBe("handled");
    await dialog.getByLabel("Note").fill("Sent a quote for 30 polos");
    await dialog.getByRole("button", { name: "Save Lead" }).click();
    await toastSaying(page, "Lead updated successfully").waitFor();
    await dialog.waitFor({ state: "hidden" });
    await row.getByText("Handled", { exact: true }).waitFor();
    await row.getByText("Note: Sent a quote for 30 polos").waitFor();

    await page.getByLabel("Status", { exact: true }).selectOption("handled");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/status=handled/);
    const exportLink = page.getByRole("link", { name: "Export CSV" });
    // The address changes a moment before React commits the new loader data.
    await expect
      .poll(() => exportLink.getAttribute("href"))
      .toBe("/admin/leads.csv?status=handled");
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe("Received,Name,Email,Phone,Message,Status,Note,Page");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Marisol Ortega,marisol@ortega-landscaping.example");
    expect(lines[1]).toContain(`"'=cmd|"" /C calc""!A0 and 30 polos with our logo, please."`);
    expect(lines[1]).toContain("handled,Sent a quote for 30 polos");
  });

  it("shows chat conversations with the total, messages by side, and deletes without asking", async () => {
    await page.goto(server.url + "/admin/chat-conversations");
    await hydrated(page);
    await page.getByLabel("2 conversations").waitFor();
    await page.getByText("Select a Conversation", { exact: true }).waitFor();
    await page.getByRole("link", { name: /session-7f3a9c/ }).click();
    await page.waitForURL(new RegExp(`id=${conversationId}`));
    const pane = page.getByRole("region", { name: "Messages" });
    await pane.getByText("Started Nov 20, 2026, 09:02").waitFor();
    expect(await pane.getByText(/^Customer/).count()).toBe(2);
    expect(await pane.getByText(/^AI Assistant · 09:02$/).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await shoot("chat-conversations");

    await page.getByPlaceholder("Search by session ID, email, or name...").fill("nobody");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByText("No conversations found matching your search").waitFor();

    await page.goto(server.url + `/admin/chat-conversations?id=${conversationId}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Delete conversation session-7f3a9c" }).click();
    await toastSaying(page, "Conversation deleted successfully").waitFor();
    await page.getByText("Select a Conversation", { exact: true }).waitFor();
    await page.getByLabel("1 conversations").waitFor();
    // The list can show the deletion a moment before the address bar drops the id (CI1).
    await page.waitForURL((url) => !url.searchParams.has("id"));
    expect(errors).toEqual([]);
  });

  it("opens Orders, Email Outbox and Site Settings; a bad link gets its own message", async () => {
    for (const [path, heading] of [
      ["/admin/orders?status=paid", "Orders"],
      ["/admin/email-outbox", "Email Outbox"],
      ["/admin/site-settings", "Site Settings"],
    ]) {
      await page.goto(server.url + path);
      await hydrated(page);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.getByLabel("Shop link").fill("not a link");
    await page.getByRole("switch", { name: "Chat assistant on the public site" }).click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Shop link must be a valid URL (https://...)").waitFor();
    expect(await page.getByLabel("Shop link").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Shop link").fill("https://shop.example.com");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await toastSaying(page, "Site settings saved").waitFor();
    await page.reload();
    await hydrated(page);
    expect(await page.getByLabel("Shop link").inputValue()).toBe("https://shop.example.com");
    expect(
      await page
        .getByRole("switch", { name: "Chat assistant on the public site" })
        .getAttribute("aria-checked"),
    ).toBe("true");
  });
});
