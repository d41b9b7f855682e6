import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, isNull, like } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Env } from "~/platform/config/env.server";
import { products } from "~/platform/db/schema/index";
import { startCatalogSync, syncOverview } from "~/capabilities/catalog/sync.server";
import { CATALOG_IMAGES_JOB } from "~/capabilities/catalog/images.server";
import { createEmailService } from "~/platform/email/outbox.server";
import { createJobRunner, getJob } from "~/platform/jobs/jobs.server";
import { jobHandlers } from "../../server/jobs";
import { createSupplierClients } from "~/platform/suppliers/clients.server";
import { DEFAULT_RETRY, RateBudget } from "~/platform/suppliers/resilience.server";
import { localFileStorage } from "~/platform/storage/storage.server";
import { createImageFetchers } from "~/platform/uploads/image-fetch.server";
import { startFakeSsActivewear } from "../fakes/ss-activewear";
import { type TestDatabase, createTestDatabase } from "../support/database";

/**
 * The catalogue sync end to end: the job registry's handler, the real S&S client configured by
 * SS_ACTIVEWEAR_* as the server reads them, and the S&S fake on loopback (75 styles × 6 SKUs:
 * the styles' ids, then 3 batches of 25 style ids, each a styles and a products request). The server spaces them to 50 requests a minute
 * and waits seconds between retries; here the gap is GAP_MS and the retries' waits milliseconds,
 * so a sync takes a fraction of a second. The number of retries is the client's own.
 */
const GAP_MS = 20;
/** The gap of the test that checks the spacing: well above the few tens of milliseconds that
 * requests come apart without any spacing. */
const CHECKED_GAP_MS = 200;
const fastRetry = { ...DEFAULT_RETRY, baseDelayMs: 10, maxDelayMs: 100 };
let database: TestDatabase;
let fake: Awaited<ReturnType<typeof startFakeSsActivewear>>;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  fake = await startFakeSsActivewear({ styles: 75, colorsPerStyle: 2, sizesPerStyle: 3 });
});
afterAll(() => fake.close());
// Each test starts from an empty catalogue of its own and a supplier that answers every request.
beforeEach(async () => {
  database = await createTestDatabase();
  fake.release();
  fake.set({
    rateBudget: null,
    refusalsUntilReset: null,
    fault: null,
    removedStyles: [],
    priceChange: 0,
  });
});
afterEach(() => database.destroy());

function runner(gapMs = GAP_MS) {
  const env = {
    SS_ACTIVEWEAR_ACCOUNT_NUMBER: fake.accountNumber,
    SS_ACTIVEWEAR_API_KEY: fake.apiKey,
    SS_ACTIVEWEAR_BASE_URL: fake.url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ms-data-")),
    SANMAR_ENVIRONMENT: "production",
  } as unknown as Env;
  // The account's budget (60 a minute, spaced out below 5 remaining) is the process's: each
  // runner is a server of its own, with the budget's minute shrunk as GAP_MS shrinks the gap.
  const ssBudget = new RateBudget({ limit: 60, windowMs: 50 * gapMs, lowWater: 5 });
  const suppliers = createSupplierClients(env, logger, { retry: fastRetry, ssBudget });
  // The job registry needs every job's services; the sync itself only reads the suppliers.
  const email = createEmailService({
    db: database.db,
    from: "Merch Simplified <hello@example.com>",
  });
  // The pictures' run each sync queues is tested in catalog-images.test.ts; here only syncs run.
  const { [CATALOG_IMAGES_JOB]: _pictures, ...handlers } = jobHandlers({
    db: database.db,
    env,
    logger,
    catalogSync: { requestsPerMinute: 60_000 / gapMs },
    services: {
      suppliers,
      email,
      storage: localFileStorage(mkdtempSync(path.join(tmpdir(), "ms-ss-images-"))),
      images: createImageFetchers({ SS_ACTIVEWEAR_IMAGE_BASE_URL: `${fake.url}/` }),
    },
  });
  return createJobRunner({ db: database.db, handlers });
}

const visible = () =>
  database.db.$count(
    products,
    and(eq(products.source, "SS Activewear"), isNull(products.discontinuedAt)),
  );

/** Runs `during` once the styles' ids have been served (the next requests are the batches'). */
async function syncWith(during?: () => void, gapMs = GAP_MS) {
  const { job } = await startCatalogSync(database.db, "admin@example.com");
  const before = fake.stats.requests;
  const r = runner(gapMs);
  const done = r.runDue();
  if (during) {
    while (fake.stats.requests === before) await new Promise((res) => setTimeout(res, 20));
    during();
  }
  await done;
  return (await getJob(database.db, job.id))!;
}

