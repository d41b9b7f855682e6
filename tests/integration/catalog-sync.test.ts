import { type SQL, and, eq, isNull } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { productSyncHistory, products } from "~/platform/db/schema/index";
import { SAMPLE_SOURCE, loadSampleCatalogueIfEmpty } from "~/capabilities/catalog/catalog.server";
import { generatedFeed } from "~/capabilities/catalog/generated-feed";
import type { CatalogFeed, SsStyle } from "~/capabilities/catalog/ss-records";
import type { Database } from "~/platform/db/client.server";
import {
  CATALOG_SYNC_JOB,
  catalogSyncHandler,
  startCatalogSync,
  syncOverview,
} from "~/capabilities/catalog/sync.server";
import { createJobRunner, getJob } from "~/platform/jobs/jobs.server";
import { type TestDatabase, createTestDatabase } from "../support/database";

// Each test starts from an empty catalogue of its own and syncs what it needs first.
let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.destroy());

/**
 * The generated feed with a few edits: styles removed, a price changed, a style added, failing
 * batches, a style listed that is gone by the time its batch asks for it.
 */
function editedFeed(
  size: number,
  edits: {
    drop?: number[];
    reprice?: number;
    extra?: SsStyle;
    failFor?: number;
    vanish?: number;
    noStylesFor?: number;
    onBatch?: (ids: number[]) => Promise<void>;
  } = {},
): CatalogFeed & { requests: number[][]; styleRequests: (number[] | "all")[] } {
  const base = generatedFeed(size);
  const requests: number[][] = [];
  const styleRequests: (number[] | "all")[] = [];
  const styles = async (ids?: number[]) => {
    const all = (await base.getStyles()).filter((s) => !edits.drop?.includes(s.styleID));
    if (edits.extra) all.push(edits.extra);
    return ids ? all.filter((s) => ids.includes(s.styleID)) : all;
  };
  return {
    requests,
    styleRequests,
    async getStyleIds() {
      return (await styles()).map((s) => s.styleID);
    },
    async getStyles(ids) {
      styleRequests.push(ids ?? "all");
      if (edits.noStylesFor !== undefined && ids?.includes(edits.noStylesFor)) return [];
      return (await styles(ids)).filter((s) => s.styleID !== edits.vanish);
    },
    async getProductsByStyleIds(ids) {
      requests.push(ids);
      await edits.onBatch?.(ids);
      if (edits.failFor !== undefined && ids.includes(edits.failFor)) {
        throw new Error("429 Too Many Requests (retries exhausted)");
      }
      const skus = await base.getProductsByStyleIds(ids);
      return skus.map((s) =>
        s.styleID === edits.reprice ? { ...s, piecePrice: 99, customerPrice: 90 } : s,
      );
    },
  };
}

async function runSync(feed: CatalogFeed, batchSize = 10) {
  const runner = createJobRunner({
    db: database.db,
    handlers: { [CATALOG_SYNC_JOB]: catalogSyncHandler(database.db, feed, { batchSize }) },
  });
  const { job } = await startCatalogSync(database.db, "admin@example.com");
  await runner.runDue();
  return (await getJob(database.db, job.id))!;
}

/** A first sync of the 45 generated styles, as a test's starting catalogue. */
async function syncedCatalogue() {
  const job = await runSync(editedFeed(45));
  expect(job.result).toMatchObject({ added: 45 });
}

const visible = () =>
  database.db.$count(
    products,
    and(eq(products.source, "SS Activewear"), isNull(products.discontinuedAt)),
  );

const extra = { styleID: 99_999, brandName: "Acme", styleName: "NEW1", title: "New Tee" };

