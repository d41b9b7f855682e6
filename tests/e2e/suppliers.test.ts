import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleSanMarTree, startFakeSanMarSftp } from "../fakes/sanmar-sftp";
import { startFakeSanMarSoap } from "../fakes/sanmar-soap";
import { startFakeSsActivewear } from "../fakes/ss-activewear";
import { axeViolations, launchBrowser, watchErrors } from "../support/browser";
import { type RunningServer, startServer } from "../support/server";

const ADMIN_EMAIL = "owner@merch.example.com";
const ADMIN_PASSWORD = "e2e admin password";

let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];
let ss: Awaited<ReturnType<typeof startFakeSsActivewear>>;
let soap: Awaited<ReturnType<typeof startFakeSanMarSoap>>;
let sftp: Awaited<ReturnType<typeof startFakeSanMarSftp>>;

beforeAll(async () => {
  [ss, soap, sftp] = await Promise.all([
    startFakeSsActivewear(),
    startFakeSanMarSoap(),
    sampleSanMarTree().then((root) => startFakeSanMarSftp({ root })),
  ]);
  [server, browser] = await Promise.all([
    startServer({
      // The shared test machine can take about a minute to start the server under load.
      startupTimeoutMs: 150_000,
      env: {
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        SS_ACTIVEWEAR_BASE_URL: ss.url,
        SS_ACTIVEWEAR_ACCOUNT_NUMBER: ss.accountNumber,
        SS_ACTIVEWEAR_API_KEY: ss.apiKey,
        SANMAR_WS_BASE_URL: soap.url,
        SANMAR_CUSTOMER_NUMBER: soap.customerNumber,
        SANMAR_USERNAME: soap.username,
        SANMAR_PASSWORD: soap.password,
        SANMAR_SFTP_HOST: sftp.host,
        SANMAR_SFTP_PORT: String(sftp.port),
        SANMAR_SFTP_USERNAME: sftp.username,
        SANMAR_SFTP_PASSWORD: sftp.password,
      },
    }),
    launchBrowser(),
  ]);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  errors = watchErrors(page);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([ss?.close(), soap?.close(), sftp?.close()]);
});

async function hydrated() {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

describe("supplier tools in a browser", () => {
  it("shows a signed-out visitor the collections and no API tests; the tools ask to sign in", async () => {
    await page.goto(server.url + "/shop-now");
    await hydrated();
    await page.getByRole("heading", { name: "Shop Our Products" }).waitFor();
    expect(await page.getByRole("link", { name: "View Collection" }).count()).toBe(3);
    expect(await page.getByText("PromoStandards API Test").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(server.url + "/products/sanmar");
    expect(new URL(page.url()).pathname).toBe("/admin/auth");
  });

  it("runs a connection test to success and to the spec's error panel", async () => {
    await page.goto(server.url + "/admin/auth?redirectTo=/shop-now");
    await hydrated();
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(server.url + "/shop-now");
    await hydrated();
    const panel = page.getByRole("region", { name: "PromoStandards API Test" });
    await panel.getByLabel("Style Number").fill("PC61");
    await panel.getByLabel("Method").selectOption("GetProduct");
    await panel.getByRole("button", { name: "Test Connection" }).click();
    await panel.getByText("Connection Successful").waitFor();
    expect(await panel.getByTestId("response").textContent()).toContain("PC61");
    await panel.getByRole("button", { name: "View Full Response" }).click();

    await panel.getByLabel("Style Number").fill("NOPE1");
    await panel.getByRole("button", { name: "Test Connection" }).click();
    await panel.getByText("Connection Error").waitFor();
    await panel
      .getByText(
        "Failed to connect to SanMar PromoStandards API. Please check your credentials or try again later.",
      )
      .waitFor();
    await page.getByRole("status").filter({ hasText: "Connection failed" }).waitFor();
    await panel.getByText("View Debug Info").click();
    expect(await axeViolations(page)).toEqual([]);
  });

  it("lists the SanMar file server's files and products", async () => {
    await page.goto(server.url + "/products/sanmar");
    await hydrated();
    await page.getByText("Connection status: Connected").waitFor();
    await page.getByRole("button", { name: "Show Files" }).click();
    await page.getByRole("cell", { name: "SanMar_SDL_N.csv", exact: true }).waitFor();
    await page.getByRole("button", { name: "T-Shirts" }).click();
    await page.getByRole("cell", { name: "ST1000", exact: true }).waitFor();
  });

  it("sends test emails into the outbox and shows 'Email Required'", async () => {
    await page.goto(server.url + "/test-email");
    await hydrated();
    await page.getByRole("button", { name: "Send Test Email" }).click();
    await page.getByText("Email Required").waitFor();
    await page.getByLabel("Email Address").fill("buyer@example.com");
    await page.getByRole("button", { name: "Send Test Email" }).click();
    await page.getByRole("button", { name: "Send Another Test Email" }).waitFor();
    expect(await page.getByTestId("raw-response").textContent()).toContain(
      "test-checkout-confirmation",
    );
    await page.getByRole("tab", { name: "Chat Transcript" }).click();
    await page.getByRole("button", { name: "Send Test Transcript" }).click();
    await page.getByText("Transcript Required").waitFor();
    expect(errors).toEqual([]);
  });
});
