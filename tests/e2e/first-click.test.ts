import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/platform/db/client.server";
import { siteSettings } from "~/platform/db/schema/index";
import { launchBrowser } from "../support/browser";
import { type RunningServer, seededDataDir, startServer } from "../support/server";

/**
 * Issue 21, item 1: a click made at any moment after the HTML is visible takes effect exactly
 * once, even inside an island whose code has not arrived yet. Each island's first control is
 * clicked on fresh pages (no cache) with the network and the CPU throttled, as soon as it shows:
 * at the first bytes of the page, at DOMContentLoaded or at load, in turn.
 */
// Run on demand (about 100 throttled page loads): FIRST_CLICK_RUNS=20. Its figure is recorded in
// docs/performance.md; until a full run passes on a quiet machine it is not part of the suite.
const RUNS = Number(process.env.FIRST_CLICK_RUNS ?? 0);
const ONLY = process.env.FIRST_CLICK_ONLY;

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  if (RUNS === 0) return;
  const dataDir = seededDataDir();
  const handle = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  await handle.db.update(siteSettings).set({ chatAssistantEnabled: true });
  await handle.close();
  // Behind a proxy (as in production), so that each fresh page can come from its own visitor:
  // twenty contact posts from one address would meet the contact form's rate limit (5 a minute).
  [server, browser] = await Promise.all([
    startServer({ dataDir, env: { TRUST_PROXY: "1" } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Control {
  name: string;
  path: string;
  click: (page: Page) => Promise<void>;
  /** Resolves once the click's effect shows; fails if it took effect more than once. */
  effect: (page: Page, posts: () => number) => Promise<void>;
}

const showing = (page: Page, label: string) =>
  page.getByRole("button", { name: label }).getAttribute("aria-current");

const controls: Control[] = [
  {
    name: "Get Consultation (/bulk-orders)",
    path: "/bulk-orders",
    click: (page) => page.getByRole("link", { name: "Get Consultation" }).click(),
    effect: async (page) => {
      await page.waitForFunction(() => {
        const top = document.getElementById("contact-section")?.getBoundingClientRect().top;
        return location.hash === "#contact-section" && top !== undefined && top >= -1 && top <= 100;
      });
    },
  },
  {
    name: "Send Message (contact form, /)",
    path: "/",
    click: (page) =>
      page
        .getByRole("form", { name: "Contact form" })
        .getByRole("button", { name: "Send Message" })
        .click(),
    effect: async (page, posts) => {
      await page.getByText("Please fill in all required fields before sending.").first().waitFor();
      expect(posts()).toBe(1);
    },
  },
  {
    name: "Start Chat (/)",
    path: "/",
    click: (page) => page.getByRole("button", { name: "Start Chat" }).click(),
    effect: async (page) => {
      await page.getByRole("dialog", { name: /chat/i }).waitFor();
    },
  },
  {
    name: "Next story (success stories, /)",
    path: "/",
    click: (page) => page.getByRole("button", { name: "Next story" }).click(),
    effect: async (page) => {
      await page.waitForFunction(() =>
        document.querySelector('[aria-label^="Show story 2 of"][aria-current="true"]'),
      );
      expect(await showing(page, "Show story 3 of")).toBeNull();
    },
  },
  {
    name: "Next webstore (examples, /webstores)",
    path: "/webstores",
    click: (page) => page.getByRole("button", { name: "Next webstore" }).click(),
    effect: async (page) => {
      await page.waitForFunction(() =>
        document.querySelector('[aria-label^="Show webstore 2 of"][aria-current="true"]'),
      );
      expect(await showing(page, "Show webstore 3 of")).toBeNull();
    },
  },
];

const moments = ["commit", "domcontentloaded", "load"] as const;
let visitors = 0;

async function clickOnce(control: Control, run: number) {
  visitors += 1;
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${visitors}` },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  // Roughly a fast 3G connection and a mid-range phone's processor.
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/resources/contact")) posts += 1;
  });
  try {
    await page.goto(server.url + control.path, { waitUntil: moments[run % moments.length] });
    await control.click(page);
    await control.effect(page, () => posts);
    return true;
  } catch (error) {
    const state = await page
      .evaluate(() => ({
        hash: location.hash,
        scrollY,
        top: document.getElementById("contact-section")?.getBoundingClientRect().top,
        hydrated: document.documentElement.dataset.hydrated,
        input: window.__islandInput,
      }))
      .catch(() => null);
    console.log(control.name, run, String(error).slice(0, 300), JSON.stringify(state));
    return false;
  } finally {
    await context.close();
  }
}

describe.skipIf(RUNS === 0)("a first click inside an island, network and CPU throttled", () => {
  it(
    `takes effect exactly once, ${RUNS} fresh pages per control`,
    { timeout: 1_800_000 },
    async () => {
      const lost: Record<string, string> = {};
      for (const control of controls.filter((c) => !ONLY || c.name.includes(ONLY))) {
        let failures = 0;
        for (let run = 0; run < RUNS; run++) if (!(await clickOnce(control, run))) failures += 1;
        lost[control.name] = `${failures} of ${RUNS}`;
      }
      console.log(lost);
      expect(
        Object.values(lost).every((figure) => figure === `0 of ${RUNS}`),
        JSON.stringify(lost),
      ).toBe(true);
    },
  );
});
