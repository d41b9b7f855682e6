import type { AppLoadContext } from "react-router";
import { z } from "zod";
import type { AdminUser } from "~/platform/auth/admin.server";
import { catalogueStatus } from "./catalog.server";
import { catalogFeed } from "./feed.server";
import type { CatalogFeed } from "./ss-records";
import { startCatalogSync, syncOverview } from "./sync.server";

// Admin spec §8, word for word.
export const SYNC_MESSAGES = {
  connectFailed: "Failed to connect to S&S Activewear API",
  syncFailed: (message: string) => `Failed to sync products: ${message}`,
};

/** Said instead of trying to connect when the server has no S&S credentials (as /shop-now does). */
export const notConfiguredText = (missing: string[]) =>
  `S&S Activewear is not configured: set ${missing.join(", ") || "its credentials"} in the server environment to test the connection and sync.`;

type Context = Pick<AppLoadContext, "db" | "env" | "services">;

export async function productSyncPage(
  context: Context,
  feed = catalogFeed(context.services.suppliers),
) {
  const [overview, catalogue] = await Promise.all([
    syncOverview(context.db),
    catalogueStatus(context.db),
  ]);
  const missing = feed ? [] : context.services.suppliers.missing.ssActivewear;
  return { ...overview, catalogue, configured: Boolean(feed), missing };
}

export type ProductSyncData = Awaited<ReturnType<typeof productSyncPage>>;

export type SyncActionResult =
  | { intent: "test"; ok: true; message: string; styles?: number }
  | { intent: "test"; ok: false; message: string; detail: string }
  | { intent: "start"; ok: true; jobId: string; alreadyRunning: boolean }
  | { intent: "start"; ok: false; message: string }
  | { intent: "test" | "start"; ok: false; notConfigured: true; message: string };

const intentSchema = z.enum(["test", "start"]);

export async function productSyncAction(
  context: Context,
  admin: AdminUser,
  form: FormData,
  feed: CatalogFeed | undefined = catalogFeed(context.services.suppliers),
): Promise<SyncActionResult | { intent: "invalid"; ok: false; message: string }> {
  const intent = intentSchema.safeParse(form.get("intent"));
  if (!intent.success) return { intent: "invalid", ok: false, message: "Unknown action" };
  if (!feed) {
    const missing = context.services.suppliers.missing.ssActivewear;
    return {
      intent: intent.data,
      ok: false,
      notConfigured: true,
      message: notConfiguredText(missing),
    };
  }
  if (intent.data === "test") {
    try {
      if (feed.testConnection) {
        await feed.testConnection();
        return { intent: "test", ok: true, message: "Connected to S&S Activewear" };
      }
      const styles = await feed.getStyles();
      return {
        intent: "test",
        ok: true,
        message: "Connected to S&S Activewear",
        styles: styles.length,
      };
    } catch (error) {
      return {
        intent: "test",
        ok: false,
        message: SYNC_MESSAGES.connectFailed,
        detail: error instanceof Error ? error.message : "Unknown error occurred",
      };
    }
  }
  const { job, created } = await startCatalogSync(context.db, admin.email);
  return { intent: "start", ok: true, jobId: job.id, alreadyRunning: !created };
}
