import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productSyncPage } from "~/capabilities/catalog/sync-page.server";
import { CATALOG_IMAGES_JOB } from "~/capabilities/catalog/images.server";
import {
  STOCK_REFRESH_JOB,
  inventoryFeed,
  refreshStock,
} from "~/capabilities/catalog/stock.server";
import { startCatalogSync } from "~/capabilities/catalog/sync.server";
import { productPage } from "~/capabilities/quotes/product-page.server";
import type { Env } from "~/platform/config/env.server";
import { catalogStock, products } from "~/platform/db/schema/index";
import { createEmailService } from "~/platform/email/outbox.server";
import { createJobRunner, getJob, startJob } from "~/platform/jobs/jobs.server";
import { createSupplierClients } from "~/platform/suppliers/clients.server";
import { jobHandlers } from "../../server/jobs";
import { startFakeSsActivewear } from "../fakes/ss-activewear";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";

/**
 * The S&S inventory refresh end to end: the job registry's handler, the real S&S client and the
 * fake's /v2/inventory/ on loopback (30 styles × 2 colours × 3 sizes = 180 SKUs). Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let database: TestDatabase;
let fake: Awaited<ReturnType<typeof startFakeSsActivewear>>;
const logger = pino({ level: "silent" });
let env: Env;

beforeAll(async () => {
  fake = await startFakeSsActivewear({ styles: 30, colorsPerStyle: 2, sizesPerStyle: 3 });
  database = await createTestDatabase();
  env = {
    SS_ACTIVEWEAR_ACCOUNT_NUMBER: fake.accountNumber,
    SS_ACTIVEWEAR_API_KEY: fake.apiKey,
    SS_ACTIVEWEAR_BASE_URL: fake.url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ms-data-")),
    SANMAR_ENVIRONMENT: "production",
  } as unknown as Env;
  // The catalogue first: a full sync of the 30 styles.
  const { job } = await startCatalogSync(database.db, "admin@example.com");
  await runner().runDue();
  expect((await getJob(database.db, job.id))!.status).toBe("succeeded");
}, 120_000);
afterAll(async () => {
  await fake.close();
  await database.destroy();
});

const suppliers = () => createSupplierClients(env, logger);

function runner() {
  const { [CATALOG_IMAGES_JOB]: _pictures, ...handlers } = jobHandlers({
    db: database.db,
    env,
    logger,
    services: {
      suppliers: suppliers(),
      email: createEmailService({ db: database.db, from: "Merch Simplified <hello@example.com>" }),
    },
  });
  return createJobRunner({ db: database.db, handlers });
}

async function refreshByJob() {
  const { job } = await startJob(database.db, STOCK_REFRESH_JOB, { startedBy: "test" });
  await runner().runDue();
  return (await getJob(database.db, job.id))!;
}

/** Each row's version: PostgreSQL gives a row written again a new xmin. */
async function rowVersions() {
  const result = await database.db.execute(
    sql`select sku, xmin::text as version, qty from catalog_stock order by sku`,
  );
  return (result as unknown as { rows: Array<{ sku: string; version: string; qty: number }> }).rows;
}

const inventoryRequests = () => fake.stats.paths.filter((p) => p.startsWith("/v2/inventory/"));

describe("the S&S inventory refresh", () => {
  it("reads /v2/inventory/ for the catalogue's styles and stores every SKU's stock once", async () => {
    const before = inventoryRequests().length;
    const job = await refreshByJob();
    expect(job.status).toBe("succeeded");
    expect(job.result).toMatchObject({
      styles: 30,
      requests: 1,
      skus: 180,
      added: 180,
      changed: 0,
    });
    expect(inventoryRequests().length - before).toBe(1);
    expect(inventoryRequests().at(-1)).toMatch(/^\/v2\/inventory\/\?styleid=1000%2C1001%2C/);
    // The warehouses' sum: the fake's IL and NV halves add up to the generated stock.
    const [row] = await database.db
      .select()
      .from(catalogStock)
      .where(eq(catalogStock.sku, "B10003011"));
    expect(row!.qty).toBe((3 * 13 + 1 * 7 + 1) % 2000);
  });

  it("writes only the rows whose stock changed, and the product page's words follow", async () => {
    const before = await rowVersions();
    fake.set({ stock: { B10003011: 0, B10004000: 55, B10005012: 1_500 } });
    const job = await refreshByJob();
    expect(job.result).toMatchObject({ skus: 180, added: 0, changed: 3 });
    const after = await rowVersions();
    const rewritten = after
      .filter((row, i) => row.version !== before[i]!.version)
      .map((r) => [r.sku, r.qty]);
    expect(rewritten).toEqual([
      ["B10003011", 0],
      ["B10004000", 55],
      ["B10005012", 1_500],
    ]);

    // Nothing changed: nothing is written.
    const again = await refreshByJob();
    expect(again.result).toMatchObject({ skus: 180, changed: 0, added: 0 });
    expect(await rowVersions()).toEqual(after);

    // Style 3's White (colour 1) in S (size 1) is now out of stock on its page.
    const [style3] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.externalId, "ss:1003"));
    const page = await productPage({ db: database.db }, style3!.id);
    const white = page!.colours.find((c) => c.name === "White")!;
    expect(white.stock).toMatchObject({ S: "Out of stock" });
    const [style4] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.externalId, "ss:1004"));
    const black = (await productPage({ db: database.db }, style4!.id))!.colours[0]!;
    expect(black.stock.XS).toBe("Low stock");

    // The Product Data Sync screen shows the last refresh: when, and how many rows changed.
    const screen = await productSyncPage(
      createTestContext(database.db, {
        services: { suppliers: suppliers() },
      }),
    );
    expect(screen.stockRefresh).toMatchObject({ status: "succeeded", skus: 180, changed: 0 });
    expect(Date.now() - new Date(screen.stockRefresh!.finishedAt).getTime()).toBeLessThan(60_000);
  });

  it("pages through the styles, a request per batch, within the client's budget", async () => {
    fake.set({ stock: {} });
    const client = suppliers().ssActivewear!;
    const before = inventoryRequests().length;
    const result = await refreshStock(database.db, inventoryFeed({ ssActivewear: client })!, {
      stylesPerRequest: 8,
    });
    // 30 styles in batches of 8: four requests; the three SKUs set above go back.
    expect(result).toMatchObject({ styles: 30, requests: 4, skus: 180, changed: 3, added: 0 });
    expect(inventoryRequests().length - before).toBe(4);
  });

  it("ignores rows it cannot read and SKUs of styles it did not ask for", async () => {
    const feed = {
      getInventory: async () => [
        { sku: "B10000000", styleID: 1000, warehouses: [{ qty: -4 }] },
        { sku: "B10000001", styleID: 1000, warehouses: [{ qty: "12" }] },
        { sku: "ZZZ", styleID: 99_999, warehouses: [{ qty: 5 }] },
        { sku: 12, styleID: 1000, qty: 5 },
        { sku: "B10000002", styleID: 1000, qty: 7 },
      ],
    };
    const result = await refreshStock(database.db, feed, { stylesPerRequest: 100 });
    expect(result).toMatchObject({ skus: 1, changed: 1, added: 0 });
    expect(await database.db.$count(catalogStock, eq(catalogStock.sku, "ZZZ"))).toBe(0);
  });
});
