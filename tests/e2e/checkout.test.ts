import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Browser, BrowserContextOptions } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, hydrated, watchErrors } from "../support/browser";
import { type RunningServer, seededDataDir } from "../support/server";
import { closeSite, openSite } from "../support/site";

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

beforeAll(async () => {
  // The coupon goes in before the server opens the database.
  await withDatabase((db) =>
    db.query(
      "insert into coupon_codes (code, discount_percentage, first_transaction_only) values ($1, $2, $3)",
      ["WELCOME20", 20, true],
    ),
  );
  ({ server, browser } = await openSite({ dataDir }));
});
afterAll(() => closeSite({ server, browser }));

// Validation answers carry 4xx statuses, which the browser reports on its console.
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

async function openPage(pathname: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(server.url + pathname);
  if (options.javaScriptEnabled !== false) {
    await hydrated(page);
  }
  return { context, page, errors };
}

describe("the purchase funnel in test mode", () => {
  it("pricing → annual Pro → coupon → checkout → test payment → one confirmation email", async () => {
    const { context, page, errors } = await openPage("/pricing");
    expect(await axeViolations(page)).toEqual([]);
    // Annual is the default: Pro's $420 a year shows as $35 a month.
    await page.getByText("$420 billed annually").first().waitFor();
    await page.getByRole("link", { name: "Select Pro Plan" }).click();
    await page.waitForURL(`${server.url}/checkout?plan=pro&interval=annual`);
    await page.getByRole("heading", { name: "Checkout", level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const summary = page.getByRole("region", { name: "Order summary" });
    await summary.getByText("$920").waitFor();
    await page.getByLabel("Coupon code").fill("welcome20");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByText("Coupon WELCOME20 applied").waitFor();
    // $420 + $500 setup − 20 % of $420.
    await summary.getByText("$836").waitFor();

    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await page.getByText("Please enter your email address").waitFor();
    await page.getByLabel("Email address").fill("buyer@acme.example");
    const [payment] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("button", { name: "Proceed to Payment" }).click(),
    ]);
    const paymentErrors = watchErrors(payment);
    await payment.waitForLoadState();
    await payment.getByText("Test mode — no real payment").waitFor();
    await hydrated(payment);
    expect(await axeViolations(payment)).toEqual([]);
    await payment.getByText("$836").first().waitFor();

    await payment.getByLabel("Card number").fill("4000 0000 0000 0002");
    await payment.getByRole("button", { name: "Pay $836" }).click();
    await payment.getByText("Your card was declined.", { exact: false }).waitFor();
    await payment.getByText("Test mode — no real payment").waitFor();

    await payment.getByLabel("Card number").fill("4242 4242 4242 4242");
    await payment.getByRole("button", { name: "Pay $836" }).click();
    await payment.waitForURL(/\/checkout-success\?session_id=test_cs_/);
    await payment.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    const intake = payment.getByRole("link", { name: "Fill in the intake form" });
    expect(await intake.getAttribute("href")).toBe(
      "https://forms.example.com/merch-simplified/webstore-intake",
    );
    // A reload asks again and must not send a second email.
    await payment.reload();
    await payment.getByRole("heading", { name: "Payment Successful!" }).waitFor();

    expect(unexpected(errors)).toEqual([]);
    expect(unexpected(paymentErrors)).toEqual([]);
    await context.close();
  });

  it("shows the Popup Blocked message with a plain link when the new tab is refused", async () => {
    const { context, page } = await openPage("/checkout?plan=elite&interval=monthly");
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByLabel("Email address").fill("popup@acme.example");
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await page
      .getByText("Popup Blocked: Please allow popups for this site to proceed with checkout.")
      .waitFor();
    const link = page.getByRole("link", { name: "Continue to the payment page" });
    expect(await link.getAttribute("href")).toMatch(/\/checkout\/test-payment\/test_cs_/);
    await link.click();
    await page.getByText("Test mode — no real payment").waitFor();
    await context.close();
  });

  it("works without JavaScript: the form posts and the server redirects to the payment page", async () => {
    const { context, page } = await openPage("/checkout?plan=core&interval=monthly", {
      javaScriptEnabled: false,
    });
    await page.getByLabel("Email address").fill("nojs@acme.example");
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await page.waitForURL(/\/checkout\/test-payment\/test_cs_/);
    await page.getByLabel("Card number").fill("4242424242424242");
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await context.close();
  });

  it("on a phone shows the plans as an accordion with Pro open", async () => {
    const { context, page } = await openPage("/pricing", { viewport: { width: 390, height: 844 } });
    const openPlans = () =>
      page.$$eval("details[open] summary", (nodes) => nodes.map((n) => n.textContent?.trim()));
    expect(await openPlans()).toEqual(["ProMost Popular"]);
    expect(await axeViolations(page)).toEqual([]);
    // Opening another plan closes Pro: one plan at a time.
    await page.locator("summary", { hasText: "Elite" }).click();
    await expect.poll(openPlans).toEqual(["Elite"]);
    await page.getByRole("link", { name: "Monthly" }).click();
    await page.waitForURL(`${server.url}/pricing?interval=monthly`);
    await expect
      .poll(() => page.getByRole("link", { name: "Select Elite Plan" }).getAttribute("href"))
      .toBe("/checkout?plan=elite&interval=monthly");
    await context.close();
  });
});

describe("the outbox after the funnel", () => {
  it("holds exactly one confirmation email per paid order", async () => {
    await server.stop();
    const rows = await withDatabase(async (db) => {
      const result = await db.query<{ to_address: string; paid: number; emails: number }>(
        `select o.customer_email as to_address,
                count(*) filter (where o.status = 'paid')::int as paid,
                (select count(*)::int from email_outbox e
                  where e.dedupe_key = 'order-confirmation:' || o.id) as emails
           from orders o where o.status = 'paid' group by o.id, o.customer_email
          order by o.customer_email`,
      );
      return result.rows;
    });
    expect(rows).toEqual([
      { to_address: "buyer@acme.example", paid: 1, emails: 1 },
      { to_address: "nojs@acme.example", paid: 1, emails: 1 },
    ]);
  });
});