describe("the S&S catalogue sync", () => {
  it("adds every style on the first sync and replaces the sample catalogue", async () => {
    expect(await loadSampleCatalogueIfEmpty(database.db)).toBe(300);
    const feed = editedFeed(45);
    const job = await runSync(feed);
    expect(job.status).toBe("succeeded");
    expect(job.result).toMatchObject({
      processed: 45,
      added: 45,
      updated: 0,
      removed: 0,
      errors: 0,
    });
    expect(job).toMatchObject({ progressDone: 45, progressTotal: 45 });
    // 45 styles in batches of 10: five style requests and five product requests, never the
    // whole catalogue at once.
    expect(feed.styleRequests.map((r) => r.length)).toEqual([10, 10, 10, 10, 5]);
    expect(feed.requests.map((r) => r.length)).toEqual([10, 10, 10, 10, 5]);
    expect(await visible()).toBe(45);
    expect(await database.db.$count(products, eq(products.source, SAMPLE_SOURCE))).toBe(0);
    const [pc54] = await database.db
      .select()
      .from(products)
      .where(eq(products.styleNumber, "PC54"));
    expect(pc54).toMatchObject({ brand: "Port & Company", priceCents: 348, sample: false });
    expect(pc54!.raw).toMatchObject({ style: { styleName: "PC54" } });
    const [history] = await database.db
      .select()
      .from(productSyncHistory)
      .where(eq(productSyncHistory.jobId, job.id));
    expect(history).toMatchObject({ ssProcessed: 45, ssAdded: 45, ssUpdated: 0, ssErrors: 0 });
    expect(history!.durationMs).toBeGreaterThan(0);
  });

  it("counts added, updated, removed and failed styles, keeping the products of a failed batch", async () => {
    await syncedCatalogue();
    const feed = editedFeed(45, { drop: [10_001], reprice: 10_002, extra, failFor: 10_040 });
    const job = await runSync(feed);
    expect(job.status).toBe("succeeded");
    // 45 - 1 dropped + 1 new = 45 processed; the batch holding 10040 (10 styles) failed.
    expect(job.result).toMatchObject({
      processed: 45,
      added: 1,
      updated: 1,
      removed: 1,
      errors: 10,
    });
    const [dropped] = await database.db
      .select()
      .from(products)
      .where(eq(products.externalId, "ss:10001"));
    expect(dropped!.discontinuedAt).toBeInstanceOf(Date);
    const [repriced] = await database.db
      .select()
      .from(products)
      .where(eq(products.externalId, "ss:10002"));
    expect(repriced!.priceCents).toBe(9900);
    const [failed] = await database.db
      .select()
      .from(products)
      .where(eq(products.externalId, "ss:10040"));
    expect(failed!.discontinuedAt).toBeNull();
    expect(await visible()).toBe(45);
    const overview = await syncOverview(database.db);
    expect(overview.runs[0]).toMatchObject({
      processed: 45,
      added: 1,
      updated: 1,
      errors: 10,
      removed: 1,
    });
    expect(overview.runs).toHaveLength(2);
  });

  it("brings a discontinued product back (updated) and discontinues one that left (removed)", async () => {
    await syncedCatalogue();
    // 10001 leaves, 'NEW1' arrives.
    await runSync(editedFeed(45, { drop: [10_001], reprice: 10_002, extra }));
    // 10001 is back, 'NEW1' has left, 10002's price is unchanged.
    const job = await runSync(editedFeed(45, { reprice: 10_002 }));
    expect(job.result).toMatchObject({ added: 0, updated: 1, removed: 1, errors: 0 });
    expect(await visible()).toBe(45);
  });

  it("discontinues a style listed at the start but gone when its batch is asked for", async () => {
    await syncedCatalogue();
    const job = await runSync(editedFeed(45, { vanish: 10_003 }));
    expect(job.result).toMatchObject({ added: 0, updated: 0, removed: 1, errors: 0 });
    const [gone] = await database.db
      .select()
      .from(products)
      .where(eq(products.externalId, "ss:10003"));
    expect(gone!.discontinuedAt).toBeInstanceOf(Date);
    expect(await visible()).toBe(44);
  });

  it("keeps a batch's products when the supplier returns none of its styles", async () => {
    await syncedCatalogue();
    const job = await runSync(editedFeed(45, { noStylesFor: 10_015 }));
    // The batch of 10011..10020 failed: counted as errors, nothing discontinued.
    expect(job.result).toMatchObject({ processed: 45, removed: 0, errors: 10 });
    expect(await visible()).toBe(45);
  });

  it("fails with the feed's message when the supplier cannot be reached, and can start again", async () => {
    await syncedCatalogue();
    const job = await runSync({
      getStyleIds: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:1")),
      getStyles: () => Promise.resolve([]),
      getProductsByStyleIds: () => Promise.resolve([]),
    });
    expect(job).toMatchObject({ status: "failed", error: "connect ECONNREFUSED 127.0.0.1:1" });
    expect(await visible()).toBe(45);
    expect((await startCatalogSync(database.db, "x")).created).toBe(true);
  });

  it("gives one run for two concurrent starts", async () => {
    await createJobRunner({
      db: database.db,
      handlers: { [CATALOG_SYNC_JOB]: catalogSyncHandler(database.db, editedFeed(45)) },
    }).runDue();
    const [a, b] = await Promise.all([
      startCatalogSync(database.db, "a@example.com"),
      startCatalogSync(database.db, "b@example.com"),
    ]);
    expect(a.job.id).toBe(b.job.id);
    await createJobRunner({
      db: database.db,
      handlers: { [CATALOG_SYNC_JOB]: catalogSyncHandler(database.db, editedFeed(45)) },
    }).runDue();
  });

  it("resumes after a restart in the middle without repeating finished batches", async () => {
    await syncedCatalogue();
    let release: () => void = () => {};
    let reached: () => void = () => {};
    const atThird = new Promise<void>((r) => (reached = r));
    const first = editedFeed(60, {
      reprice: 10_030,
      onBatch: async (ids) => {
        if (ids.includes(10_021)) {
          reached();
          await new Promise<void>((r) => (release = r));
        }
      },
    });
    const runnerA = createJobRunner({
      db: database.db,
      handlers: { [CATALOG_SYNC_JOB]: catalogSyncHandler(database.db, first, { batchSize: 10 }) },
    });
    const { job } = await startCatalogSync(database.db, "admin@example.com");
    runnerA.start(10);
    await atThird;
    // The third batch is asked for while the second is written; the second is then done.
    await vi.waitFor(async () =>
      expect(await getJob(database.db, job.id)).toMatchObject({
        status: "running",
        progressDone: 20,
        progressTotal: 60,
      }),
    );
    // The server shuts down mid-batch: the in-flight batch is abandoned, not half-written.
    const stopping = runnerA.stop();
    release();
    await stopping;

    const second = editedFeed(60, { reprice: 10_030 });
    const runnerB = createJobRunner({
      db: database.db,
      handlers: { [CATALOG_SYNC_JOB]: catalogSyncHandler(database.db, second, { batchSize: 10 }) },
    });
    expect(await runnerB.runDue()).toBe(1);
    expect(second.requests[0]![0]).toBe(10_021);
    const finished = (await getJob(database.db, job.id))!;
    expect(finished).toMatchObject({ status: "succeeded", attempts: 2, progressDone: 60 });
    expect(finished.result).toMatchObject({ processed: 60, added: 15, updated: 1, removed: 0 });
    expect(await visible()).toBe(60);
  });
  it("writes a request's styles 10 at a time, each with its checkpoint", async () => {
    // What is on sale and the job's progress as each write of products begins (one statement,
    // `execute`): PGlite answers nothing else during one, so they stay short.
    const seen: { visible: number; done: number }[] = [];
    let jobId = "";
    const dialect = new PgDialect();
    const watched = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key !== "execute") return Reflect.get(target, key, receiver);
        return async (...args: Parameters<Database["execute"]>) => {
          if (dialect.sqlToQuery(args[0] as SQL).sql.includes('insert into "products"')) {
            const job = await getJob(database.db, jobId);
            seen.push({ visible: await visible(), done: job!.progressDone });
          }
          return target.execute(...args);
        };
      },
    });
    const feed = editedFeed(25);
    const runner = createJobRunner({
      db: database.db,
      handlers: { [CATALOG_SYNC_JOB]: catalogSyncHandler(watched, feed, { batchSize: 25 }) },
    });
    jobId = (await startCatalogSync(database.db, "admin@example.com")).job.id;
    await runner.runDue();
    expect(feed.requests).toHaveLength(1);
    // Three writes of 10, 10 and 5 styles.
    expect(seen).toEqual([
      { visible: 0, done: 0 },
      { visible: 10, done: 10 },
      { visible: 20, done: 20 },
    ]);
    expect(await visible()).toBe(25);
    expect((await getJob(database.db, jobId))!.checkpoint).toMatchObject({ lastStyleId: 10_025 });
  });

  it("asks for the next batch while the database writes the one it has", async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((r) => (open = r));
    // A database whose writes (one statement each) wait at the gate: a slow write.
    const slow = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key !== "execute") return Reflect.get(target, key, receiver);
        return async (...args: Parameters<Database["execute"]>) => {
          await gate;
          return target.execute(...args);
        };
      },
    });
    const feed = editedFeed(30);
    const runner = createJobRunner({
      db: database.db,
      handlers: { [CATALOG_SYNC_JOB]: catalogSyncHandler(slow, feed, { batchSize: 10 }) },
    });
    const { job } = await startCatalogSync(database.db, "admin@example.com");
    const running = runner.runDue();
    // The second request goes out before the first batch is written, and no third one.
    await vi.waitFor(() => expect(feed.requests.length).toBe(2));
    expect(await visible()).toBe(0);
    open();
    await running;
    expect(feed.requests.map((r) => r[0])).toEqual([10_001, 10_011, 10_021]);
    expect((await getJob(database.db, job.id))!.result).toMatchObject({ added: 30, errors: 0 });
    expect(await visible()).toBe(30);
  });
});
