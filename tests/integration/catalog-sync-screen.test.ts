import type { AppLoadContext } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { generatedFeed } from "~/capabilities/catalog/generated-feed";
import { productSyncAction, productSyncPage } from "~/capabilities/catalog/sync-page.server";
import { CATALOG_SYNC_JOB, catalogSyncHandler } from "~/capabilities/catalog/sync.server";
import { createJobRunner } from "~/platform/jobs/jobs.server";
import * as syncScreen from "~/routes/tools/product-data-sync";
import { browserRequest, createAccount, settle, signIn } from "../support/admin";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";

let database: TestDatabase;
let context: AppLoadContext;
let cookie: string;
// Runs and the catalogue they change stay in the database: each test starts from the seeded one.
beforeEach(async () => {
  database = await createTestDatabase({ seed: true });
  context = createTestContext(database.db);
  await createAccount(context, "owner@example.com", "admin");
  cookie = await signIn(context, "owner@example.com");
});
afterEach(() => database.destroy());

const admin = { id: "x", email: "owner@example.com" };
const form = (intent: string) => ({ intent });

describe("/product-data-sync", () => {
  it("is for admins only", async () => {
    const anonymous = await settle(() =>
      syncScreen.loader({
        request: browserRequest(context, "/product-data-sync"),
        context,
      } as never),
    );
    expect((anonymous as Response).status).toBe(302);
    const post = await settle(() =>
      syncScreen.action({
        request: browserRequest(context, "/product-data-sync", { form: { intent: "start" } }),
        context,
      } as never),
    );
    expect((post as Response).status).toBe(302);
  });

  it("without S&S configured, says 'not configured' and names the variables instead of trying", async () => {
    const test = await syncScreen.action({
      request: browserRequest(context, "/product-data-sync", { cookie, form: { intent: "test" } }),
      context,
    } as never);
    const notConfigured =
      "S&S Activewear is not configured: set SS_ACTIVEWEAR_ACCOUNT_NUMBER, SS_ACTIVEWEAR_API_KEY in the server environment to test the connection and sync.";
    expect(test).toMatchObject({
      ok: false,
      toast: { description: notConfigured },
      data: { notConfigured: true },
    });
    const start = await productSyncAction(context, admin, form("start"));
    expect(start).toMatchObject({
      ok: false,
      toast: { description: notConfigured },
      data: { notConfigured: true },
    });
    const page = await syncScreen.loader({
      request: browserRequest(context, "/product-data-sync", { cookie }),
      context,
    } as never);
    expect(page).toMatchObject({
      configured: false,
      missing: ["SS_ACTIVEWEAR_ACCOUNT_NUMBER", "SS_ACTIVEWEAR_API_KEY"],
      current: null,
      runs: [],
      catalogue: { sample: 300 },
    });
  });

  it("tests the connection, starts one run, shows its progress and then the finished run", async () => {
    const feed = generatedFeed(30);
    expect(await productSyncAction(context, admin, form("test"), feed)).toMatchObject({
      ok: true,
      data: { styles: 30 },
    });
    const first = await productSyncAction(context, admin, form("start"), feed);
    const second = await productSyncAction(context, admin, form("start"), feed);
    expect(first).toMatchObject({ ok: true, data: { alreadyRunning: false } });
    expect(second).toMatchObject({ ok: true, data: { alreadyRunning: true } });
    let page = await productSyncPage(context, feed);
    expect(page.current).toMatchObject({ status: "queued", done: 0 });
    await createJobRunner({
      db: database.db,
      handlers: { [CATALOG_SYNC_JOB]: catalogSyncHandler(database.db, feed, { batchSize: 10 }) },
    }).runDue();
    page = await productSyncPage(context, feed);
    expect(page.current).toBeNull();
    expect(page.runs[0]).toMatchObject({
      status: "succeeded",
      startedBy: "owner@example.com",
      processed: 30,
      added: 30,
      updated: 0,
      errors: 0,
    });
    expect(page.catalogue).toEqual({ total: 30, sample: 0 });
  });

  it("shows a failed run's error for 'Failed to sync products: {message}'", async () => {
    const broken = {
      getStyleIds: () => Promise.reject(new Error("401 Unauthorized")),
      getStyles: () => Promise.resolve([]),
      getProductsByStyleIds: () => Promise.resolve([]),
    };
    const test = await productSyncAction(context, admin, form("test"), broken);
    expect(test).toMatchObject({
      ok: false,
      toast: { description: "Failed to connect to S&S Activewear API" },
      data: { detail: "401 Unauthorized" },
    });
    await productSyncAction(context, admin, form("start"), broken);
    await createJobRunner({
      db: database.db,
      handlers: { [CATALOG_SYNC_JOB]: catalogSyncHandler(database.db, broken) },
    }).runDue();
    const page = await productSyncPage(context, broken);
    expect(page.runs[0]).toMatchObject({ status: "failed", error: "401 Unauthorized" });
  });
});
