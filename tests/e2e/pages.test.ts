import path from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/platform/db/client.server";
import { successStories } from "~/platform/db/schema/index";
import { axeViolations, hydrated, launchBrowser, watchErrors } from "../support/browser";
import { type RunningServer, seededDataDir, startServer } from "../support/server";

/** A data directory seeded as on first start, with only three success stories active. */
async function dataDirWithThreeStories() {
  const dataDir = seededDataDir();
  const handle = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  await handle.db
    .update(successStories)
    .set({ isActive: false })
    .where(eq(successStories.companyName, "Fairhaven Community Credit Union"));
  await handle.close();
  return dataDir;
}

let server: RunningServer;
let threeStoryServer: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, threeStoryServer, browser] = await Promise.all([
    startServer(),
    dataDirWithThreeStories().then((dataDir) => startServer({ dataDir })),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), threeStoryServer?.stop()]);
});

const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

async function openPage(pathname: string, viewport = desktop, base = server.url) {
  const page = await browser.newPage({ viewport });
  const errors = watchErrors(page);
  await page.goto(base + pathname);
  await hydrated(page);
  return { page, errors };
}

const headingNames = (page: Page, level: number) =>
  page.getByRole("heading", { level }).allInnerTexts();

/** Each marketing page, its h1 and the section headings the spec names. */
const pages: [string, string, string[]][] = [
  [
    "/",
    "We Simplify Merch",
    [
      "How can we best serve you today?",
      "Why Choose Merch Simplified",
      "Merch that made a difference",
      "Frequently Asked Questions",
      "Trusted by organizations of all sizes",
      "We Print & Embroider In-House",
    ],
  ],
  ["/version-one", "We Simplify Merch", ["How can we best serve you today?"]],
  [
    "/about",
    "We're Family",
    [
      "From a sign shop to your merch team",
      "Five things we never compromise on",
      "What you can count on",
      "Questions about working with us",
    ],
  ],
  [
    "/webstores",
    "Company Webstores",
    [
      "Stores our clients love",
      "Webstore Questions, Answered",
      "The old way vs. the simplified way",
      "Three steps to your own store",
      "One store, many reasons to use it",
      "What makes our webstores different",
    ],
  ],
  [
    "/bulk-orders",
    "Custom Bulk Orders",
    [
      "What are you looking for?",
      "Popular Brands We Source",
      "Four steps from idea to delivery",
      "Bulk Order Questions",
    ],
  ],
  ["/privacy-policy", "Privacy Policy", ["Information we collect", "Your choices and rights"]],
  [
    "/terms-of-service",
    "Terms of Service",
    ["2. Webstore subscriptions", "3. Our setup-fee guarantee"],
  ],
  [
    "/signco-transition",
    "SignCo Is Now Merch Simplified",
    ["What's changing", "What's not changing"],
  ],
];

