import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "~/platform/lib/dates";
import { axeViolations, hydrated, watchErrors } from "../support/browser";
import { type RunningServer, seededDataDir, startServer } from "../support/server";
import { ADMIN_EMAIL, ADMIN_PASSWORD, closeSite, openSite } from "../support/site";

// Issue 15: a buyer in test mode pays, manages the plan from the emailed link, and the admin sees it.
const BUYER = "subscriber@acme.example";
const env = { ADMIN_EMAIL, ADMIN_PASSWORD };

const dataDir = seededDataDir();
let server: RunningServer;
let browser: Browser;

/** Opens the server's embedded database while the server is stopped. */
async function withDatabase<T>(run: (db: PGlite) => Promise<T>) {
  const db = new PGlite({ dataDir: path.join(dataDir, "pglite"), extensions: { pg_trgm } });
  try {
    return await run(db);
  } finally {
    await db.close();
  }
}

interface OutboxEmail {
  dedupe_key: string;
  to_address: string;
  subject: string;
  text_body: string;
}

/** The buyer's emails as the outbox holds them, oldest first (the server must be stopped). */
function outboxOf(email: string) {
  return withDatabase(async (db) => {
    const result = await db.query<OutboxEmail>(
      "select dedupe_key, to_address, subject, text_body from email_outbox where to_address = $1 order by created_at",
      [email],
    );
    return result.rows;
  });
}

beforeAll(async () => {
  ({ server, browser } = await openSite({ admin: true, dataDir }));
}, 240_000);
afterAll(() => closeSite({ server, browser }));

// Validation answers carry 4xx statuses, which the browser reports on its console.
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

let manageLink: URL;
let periodEnd: Date;
/** The buyer's pages and emails give the date in full, as a UTC day. */
const longDate = (date: Date) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);

