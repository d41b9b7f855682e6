import type { Browser, Page } from "playwright-core";
import { launchBrowser, toastSaying, watchErrors } from "./browser";
import { type RunningServer, startServer } from "./server";

/** The first admin a browser test's server creates at start-up (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN_EMAIL = "owner@merch.example.com";
export const ADMIN_PASSWORD = "e2e admin password";

export interface Site {
  server: RunningServer;
  browser: Browser;
  page: Page;
  /** The page's console errors and failed requests, as `watchErrors` records them. */
  errors: string[];
}

/**
 * A browser test file's production server (with the first admin when `admin` is set, on a copy
 * of the seeded DATA_DIR unless `dataDir` is given) and browser, started together, and one page
 * at `viewport` (1280 × 900 unless given). Close with `closeSite` in `afterAll`.
 */
export async function openSite(
  options: {
    admin?: boolean;
    viewport?: { width: number; height: number };
    env?: Record<string, string>;
    dataDir?: string;
    acceptDownloads?: boolean;
  } = {},
): Promise<Site> {
  const env = { ...(options.admin ? { ADMIN_EMAIL, ADMIN_PASSWORD } : {}), ...options.env };
  const [server, browser] = await Promise.all([
    startServer({ dataDir: options.dataDir, env }),
    launchBrowser(),
  ]);
  const page = await browser.newPage({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    acceptDownloads: options.acceptDownloads,
  });
  const site = { server, browser, page, errors: watchErrors(page) };
  open.set(browser, site);
  return site;
}

export async function closeSite(site: Partial<Site> | undefined) {
  if (site?.browser) open.delete(site.browser);
  await site?.browser?.close();
  await site?.server?.stop();
}

// By browser: files close their site with a new `{ server, browser }` object.
const open = new Map<Browser, Site>();

/**
 * What each open site's page shows when a test fails: its address, its status and alert
 * messages and visible toast, and the errors and failed requests `watchErrors` recorded.
 */
export async function openSitesReport() {
  return Promise.all(
    [...open.values()].map(async ({ page, errors }) => {
      const messages = await page
        .locator("[role=status], [role=alert]")
        .or(toastSaying(page))
        .allInnerTexts()
        .catch((error: Error) => [`(unreadable: ${error.message})`]);
      return [
        `page ${page.url()}`,
        `  status and alerts: ${JSON.stringify(messages.filter(Boolean))}`,
        `  errors: ${JSON.stringify(errors)}`,
      ].join("\n");
    }),
  );
}
