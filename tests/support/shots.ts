import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";

/**
 * Saves a screenshot for the people reviewing a change when SHOTS_DIR is set (it never is in CI):
 * `SHOTS_DIR=/tmp/shots npx vitest run --config vitest.e2e.config.ts tests/e2e/<file>`.
 */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), ...options });
}
