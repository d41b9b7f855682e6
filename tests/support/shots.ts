import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";

/**
 * Where screenshots for the people reviewing a change go; unset in CI, so nothing is shot there.
 * `SCREENSHOT_DIR=/tmp/shots npx vitest run --config vitest.e2e.config.ts tests/e2e/<file>`
 * (SHOTS_DIR is the older name). scripts/issue-21-screenshots.sh sets it for issue 21's screens.
 */
const shotsDir = () => process.env.SCREENSHOT_DIR || process.env.SHOTS_DIR;

/** True when screenshots are being taken (for a wait that only a screenshot needs). */
export const shooting = () => Boolean(shotsDir());

/** Saves `<name>-<width>.png` at the page's current width. */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const dir = shotsDir();
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), ...options });
}

/**
 * Saves `<name>-375.png` and `<name>-1280.png` (phone and desktop), then puts the viewport back.
 * `before` runs after each resize (to scroll something back into view).
 */
export async function shots(
  page: Page,
  name: string,
  options: { fullPage?: boolean; before?: () => Promise<unknown> } = {},
) {
  if (!shooting()) return;
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
    // Let layout settle at the new width (two painted frames).
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    await options.before?.();
    await shot(page, name, { fullPage: options.fullPage });
  }
  await page.setViewportSize(original);
}
