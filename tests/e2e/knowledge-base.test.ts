import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, toastSaying } from "../support/browser";
import type { RunningServer } from "../support/server";
import { ADMIN_EMAIL, ADMIN_PASSWORD, closeSite, openSite } from "../support/site";
import { shooting, shots } from "../support/shots";

let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];
beforeAll(async () => {
  ({ server, browser, page, errors } = await openSite({ admin: true }));
});
afterAll(() => closeSite({ server, browser }));

async function toast(text: string) {
  await toastSaying(page, text).waitFor();
}

describe("the Knowledge Base screen in a browser", () => {
  it("signs in", async () => {
    await page.goto(server.url + "/admin/auth");
    await hydrated(page);
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(server.url + "/admin");
  });

  it("creates an entry on the create tab, with the spec's messages first", async () => {
    await page.goto(server.url + "/admin/knowledge-base");
    await hydrated(page);
    // No edit tab until an entry is selected.
    expect(await page.getByRole("tab").allTextContents()).toEqual(["View Entries", "Create Entry"]);
    await page.getByRole("tab", { name: "Create Entry" }).click();
    const form = page.getByRole("tabpanel", { name: "Create Entry" });
    expect(await form.getByLabel("Category").inputValue()).toBe("products");
    expect(await form.getByLabel("Importance").inputValue()).toBe("1");
    expect(await form.getByLabel("Content").getAttribute("rows")).toBe("12");

    await form.getByLabel("Importance").fill("11");
    await form.getByRole("button", { name: "Create Entry" }).click();
    await toast("Title is required");
    await form.getByText("Maximum value is 10").waitFor();
    await form.getByText("Content is required").waitFor();

    await form.getByLabel("Title").fill("E2E rush orders");
    await form.getByLabel("Category").selectOption("shipping");
    await form.getByLabel("Importance").fill("8");
    await form
      .getByLabel("Content")
      .fill("Rush orders leave the warehouse in five business days for a small fee.");
    await form.getByRole("button", { name: "Create Entry" }).click();
    await toast("Knowledge base entry created.");
    // Back on the list, which shows the new entry.
    await page.getByRole("tab", { name: "View Entries", selected: true }).waitFor();
    await page.getByRole("cell", { name: "E2E rush orders", exact: true }).waitFor();
  });

  it("finds it by a word of its content, edits it, deletes it", async () => {
    await page.getByLabel("Search title and content").fill("warehouse");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=warehouse/);
    await page.getByRole("cell", { name: "E2E rush orders", exact: true }).waitFor();
    await page.getByRole("cell", { name: "Written here", exact: true }).waitFor();

    await page.getByRole("button", { name: "Edit E2E rush orders" }).click();
    const form = page.getByRole("tabpanel", { name: "Edit Entry" });
    expect(await form.getByLabel("Category").inputValue()).toBe("shipping");
    await form.getByLabel("Title").fill("E2E rush shipping");
    await form.getByLabel("Importance").fill("0");
    await form.getByRole("button", { name: "Update Entry" }).click();
    await form.getByText("Minimum value is 1").waitFor();
    await form.getByLabel("Importance").fill("9");
    await form.getByRole("button", { name: "Update Entry" }).click();
    await toast("Knowledge base entry updated.");
    await page.getByRole("cell", { name: "E2E rush shipping", exact: true }).waitFor();
    expect(await page.getByRole("tab", { name: "Edit Entry" }).count()).toBe(0);

    // Deleting the entry that is open for editing closes its edit tab too.
    await page.getByRole("button", { name: "Edit E2E rush shipping" }).click();
    await page.getByRole("tab", { name: "View Entries" }).click();
    await page.getByRole("button", { name: "Delete E2E rush shipping" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Are you sure you want to delete this entry?").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast("Knowledge base entry deleted.");
    await page.getByText("Nothing matches “warehouse”.").waitFor();
    expect(await page.getByRole("tab", { name: "Edit Entry" }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("crawls the running site from the dashboard and shows the chunks per page", async () => {
    await page.goto(server.url + "/admin");
    await hydrated(page);
    const tool = page.getByRole("region", { name: "Update AI Knowledge Base" });
    await tool.getByText("Never").waitFor();
    // The field holds this server's own address (no Site Settings value yet).
    expect(await tool.getByLabel("Website URL").inputValue()).toBe(server.url);
    // Every progress line the screen shows while it crawls, as the admin would read them.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { crawlProgress: string[] }).crawlProgress = seen;
      const note = () => {
        const line = document.querySelector('[data-state="crawling"]')?.textContent;
        if (line && seen.at(-1) !== line) seen.push(line);
      };
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await tool.getByRole("button", { name: "Update Knowledge Base" }).click();
    if (shooting()) {
      await tool.locator('[data-state="crawling"]').waitFor();
      await shots(page, "11-crawl-progress", {
        before: () =>
          tool.evaluate((el) => el.scrollIntoView({ block: "center", behavior: "instant" })),
      });
    }
    await tool.locator('[data-state="done"]').waitFor({ timeout: 120_000 });
    const progress = await page.evaluate(
      () => (window as unknown as { crawlProgress: string[] }).crawlProgress,
    );
    expect(progress.length).toBeGreaterThan(0);
    for (const line of progress) {
      expect(line).toMatch(/^Crawling website… \d+ of \d+ pages? fetched \(\d+ found so far\)$/);
    }
    // How many lines show depends on how long the crawl outlasts the screen's 2 s refresh; that
    // the numbers grow while a crawl runs is checked in knowledge-crawl-job.test.ts.
    const pages = tool.getByRole("listitem");
    await pages.first().waitFor();
    const rows = await pages.allTextContents();
    expect(rows.some((row) => row.startsWith(server.url + "/pricing"))).toBe(true);
    for (const row of rows) expect(row).toMatch(/\d+ chunks?$/);
    expect(await tool.getByText("Never").count()).toBe(0);
    await shots(page, "11-crawl-finished", {
      // The tool's top just below the sticky header.
      before: () =>
        tool.evaluate((el) =>
          scrollTo({ top: el.getBoundingClientRect().top + scrollY - 90, behavior: "instant" }),
        ),
    });

    // The crawl's entries are listed apart from hand-written ones, with their source.
    await page.goto(server.url + "/admin/knowledge-base?source=crawled");
    await hydrated(page);
    await page.getByRole("cell").filter({ hasText: "From website crawl" }).first().waitFor();
    expect(errors).toEqual([]);
  }, 180_000);

  it("says why a crawl failed: localhost is not this site's own address", async () => {
    await page.goto(server.url + "/admin");
    await hydrated(page);
    const tool = page.getByRole("region", { name: "Update AI Knowledge Base" });
    const port = new URL(server.url).port;
    // Typed without a scheme, localhost gets http://; the safe fetcher then refuses it.
    await tool.getByLabel("Website URL").fill(`localhost:${port}`);
    await tool.getByRole("button", { name: "Update Knowledge Base" }).click();
    const alert = tool.getByRole("alert");
    await alert.waitFor({ timeout: 60_000 });
    expect(await alert.textContent()).toBe(
      `Failed to crawl website` +
        `Refused by the safe fetcher: localhost:${port} is a private address, and only public addresses (or this site's own address) may be crawled.`,
    );
    await shots(page, "11-crawl-failure", { before: () => alert.scrollIntoViewIfNeeded() });
    expect(errors).toEqual([]);
  }, 90_000);
});
