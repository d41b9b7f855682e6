/**
 * Inventory refresh benchmark (issues 23 and 24): the stock refresh through the real S&S client
 * against the S&S fake's /v2/inventory/ on loopback, for about N SKUs (8 colours × 6 sizes a
 * style, the fake's generated catalogue), timed three ways:
 *   1. first refresh: every SKU is new (inserted);
 *   2. nothing changed: every SKU read and compared, no row written;
 *   3. 10% of the SKUs changed: only those rows written.
 *
 *   npm run bench:inventory -- [skus=100000]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:inventory -- 1000000
 *
 * PGlite runs in memory; PostgreSQL uses the database in DATABASE_URL (its products and stock
 * are replaced). The products are written directly (one per style, as a sync would leave them):
 * what is measured is the refresh alone. The client keeps its budget of 60 requests a minute;
 * a request carries 500 styles (24,000 SKUs here), so 1,000,000 SKUs are 42 requests.
 */
import os from "node:os";
import { sql } from "drizzle-orm";
import pino from "pino";
import { openDatabase } from "../app/platform/db/client.server";
import { catalogStock, products } from "../app/platform/db/schema/index";
import { inventoryFeed, refreshStock } from "../app/capabilities/catalog/stock.server";
import { sharedRateBudget } from "../app/platform/suppliers/resilience.server";
import { createSsActivewearClient } from "../app/platform/suppliers/ss-activewear.server";
import { fakeStock, startFakeSsActivewear } from "../tests/fakes/ss-activewear";

const skus = Number(process.argv[2] ?? 100_000);
const colors = 8;
const sizes = 6;
const styles = Math.ceil(skus / (colors * sizes));

const fake = await startFakeSsActivewear({ styles, colorsPerStyle: colors, sizesPerStyle: sizes });
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "memory://" });
const { db } = handle;
const driver = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
await db.delete(catalogStock);
await db.delete(products);
const loadStart = performance.now();
// One product per fake style (StyleID 1000 + i), as the sync writes them.
for (let from = 0; from < styles; from += 10_000) {
  await db.execute(sql`
    insert into products (source, external_id, style_number, name, brand, category, price_cents)
    select 'SS Activewear', 'ss:' || (1000 + i), 'S' || i, 'Style ' || i || ' Tee', 'Gildan',
      'T-Shirts', 350
    from generate_series(${from}::int, ${Math.min(styles, from + 10_000) - 1}::int) as i`);
}
const loadSeconds = (performance.now() - loadStart) / 1000;

const logger = pino({ level: "silent" });
/**
 * Each run as an hourly run alone: a client with a budget of its own (60 requests a minute, as in
 * production), so one run's requests do not make the next wait for the minute to pass.
 */
const feedForRun = (run: number) =>
  inventoryFeed({
    ssActivewear: createSsActivewearClient({
      baseUrl: fake.url,
      accountNumber: fake.accountNumber,
      apiKey: fake.apiKey,
      logger,
      budget: sharedRateBudget(`bench-inventory:${run}`, {
        limit: 60,
        windowMs: 60_000,
        lowWater: 5,
      }),
    }),
  })!;

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

const rows: string[] = [];
async function run(label: string) {
  const load = os.loadavg()[0]!.toFixed(2);
  fake.set({}); // the fake's minute starts again too (its X-Rate-Limit-Remaining)
  const result = await refreshStock(db, feedForRun(rows.length));
  const seconds = result.durationMs / 1000;
  const line = `| ${driver} | ${label} | ${result.skus.toLocaleString("en-US")} | ${result.requests} | ${(result.changed + result.added).toLocaleString("en-US")} | ${seconds.toFixed(1)} s | ${(result.fetchMs / 1000).toFixed(1)} s / ${(result.writeMs / 1000).toFixed(1)} s | ${Math.round(result.skus / seconds).toLocaleString("en-US")} | ${load} |`;
  rows.push(line);
  console.log(line);
}

console.log(
  `${driver}: ${styles.toLocaleString("en-US")} styles, ${(styles * colors * sizes).toLocaleString("en-US")} SKUs (products written in ${loadSeconds.toFixed(1)} s); ${os.cpus().length} cores`,
);
console.log(
  "| driver | run | SKUs read | requests | rows written | time | of which feed / database | SKUs/s | load (1 min) |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
await run("first refresh (all new)");
await run("nothing changed");
// Every tenth SKU gets a new figure.
const stock: Record<string, number> = {};
for (let i = 0; i < styles; i += 1) {
  for (let c = 0; c < colors; c++) {
    for (let s = 0; s < sizes; s++) {
      if ((i * colors * sizes + c * sizes + s) % 10 !== 0) continue;
      const sku = `B${String(10000 + i).padStart(5, "0")}${String(c).padStart(2, "0")}${s}`;
      stock[sku] = fakeStock(i, c, s) + 1;
    }
  }
}
fake.set({ stock });
await run("10% changed");
clearInterval(sampler);
console.log(`peak RSS ${Math.round(peakRss / 1024 / 1024)} MB`);
await fake.close();
await handle.close();