describe("the catalogue sync through the S&S client and its fake", () => {
  it("adds every style of the feed", async () => {
    const firstRequest = fake.stats.times.length;
    const job = await syncWith(undefined, CHECKED_GAP_MS);
    const times = fake.stats.times.slice(firstRequest);
    expect(times).toHaveLength(7);
    // What the supplier counts is the rate. One gap may look short when a request reaches it late
    // (the previous batch's write held the event loop as it was sent: 72 ms on a loaded machine),
    // but the first request is sent with no write running, so the whole run's span stays.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(
      (times.length - 1) * CHECKED_GAP_MS * 0.9,
    );
    expect(job.status).toBe("succeeded");
    expect(job.result).toMatchObject({
      processed: 75,
      added: 75,
      updated: 0,
      removed: 0,
      errors: 0,
    });
    expect(job).toMatchObject({ progressDone: 75, progressTotal: 75 });
    expect(await visible()).toBe(75);
    const [one] = await database.db
      .select()
      .from(products)
      .where(like(products.externalId, "%1003"));
    expect(one).toMatchObject({ brand: "Comfort Colors", colors: ["Black", "White"] });
    expect(one!.sizes).toEqual(["XS", "S", "M"]);
  });

  it("counts updated, removed and failed styles; a failed batch keeps its products", async () => {
    expect((await syncWith()).result).toMatchObject({ added: 75 });
    fake.set({ removedStyles: [0, 1], priceChange: 1 });
    // The first products batch fails on every attempt the client makes (1 + 3 retries).
    const job = await syncWith(() => fake.set({ fault: "500", faultCount: 4 }));
    expect(job.status).toBe("succeeded");
    // The failed first batch holds styles 2..26 (25); 27..74 (48) are repriced.
    expect(job.result).toMatchObject({
      processed: 73,
      added: 0,
      updated: 48,
      removed: 2,
      errors: 25,
    });
    expect(await visible()).toBe(73);
    const overview = await syncOverview(database.db);
    expect(overview.runs[0]).toMatchObject({ processed: 73, updated: 48, errors: 25 });
  }, 60_000);

  it("rides out a 429 with the client's retries: the refused batch is fetched again", async () => {
    const limitedBefore = fake.stats.rateLimited;
    // Mid-sync the supplier refuses the next request (Retry-After: 1), then serves again.
    const job = await syncWith(() => {
      fake.set({ rateBudget: 0, refusalsUntilReset: 1, retryAfterSeconds: 1 });
    });
    expect(job.status).toBe("succeeded");
    expect(job.result).toMatchObject({ processed: 75, errors: 0 });
    // The 429 was served during the sync (how long the client waits is supplier-ss-activewear's).
    expect(fake.stats.rateLimited - limitedBefore).toBe(1);
    expect(await visible()).toBe(75);
  }, 60_000);

  it("gives one run for two concurrent starts", async () => {
    const [a, b] = await Promise.all([
      startCatalogSync(database.db, "a@example.com"),
      startCatalogSync(database.db, "b@example.com"),
    ]);
    expect(a.job.id).toBe(b.job.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(await runner().runDue()).toBe(1);
    expect((await getJob(database.db, a.job.id))!.status).toBe("succeeded");
  }, 60_000);

  it("resumes after a restart in the middle from the last finished batch", async () => {
    expect((await syncWith()).result).toMatchObject({ added: 75 });
    fake.set({ priceChange: 2 });
    const { job } = await startCatalogSync(database.db, "admin@example.com");
    // The supplier answers one request at a time: the styles' ids, then the first batch's styles
    // and products. Once that batch is written and the next request waits at the supplier, the
    // server stops (a stop mid-sync, whatever the machine's speed).
    fake.hold();
    const first = runner();
    first.start(10);
    const nextHeld = () =>
      vi.waitFor(() => expect(fake.stats.held).toBe(1), { timeout: 30_000, interval: 5 });
    for (let answered = 0; answered < 3; answered++) {
      await nextHeld();
      fake.releaseOne();
    }
    await nextHeld();
    await vi.waitFor(
      async () =>
        expect((await getJob(database.db, job.id))!.progressDone).toBeGreaterThanOrEqual(25),
      { timeout: 30_000, interval: 50 },
    );
    const stopping = first.stop();
    fake.release();
    await stopping;
    const midway = (await getJob(database.db, job.id))!;
    expect(midway.status).not.toBe("succeeded");
    const requestsBefore = fake.stats.paths.length;
    expect(await runner().runDue()).toBe(1);
    const finished = (await getJob(database.db, job.id))!;
    expect(finished).toMatchObject({ status: "succeeded", attempts: 2, progressDone: 75 });
    expect(finished.result).toMatchObject({ processed: 75, updated: 75, errors: 0 });
    // The second server did not fetch style 1000 (in the finished first batch) again.
    const later = fake.stats.paths.slice(requestsBefore).filter((p) => p.includes("products"));
    expect(later.some((p) => /styleid=1000(,|%2C|&|$)/i.test(p))).toBe(false);
    expect(later.length).toBeLessThanOrEqual(2);
  }, 60_000);
});
