/**
 * Product page benchmark (issue 23): the server render of /products/:id with 100,000 products in
 * the catalogue. Goal: p95 ≤ 30 ms.
 *
 *   npm run build && npm run bench:product-page -- [count=100000] [requests=1000]
 *   BENCH_DATA_DIR=/tmp/bench-pglite BENCH_KEEP=1 …   keep the loaded catalogue for the next run
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench …   on PostgreSQL (its products replaced)
 *
 * In-process, through the production server build (build/server/index.js) and React Router's
 * request handler, as server/http.ts mounts it: each request is a full document GET of a random
 * product's page (the root loader, the route's loader with its queries, the render to HTML, read
 * to its last byte). Not timed: Express, compression, the page cache (product pages are never
 * cached) and the network. PGlite runs in this process, so its queries are in the wall time and in
 * the CPU time. Prints the load average before and after: on a shared machine the wall-time tail
 * is other processes' turns, the CPU time a request is not.
 */
import { loadavg } from "node:os";
import path from "node:path";
import { isNull, sql } from "drizzle-orm";
import { type ServerBuild, createRequestHandler } from "react-router";
import { openDatabase } from "../app/platform/db/client.server";
import { products } from "../app/platform/db/schema/index";
import { createTestContext } from "../tests/support/context";
import { loadGeneratedCatalogue } from "./lib/generated-catalogue";

if (process.env.NODE_ENV !== "production") {
  throw new Error("Run with NODE_ENV=production (npm run bench:product-page does).");
}
const count = Number(process.argv[2] ?? 100_000);
const requests = Number(process.argv[3] ?? 1_000);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
console.log(`${new Date().toISOString()}, load average ${load()}`);

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.BENCH_DATA_DIR ?? "memory://",
});
const { db } = handle;
// BENCH_KEEP=1 keeps a catalogue of the same size loaded by an earlier run.
if (process.env.BENCH_KEEP && (await db.$count(products)) === count) {
  console.log(`${handle.driver}: the ${count} products loaded by an earlier run`);
} else {
  const loadStart = performance.now();
  await loadGeneratedCatalogue(db, count);
  const seconds = (performance.now() - loadStart) / 1000;
  console.log(`${handle.driver}: ${count} products loaded in ${seconds.toFixed(1)} s`);
}

const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
const handler = createRequestHandler(build, "production");
const context = createTestContext(db);
const ids = (
  await db
    .select({ id: products.id })
    .from(products)
    .where(isNull(products.discontinuedAt))
    .orderBy(sql`random()`)
    .limit(500)
).map((r) => r.id);

async function render(id: string) {
  const response = await handler(new Request(`${context.env.PUBLIC_URL}/products/${id}`), context);
  const html = await response.text();
  if (response.status !== 200 || !html.includes('"@type":"Product"')) {
    throw new Error(`/products/${id}: ${response.status}\n${html.slice(0, 500)}`);
  }
  return html.length;
}

for (let i = 0; i < 50; i++) await render(ids[i % ids.length]!);
const times: number[] = [];
let bytes = 0;
const cpuBefore = process.cpuUsage();
for (let i = 0; i < requests; i++) {
  const start = performance.now();
  bytes += await render(ids[i % ids.length]!);
  times.push(performance.now() - start);
}
const cpu = process.cpuUsage(cpuBefore);
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
console.log(
  `${handle.driver}, ${count} products, ${requests} product pages (${Math.round(bytes / requests / 1024)} KB of HTML each): ` +
    `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${at(1).toFixed(1)} ms; ` +
    `CPU ${((cpu.user + cpu.system) / 1_000 / requests).toFixed(1)} ms a page`,
);
console.log(`load average ${load()}`);
await handle.close();
