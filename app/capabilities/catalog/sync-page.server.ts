import type { AppLoadContext } from "react-router";
import { z } from "zod";
import type { AdminUser } from "~/platform/auth/admin.server";
import type { FormFields } from "~/platform/forms/read.server";
import { type FormResult, failed, succeeded } from "~/platform/forms/result";
import { catalogueStatus } from "./catalog.server";
import { catalogFeed } from "./feed.server";
import type { CatalogFeed } from "./ss-records";
import { lastStockRefresh } from "./stock.server";
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
  const [overview, catalogue, stockRefresh] = await Promise.all([
    syncOverview(context.db),
    catalogueStatus(context.db),
    lastStockRefresh(context.db),
  ]);
  const missing = feed ? [] : context.services.suppliers.missing.ssActivewear;
  return { ...overview, catalogue, stockRefresh, configured: Boolean(feed), missing };
}

export type ProductSyncData = Awaited<ReturnType<typeof productSyncPage>>;

/** What the screen shows beside the action's message: which button answered, and its figures. */
export interface SyncActionData {
  intent: "test" | "start" | "invalid";
  /** A connection test that listed the styles: how many. */
  styles?: number;
  /** A failed connection test's error, under "View Debug Info". */
  detail?: string;
  /** The server has no S&S credentials: nothing was tried. */
  notConfigured?: true;
  jobId?: string;
  alreadyRunning?: boolean;
}

const CONNECTED = "Connected to S&S Activewear";

const intentSchema = z.enum(["test", "start"]);

export async function productSyncAction(
  context: Context,
  admin: AdminUser,
  form: FormFields,
  feed: CatalogFeed | undefined = catalogFeed(context.services.suppliers),
): Promise<FormResult<SyncActionData>> {
  const intent = intentSchema.safeParse(form.intent);
  if (!intent.success) return failed("Unknown action", { data: { intent: "invalid" } });
  if (!feed) {
    const missing = context.services.suppliers.missing.ssActivewear;
    return failed(notConfiguredText(missing), {
      data: { intent: intent.data, notConfigured: true },
    });
  }
  if (intent.data === "test") {
    try {
      if (feed.testConnection) {
        await feed.testConnection();
        return succeeded(CONNECTED, "Success", { intent: "test" });
      }
      const styles = await feed.getStyleIds();
      return succeeded(CONNECTED, "Success", { intent: "test", styles: styles.length });
    } catch (error) {
      return failed(SYNC_MESSAGES.connectFailed, {
        data: {
          intent: "test",
          detail: error instanceof Error ? error.message : "Unknown error occurred",
        },
      });
    }
  }
  const { job, created } = await startCatalogSync(context.db, admin.email);
  return { ok: true, data: { intent: "start", jobId: job.id, alreadyRunning: !created } };
}
