import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, type Page, chromium } from "playwright-core";

/** Debian's Chromium, driven by playwright-core (fresh profile each launch); nothing is downloaded. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Collects console errors and uncaught page errors, CSP violations included. */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** Runs axe-core on the page; returns the serious and critical violations. */
export async function axeViolations(page: Page) {
  // Colours caught mid-transition (a button's hover fading in under the pointer) are not the
  // page's colours: let finite animations and transitions end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Evaluated through the DevTools protocol, so the page's Content-Security-Policy stays on.
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: Document) => Promise<{
            violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    return axe.run(document);
  });
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Waits until React has hydrated the page (the root marks the document). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * The visible toast that says each of `texts`, as a person sees it in the notifications region.
 * Not `getByRole("status")`: Radix's role=status copy is for screen readers and lives one second,
 * so a wait that began later (a slow machine, a poll that stepped over it) never saw it. Hidden
 * from the accessibility tree is allowed: over a modal dialog the region is aria-hidden, and the
 * toast is still there to see (a screen reader has the announcement).
 */
export function toastSaying(page: Page, ...texts: (string | RegExp)[]) {
  let toast = page
    .getByRole("region", { name: /^Notifications/, includeHidden: true })
    .getByRole("listitem", { includeHidden: true });
  for (const text of texts) toast = toast.filter({ hasText: text });
  return toast;
}