describe("the marketing pages in a browser", () => {
  it.each(pages)(
    "%s shows its headings, passes axe-core and logs no errors",
    async (pathname, h1, h2s) => {
      const { page, errors } = await openPage(pathname);
      expect(await headingNames(page, 1)).toEqual([h1]);
      const shown = await headingNames(page, 2);
      for (const heading of h2s) expect(shown).toContain(heading);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it("the home hero's call to action is long on wide screens, short on phones, and goes to the next section", async () => {
    const wide = await openPage("/");
    await wide.page.getByRole("link", { name: "See what Merch Simplified can do for you" }).click();
    await wide.page.waitForFunction(() => {
      const top = document.getElementById("services")?.getBoundingClientRect().top ?? 999;
      return Math.abs(top - 64) < 40;
    });
    await wide.page.close();

    const narrow = await openPage("/", phone);
    expect(
      await narrow.page.getByRole("link", { name: "Get Started", exact: true }).isVisible(),
    ).toBe(true);
    await narrow.page.close();
  });

  it("the hero video is muted, loops, has two sources and a poster sized for the viewport", async () => {
    const { page } = await openPage("/");
    const video = page.locator("video").first();
    expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop])).toEqual([true, true]);
    expect(await video.locator("source").count()).toBe(2);
    // Issue 13: the poster is a <picture> under the video; a portrait screen gets the narrow crop.
    const poster = page.locator("section picture img").first();
    expect(await poster.getAttribute("src")).toBe("/media/hero-poster.webp");
    expect(await page.locator("section picture source").first().getAttribute("srcset")).toBe(
      "/media/hero-poster-portrait.webp",
    );
    const narrow = await openPage("/", phone);
    const shown = narrow.page.locator("section picture img").first();
    await shown.evaluate((img: HTMLImageElement) => img.decode());
    expect(await shown.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/media\/hero-poster-portrait\.webp$/,
    );
    await narrow.page.close();
    // On Lighthouse's phone (412 × 823) the portrait poster is no smaller than it is shown, so
    // it stays the largest paint when the video's first frame is painted over it (a smaller
    // poster made the video the LCP element, after the page's load).
    const lighthousePhone = await browser.newPage({ viewport: { width: 412, height: 823 } });
    await lighthousePhone.goto(server.url + "/");
    const sizes = await lighthousePhone
      .locator("section picture img")
      .first()
      .evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return [img.naturalWidth, img.naturalHeight, img.clientWidth, img.clientHeight];
      });
    expect(sizes[0]).toBeGreaterThanOrEqual(sizes[2]!);
    expect(sizes[1]).toBeGreaterThanOrEqual(sizes[3]!);
    await lighthousePhone.close();
    await page.close();
  });

  it("the scroll-to-top indicator appears only past 500 px and returns to the top", async () => {
    const { page } = await openPage("/");
    const indicator = page.getByRole("button", { name: "Back to top" });
    expect(await indicator.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo({ top: 450, behavior: "instant" }));
    // Two frames painted after the scroll: the indicator has had its chance to appear.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await indicator.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo({ top: 700, behavior: "instant" }));
    await indicator.waitFor({ state: "visible" });
    await indicator.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
    await indicator.waitFor({ state: "hidden" });
    await page.close();
  });

  it("the map is 400 px high and labelled 'Headquarters'", async () => {
    const { page } = await openPage("/");
    const map = page.locator('iframe[title="Headquarters"]');
    expect(await map.getAttribute("loading")).toBe("lazy");
    expect((await map.boundingBox())?.height).toBe(400);
    await page.close();
  });
});

describe("the success-story carousel", () => {
  const stories = (page: Page) =>
    page
      .getByRole("region", { name: "Client success stories" })
      .locator("article h3")
      .allInnerTexts();

  it("shows arrows and dots at 1280 px with four stories, and wraps around", async () => {
    const { page } = await openPage("/");
    const next = page.getByRole("button", { name: "Next story" });
    expect(await next.isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: /^Show story/ }).count()).toBe(4);
    const first = await stories(page);
    expect(first).toHaveLength(3);
    // A click that comes before the section's code (an island) is held and replayed.
    await page.getByRole("button", { name: "Previous story" }).click();
    await expect.poll(async () => (await stories(page))[1]).toBe(first[0]);
    expect((await stories(page))[0]).not.toBe(first[0]);
    await page.close();
  });

  it("hides arrows and dots at 1280 px with three stories, and shows them on a phone", async () => {
    const wide = await openPage("/", desktop, threeStoryServer.url);
    expect(await stories(wide.page)).toHaveLength(3);
    expect(await wide.page.getByRole("button", { name: "Next story" }).count()).toBe(0);
    expect(await wide.page.getByRole("button", { name: /^Show story/ }).count()).toBe(0);
    await wide.page.close();

    const narrow = await openPage("/", phone, threeStoryServer.url);
    // The section is an island: its code, which fits it to the phone, comes as it nears the screen.
    await narrow.page
      .getByRole("region", { name: "Client success stories" })
      .scrollIntoViewIfNeeded();
    await narrow.page.getByRole("button", { name: "Next story" }).waitFor();
    expect(await stories(narrow.page)).toHaveLength(1);
    await narrow.page.close();
  });
});

