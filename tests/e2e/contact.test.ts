import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../fakes/smtp-sink";
import { axeViolations, hydrated, watchErrors } from "../support/browser";
import type { RunningServer } from "../support/server";
import { closeSite, openSite } from "../support/site";

let server: RunningServer;
let browser: Browser;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  ({ server, browser } = await openSite({
    env: { SMTP_URL: sink.url, COMPANY_INBOX: "team@example.com" },
  }));
});
afterAll(async () => {
  await closeSite({ server, browser });
  await sink?.close();
});

const form = (page: Page) => page.getByRole("form", { name: "Contact form" });

async function fillForm(page: Page, fields: { name: string; email: string; message: string }) {
  await form(page).getByLabel("Name").fill(fields.name);
  await form(page).getByLabel("Email").fill(fields.email);
  await form(page).getByLabel("Phone (optional)").fill("(513) 555-0100");
  await form(page).getByLabel("Message").fill(fields.message);
}

describe("the contact form in a browser", () => {
  it("says 'Missing Information' for an empty form, then sends, clears the fields and emails over SMTP", async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(server.url + "/");
    await hydrated(page);
    // The form is an island whose code may not have arrived: the click is held and replayed
    // (~/platform/ui/island-input; tests/e2e/first-click.test.ts for the throttled figures).
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Missing Information", { exact: true }).waitFor();
    await page
      .getByText("Please fill in all required fields before sending.", { exact: true })
      .waitFor();
    expect(await form(page).getByLabel("Name").getAttribute("aria-invalid")).toBe("true");

    await fillForm(page, {
      name: "Priya Natarajan",
      email: "priya@tristate-dental.example",
      message: "Looking for a webstore for our four dental offices.",
    });
    // Hold the request until the sending state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/resources/contact*", async (route) => {
      await held;
      await route.continue();
    });
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await form(page).getByRole("button", { name: "Sending..." }).waitFor();
    expect(await form(page).getByLabel("Message").isDisabled()).toBe(true);
    expect(await form(page).getByRole("button", { name: "Sending..." }).isDisabled()).toBe(true);
    release();

    await page.getByText("Message Sent", { exact: true }).waitFor();
    await page
      .getByText("Thank you for reaching out. We'll respond shortly.", { exact: true })
      .waitFor();
    for (const label of ["Name", "Email", "Phone (optional)", "Message"]) {
      expect(await form(page).getByLabel(label).inputValue()).toBe("");
    }
    expect(await axeViolations(page)).toEqual([]);
    // The page answers the empty form with status 400 and the browser logs that; nothing else.
    expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);

    await expect.poll(() => sink.received.length, { timeout: 10_000 }).toBe(2);
    const notification = sink.received.find((m) => m.to.includes("team@example.com"));
    expect(notification?.headers["reply-to"]).toBe("priya@tristate-dental.example");
    expect(sink.received.some((m) => m.to.includes("priya@tristate-dental.example"))).toBe(true);
    await page.close();
  });

  it("sends without JavaScript: the server answers the plain POST and the page shows 'Message Sent'", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(server.url + "/");
    await fillForm(page, {
      name: "Tom Becker",
      email: "tom@becker-roofing.example",
      message: "Do you embroider beanies? We need about 40.",
    });
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL(server.url + "/?contact=sent#contact-section");
    await page.getByText("Message Sent", { exact: true }).waitFor();
    await page
      .getByText("Thank you for reaching out. We'll respond shortly.", { exact: true })
      .waitFor();
    await context.close();
  });

  it("without JavaScript, a name of only spaces comes back with 'Missing Information' in the page", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(server.url + "/");
    await fillForm(page, { name: "   ", email: "blank@example.com", message: "Hello" });
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL(server.url + "/?contact=missing#contact-section");
    await page.getByText("Missing Information", { exact: true }).waitFor();
    await page
      .getByText("Please fill in all required fields before sending.", { exact: true })
      .waitFor();
    await context.close();
  });

  it("kept every message and both emails of each in the database", async () => {
    await expect.poll(() => sink.received.length, { timeout: 10_000 }).toBe(4);
    expect(await server.stop()).toBe(0);
    const db = new PGlite({
      dataDir: path.join(server.dataDir, "pglite"),
      extensions: { pg_trgm },
    });
    const messages = await db.query<{ email: string }>(
      "select email from contact_messages order by created_at",
    );
    expect(messages.rows.map((r) => r.email)).toEqual([
      "priya@tristate-dental.example",
      "tom@becker-roofing.example",
    ]);
    const emails = await db.query<{ kind: string; status: string }>(
      "select kind, status from email_outbox order by kind",
    );
    expect(emails.rows).toEqual([
      { kind: "contact-acknowledgement", status: "sent" },
      { kind: "contact-acknowledgement", status: "sent" },
      { kind: "contact-notification", status: "sent" },
      { kind: "contact-notification", status: "sent" },
    ]);
    await db.close();
  });
});