describe("a subscription managed from the emailed link, in test mode", () => {
  it("pays for the annual Pro plan and gets one confirmation email with a manage link", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/checkout?plan=pro&interval=annual`);
    await hydrated(page);
    await page.getByLabel("Email address").fill(BUYER);
    const [payment] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("button", { name: "Proceed to Payment" }).click(),
    ]);
    const paymentErrors = watchErrors(payment);
    await payment.waitForLoadState();
    await payment.getByText("Test mode — no real payment").waitFor();
    await hydrated(payment);
    await payment.getByLabel("Card number").fill("4242 4242 4242 4242");
    await payment.getByRole("button", { name: /^Pay / }).click();
    await payment.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    expect(unexpected(paymentErrors)).toEqual([]);
    await context.close();

    // The embedded database is the server's alone while it runs: read the outbox in between.
    const firstUrl = server.url;
    expect(await server.stop()).toBe(0);
    const emails = await outboxOf(BUYER);
    expect(emails.map((e) => e.dedupe_key)).toEqual([
      expect.stringMatching(/^order-confirmation:/),
    ]);
    const link = /Manage your subscription[^\n]*?(https?:\/\/\S+)/.exec(emails[0]!.text_body)?.[1];
    expect(link, emails[0]!.text_body).toBeTruthy();
    manageLink = new URL(link!);
    // Test mode's manage page cancels and resumes; the email promises nothing more.
    expect(emails[0]!.text_body).toContain(
      "Manage your subscription: cancel at the end of the period, or resume before it ends, at",
    );
    expect(emails[0]!.text_body).not.toMatch(/card|invoice/i);
    expect(manageLink.origin).toBe(firstUrl);
    expect(manageLink.pathname).toBe("/subscription/manage");
    const [row] = (
      await withDatabase((db) =>
        db.query<{ current_period_end: Date; status: string }>(
          `select s.current_period_end, s.status from subscriptions s
             join orders o on o.id = s.order_id where o.customer_email = $1`,
          [BUYER],
        ),
      )
    ).rows;
    expect(row?.status).toBe("active");
    periodEnd = new Date(row!.current_period_end);
    server = await startServer({ dataDir, env });
  }, 240_000);

  it("cancels at the period end from the link, shows the end date, and resumes", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // The server came back on another port; the token is what the link carries.
    await page.goto(server.url + manageLink.pathname + manageLink.search);
    await hydrated(page);
    await page.getByRole("heading", { name: "Manage your subscription", level: 1 }).waitFor();
    await page.getByText("this page stands in for Stripe's customer portal").waitFor();
    const status = page.getByTestId("subscription-status");
    const date = page.getByTestId("subscription-date");
    expect(await status.textContent()).toBe("Active");
    await page.getByText("Renews on").waitFor();
    expect(await date.textContent()).toBe(longDate(periodEnd));
    expect(await axeViolations(page)).toEqual([]);

    // Cancelling asks first: 'Keep my plan' changes nothing; only the confirmation cancels.
    await page.getByRole("link", { name: "Cancel at the end of the period" }).click();
    const confirm = page.getByRole("region", { name: "Cancel your plan?" });
    await confirm.getByText(`everything keeps working until ${longDate(periodEnd)}`).waitFor();
    await confirm.getByRole("link", { name: "Keep my plan" }).click();
    await page.getByRole("link", { name: "Cancel at the end of the period" }).waitFor();
    expect(await status.textContent()).toBe("Active");
    await page.getByRole("link", { name: "Cancel at the end of the period" }).click();
    if (process.env.SCREENSHOT_DIR)
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({
          path: `${process.env.SCREENSHOT_DIR}/07-confirm-cancel-${width}.png`,
          fullPage: true,
        });
      }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: "Yes, cancel my plan" }).click();
    await page.getByRole("button", { name: "Resume subscription" }).waitFor();
    expect(await status.textContent()).toBe("Cancelled — ends at the end of the period");
    await page.getByText("Ends on").waitFor();
    expect(await date.textContent()).toBe(longDate(periodEnd));
    expect(await axeViolations(page)).toEqual([]);

    // The admin sees the change on the Orders screen.
    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const adminPage = await admin.newPage();
    const adminErrors = watchErrors(adminPage);
    await adminPage.goto(`${server.url}/admin/orders?q=${encodeURIComponent(BUYER)}`);
    await hydrated(adminPage);
    await adminPage.getByLabel("Email").fill(ADMIN_EMAIL);
    await adminPage.getByLabel("Password").fill(ADMIN_PASSWORD);
    await adminPage.getByRole("button", { name: "Log in" }).click();
    await adminPage.waitForURL(/\/admin\/orders/);
    await hydrated(adminPage);
    const orderRow = adminPage.getByRole("row").filter({ hasText: BUYER });
    await orderRow.getByText("Cancels at period end").waitFor();
    await orderRow.getByText(`Ends ${formatDate(periodEnd)}`).waitFor();

    await page.reload();
    await hydrated(page);
    await page.getByRole("button", { name: "Resume subscription" }).click();
    await page.getByRole("link", { name: "Cancel at the end of the period" }).waitFor();
    expect(await status.textContent()).toBe("Active");
    await page.getByText("Renews on").waitFor();
    expect(await date.textContent()).toBe(longDate(periodEnd));

    await adminPage.reload();
    await orderRow.getByText("Active", { exact: true }).waitFor();
    await orderRow.getByText(`Renews ${formatDate(periodEnd)}`).waitFor();

    expect(unexpected(errors)).toEqual([]);
    expect(unexpected(adminErrors)).toEqual([]);
    await closeAll(context, admin);
  }, 120_000);

  it("leaves the cancellation email, then 'your plan continues' as the buyer's last", async () => {
    expect(await server.stop()).toBe(0);
    const emails = await outboxOf(BUYER);
    expect(emails.map((e) => e.dedupe_key)).toEqual([
      expect.stringMatching(/^order-confirmation:/),
      expect.stringMatching(/^subscription-canceled:/),
      expect.stringMatching(/^subscription-resumed:/),
    ]);
    const cancellation = emails[1]!;
    expect(cancellation.subject).toBe("Your Pro webstore plan is cancelled");
    expect(cancellation.text_body).toContain(
      `Everything keeps working until ${longDate(periodEnd)}.`,
    );
    expect(cancellation.text_body).toContain("/subscription/manage?token=");
    const last = emails.at(-1)!;
    expect(last.subject).toBe("Your Pro webstore plan continues");
    expect(last.text_body).toContain(`nothing ends, and it renews on ${longDate(periodEnd)} for $`);
    expect(last.text_body).toContain("/subscription/manage?token=");
    for (const email of emails) expect(email.text_body).not.toMatch(/card|invoice/i);
  }, 120_000);
});

async function closeAll(...contexts: BrowserContext[]) {
  await Promise.all(contexts.map((c) => c.close()));
}