describe("the webstores page", () => {
  it("opens the pricing popup at 95 % on a wide screen and full screen on a phone, and closes it", async () => {
    for (const [viewport, expectedWidth] of [
      [desktop, desktop.width * 0.95],
      [phone, phone.width],
    ] as const) {
      const { page, errors } = await openPage("/webstores", viewport);
      await page.getByRole("button", { name: "Compare plans" }).click();
      const dialog = page.getByRole("dialog", { name: "Webstore plans" });
      await dialog.waitFor();
      await expect
        .poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0))
        .toBe(Math.round(expectedWidth));
      expect(
        await dialog.getByRole("link", { name: "See full pricing" }).getAttribute("href"),
      ).toBe("/pricing");
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it("Chat with Us goes home and scrolls to the contact section", async () => {
    const { page } = await openPage("/webstores");
    await page.getByRole("link", { name: "Chat with Us" }).click();
    await page.waitForURL(server.url + "/#contact-section");
    await page.waitForFunction(() => {
      const section = document.getElementById("contact-section");
      return section && Math.abs(section.getBoundingClientRect().top) < 200;
    });
    await page.close();
  });
});

describe("the bulk-orders brand carousel", () => {
  const offset = (page: Page) =>
    page
      .getByRole("region", { name: "Brands we source" })
      .locator("ul")
      .evaluate((track) => getComputedStyle(track).getPropertyValue("--index"));

  it("advances every 3 s and pauses while hovered", async () => {
    // The page's clock is faked, so 3 s pass when the test says, not by waiting.
    // The clock starts at a fixed instant and is paused ten minutes later: a pause
    // point read from the page's own clock can already be past on a loaded machine.
    const start = new Date("2026-01-05T09:00:00Z").getTime();
    const page = await browser.newPage({ viewport: desktop });
    await page.clock.install({ time: start });
    await page.goto(server.url + "/bulk-orders");
    await hydrated(page);
    // The carousel is an island: it hydrates when it comes near the viewport.
    const carousel = page.getByRole("region", { name: "Brands we source", exact: true });
    await carousel.evaluate((region) => region.scrollIntoView({ block: "center" }));
    await expect
      .poll(() =>
        carousel.evaluate((region) =>
          region.closest("[data-island]")?.hasAttribute("data-hydrated"),
        ),
      )
      .toBe(true);
    await page.clock.pauseAt(start + 10 * 60_000);
    const first = Number(await offset(page));
    await page.clock.runFor(3_000);
    await expect.poll(() => offset(page)).toBe(String(first + 1));
    await carousel.hover();
    await page.clock.runFor(9_000);
    expect(await offset(page)).toBe(String(first + 1));
    await page.close();
  });
});

describe("version one", () => {
  it("brings the split hero's images in with scroll and fires the confetti once at the end", async () => {
    const { page, errors } = await openPage("/version-one");
    expect(await page.getByTestId("confetti").count()).toBe(0);
    await page.evaluate(() =>
      window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }),
    );
    const confetti = page.getByTestId("confetti");
    await confetti.waitFor();
    expect(await confetti.locator("svg").count()).toBe(30);
    await confetti.waitFor({ state: "detached", timeout: 5000 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("its call to action scrolls to the contact section", async () => {
    const { page } = await openPage("/version-one");
    await page.getByRole("link", { name: "Contact Us To Get Started" }).click();
    await page.waitForFunction(() => {
      const section = document.getElementById("contact-section");
      return section && Math.abs(section.getBoundingClientRect().top) < 200;
    });
    await page.close();
  });
});
