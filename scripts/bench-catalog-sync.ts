/**
 * Sync benchmark: the catalogue sync job through the real S&S client against the S&S fake on
 * loopback, with about N SKUs (8 colours × 6 sizes per style), timed, with the process's peak
 * resident memory and the latency of catalogue searches made while it runs.
 *   node --import tsx scripts/bench-catalog-sync.ts [skus=100000] [batch=50]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench node --import tsx scripts/bench-catalog-sync.ts
 * PGlite runs in memory; PostgreSQL uses the database in DATABASE_URL (its products are replaced).
 * The job keeps the server's 50 requests a minute, so the duration is mostly that budget:
 * ceil(styles / batch) + 1 requests, 1.2 s apart.
 */
import pino from "pino";
import { openDatabase } from "../app/platform/db/client.server";
import { products } from "../app/platform/db/schema/index";
import { catalogFeed } from "../app/capabilities/catalog/feed.server";
import { parseSearchParams } from "../app/capabilities/catalog/search";
import { searchProducts } from "../app/capabilities/catalog/search.server";
import {
  CATALOG_SYNC_JOB,
  catalogSyncHandler,
  startCatalogSync,
} from "../app/capabilities/catalog/sync.server";
import { createSearchColumns } from "../app/capabilities/catalog/search-columns.server";
import { createJobRunner, getJob } from "../app/platform/jobs/jobs.server";
import { createSsActivewearClient } from "../app/platform/suppliers/ss-activewear.server";
import { startFakeSsActivewear } from "../tests/fakes/ss-activewear";

const skus = Number(process.argv[2] ?? 100_000);
const batchSize = Number(process.argv[3] ?? 50);
const perStyle = 8 * 6;

const generated = !!process.env.BENCH_GENERATED;
const fake = await startFakeSsActivewear(
  generated
    ? { styles: Math.round(skus / 17.19), generated: {} }
    : { styles: Math.ceil(skus / perStyle), colorsPerStyle: 8, sizesPerStyle: 6 },
);
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "memory://" });
const { db } = handle;
await db.delete(products);
const logger = pino({ level: "silent" });
// The client the server builds from SS_ACTIVEWEAR_* (clients.server.ts imports a ?raw WSDL that
// only the Vite build resolves, so the script builds the S&S client directly).
const feed = catalogFeed({
  ssActivewear: createSsActivewearClient({
    baseUrl: fake.url,
    accountNumber: fake.accountNumber,
    apiKey: fake.apiKey,
    logger,
    batchSize,
  }),
});
const runner = createJobRunner({
  db,
  handlers: {
    [CATALOG_SYNC_JOB]: catalogSyncHandler(db, feed, { batchSize, requestsPerMinute: Number(process.env.BENCH_RPM ?? 50) }),
  },
});

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

// A visitor's search every 500 ms while the sync runs, in the same process as the job.
const searchTimes: number[] = [];
let syncing = true;
// The in-memory search columns a server holds (they reload once the catalogue is quiet).
const memory = createSearchColumns(db);
const visitor = (async () => {
  while (syncing) {
    const start = performance.now();
    await searchProducts(db, parseSearchParams(new URLSearchParams("q=tee&brand=Gildan")), memory);
    searchTimes.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 500));
  }
})();

const start = performance.now();
const { job } = await startCatalogSync(db, "bench");
await runner.runDue();
const seconds = (performance.now() - start) / 1000;
syncing = false;
await visitor;
clearInterval(sampler);
const finished = (await getJob(db, job.id))!;
searchTimes.sort((a, b) => a - b);
const pct = (p: number) =>
  searchTimes.length
    ? searchTimes[Math.min(searchTimes.length - 1, Math.floor((p / 100) * searchTimes.length))]!
    : NaN;
console.log(
  `${handle.driver}: ${fake.skuCount} SKUs in ${fake.styleCount} styles, batches of ${batchSize}: ` +
    `${finished.status} in ${seconds.toFixed(1)} s, ${fake.stats.requests} requests, ` +
    `result ${JSON.stringify(finished.result)}`,
);
console.log(
  `peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB (maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB); ` +
    `${searchTimes.length} searches during the sync: p50 ${pct(50).toFixed(0)} ms, max ${pct(100).toFixed(0)} ms`,
);
await handle.close();
await fake.close();
